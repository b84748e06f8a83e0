// docs/product/errors.md#validation-messages form rules for sign-in and reset, as translation keys (null = valid).
import { checkPassword, e164Phone, emailAddress } from '@hc/contract';

export type MessageKey = string;

/** Phone numbers are typed freely; spaces, dashes, dots and brackets are dropped. */
export function normalisePhone(raw: string): string {
  return raw.replace(/[\s\-.()]/g, '');
}

export function emailError(value: string): MessageKey | null {
  return emailAddress.safeParse(value.trim()).success ? null : 'validation.invalidEmail';
}

export function phoneError(value: string): MessageKey | null {
  return e164Phone.safeParse(normalisePhone(value)).success ? null : 'auth:errors.invalidPhone';
}

export function codeError(value: string): MessageKey | null {
  return /^\d{6}$/.test(value.trim()) ? null : 'auth:errors.invalidCode';
}

export function passwordError(value: string): MessageKey | null {
  return checkPassword(value).ok ? null : 'validation.passwordFormat';
}

export function isBlank(...values: string[]): boolean {
  return values.some((v) => v.trim() === '');
}
