// Password hashing with argon2id at OWASP's minimum (m=19456 KiB, t=2, p=1) (docs/security.md).
import { hash, verify, type Algorithm } from '@node-rs/argon2';

// Algorithm is an ambient const enum (not usable under isolatedModules); 2 is Argon2id.
const ARGON2ID = 2 as Algorithm;

export const PASSWORD_HASH_OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * A fixed argon2id hash with the same parameters, checked when there is no real hash to check
 * (unknown account, account without a password), so every password login costs one hash and
 * takes the same time whether or not the account exists.
 */
export const DUMMY_PASSWORD_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$hNWZG/DsatozXLTkRIpP9w$xJWJhz1/liywDRcCCeffc0lGjXWvrNJai8+D6JMZIWs';

export function hashPassword(password: string): Promise<string> {
  return hash(password, PASSWORD_HASH_OPTIONS);
}

/** False for a wrong password or an unreadable hash; never throws on bad input. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
