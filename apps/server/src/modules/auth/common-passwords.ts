// Block list of common passwords: @zxcvbn-ts/language-common's 49k-entry list,
// compared case-insensitively; loaded once on first use.
import { dictionary } from '@zxcvbn-ts/language-common';

let blocked: ReadonlySet<string> | undefined;

export function isCommonPassword(password: string): boolean {
  blocked ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  return blocked.has(password.toLowerCase());
}
