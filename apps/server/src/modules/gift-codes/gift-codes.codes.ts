// Gift-code material: normalising, hashing and generating codes. Codes are
// stored only as SHA-256 of the normalised code, so the table never reveals a usable code.
//
// Entropy: generated codes are 16 symbols of a 32-symbol alphabet (no 0/O, 1/I), drawn with
// crypto.randomInt: 16 × log2(32) = 80 bits. Even with a million live codes, one guess hits
// with probability 10^6 / 2^80 ≈ 8·10^-19; at the throttle's 30 failures per IP per 15 minutes
// (2,880 a day), a million IPs guessing for a year (~10^12 guesses) succeed with p ≈ 10^-6.
import { createHash, randomInt } from 'node:crypto';
import { normaliseGiftCode, GIFT_CODE_PATTERN } from '@hc/contract';

export { normaliseGiftCode };

/** 24 letters + 8 digits = 32 symbols (5 bits each); 0, O, 1 and I are left out. */
export const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** Symbols per generated code: 16 × 5 = 80 bits. */
export const GENERATED_CODE_LENGTH = 16;
export const GENERATED_CODE_BITS = GENERATED_CODE_LENGTH * Math.log2(CODE_ALPHABET.length);

/** True when a normalised code has the shape of a code ([A-Z0-9]{6,32}). */
export function isWellFormedCode(normalised: string): boolean {
  return GIFT_CODE_PATTERN.test(normalised);
}

/** The stored form: hex SHA-256 of the normalised code. */
export function hashCode(code: string): string {
  return createHash('sha256').update(normaliseGiftCode(code), 'utf8').digest('hex');
}

/** A new random code, printed in groups of four for reading aloud: `ABCD-EFGH-JKLM-NPQR`. */
export function generateCode(): string {
  let code = '';
  for (let i = 0; i < GENERATED_CODE_LENGTH; i += 1)
    code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code.replace(/(.{4})(?=.)/g, '$1-');
}
