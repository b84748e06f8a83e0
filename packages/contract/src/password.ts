// The password rule of docs/product/sign-in.md#password-rule, shared so the form and the server reject exactly the same passwords.
import { PASSWORD_MAX, PASSWORD_MIN } from './constants';

export type PasswordCheck = { ok: true } | { ok: false; reason: 'length' | 'kinds' };

const DIGIT = /^\p{Nd}$/u;
const LETTER = /^[\p{L}\p{M}]$/u;
const CONTROL = /^\p{C}$/u;

/**
 * docs/product/sign-in.md#password-rule: 6 to 16 characters, at least 2 of 3 kinds (digits, letters, special characters).
 * Length counts Unicode code points. Any Unicode letter is a letter, any decimal digit a
 * digit; every other visible character, the space included, is special; control and
 * format characters are allowed but count as no kind.
 */
export function checkPassword(pw: string): PasswordCheck {
  const chars = [...pw];
  if (chars.length < PASSWORD_MIN || chars.length > PASSWORD_MAX)
    return { ok: false, reason: 'length' };
  let digits = false;
  let letters = false;
  let specials = false;
  for (const c of chars) {
    if (DIGIT.test(c)) digits = true;
    else if (LETTER.test(c)) letters = true;
    else if (!CONTROL.test(c)) specials = true;
  }
  const kinds = Number(digits) + Number(letters) + Number(specials);
  return kinds >= 2 ? { ok: true } : { ok: false, reason: 'kinds' };
}
