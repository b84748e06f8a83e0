// Password hashes brought by `portal import-accounts` (docs/import.md, ADR 0043): recognised
// by their shape, checked for parameters the server can afford to verify, kept as they came and
// verified in their own format until the player's first sign-in re-hashes them to the portal's
// argon2id (lib/password.ts). Formats:
//   argon2          $argon2id$v=19$m=..,t=..,p=..$salt$hash  (also $argon2i$)
//   bcrypt          $2a$ / $2b$ / $2y$ cost 4..14
//   scrypt          $scrypt$ln=<log2 N>,r=<r>,p=<p>$<salt>$<hash>  (passlib's format; salt and
//                   hash in base64, standard or passlib's "./" alphabet, padding optional)
//   pbkdf2_django   pbkdf2_sha256$<iterations>$<salt>$<base64 hash>  (also pbkdf2_sha1)
//   pbkdf2_passlib  $pbkdf2-sha256$<rounds>$<ab64 salt>$<ab64 hash>  (also -sha512, $pbkdf2$ sha1)
import { pbkdf2, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { verify as argon2Verify } from '@node-rs/argon2';
import bcrypt from 'bcryptjs';
import type { ImportedPasswordFormat } from '../db/schema';

export type { ImportedPasswordFormat };

const pbkdf2Async = promisify(pbkdf2);
const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

/** Upper bounds of what one sign-in may cost; a hash above them is refused at import. */
export const IMPORT_HASH_LIMITS = {
  bcryptCost: 14,
  pbkdf2Iterations: 5_000_000,
  scryptLogN: 20,
  /** Bytes scrypt may use: 128 · N · r · p. */
  scryptMemory: 256 * 1024 * 1024,
  argon2MemoryKiB: 256 * 1024,
  argon2Time: 10,
  argon2Parallelism: 8,
} as const;

const B64 = '[A-Za-z0-9+/.]';
const BCRYPT = /^\$2[aby]\$(\d{2})\$[./A-Za-z0-9]{53}$/;
const ARGON2 =
  /^\$argon2(?:id|i)\$(?:v=(?:16|19)\$)?m=(\d{1,10}),t=(\d{1,5}),p=(\d{1,3})\$[A-Za-z0-9+/]{8,}\$[A-Za-z0-9+/]{16,}$/;
const SCRYPT = new RegExp(
  `^\\$scrypt\\$ln=(\\d{1,2}),r=(\\d{1,3}),p=(\\d{1,3})\\$(${B64}+=*)\\$(${B64}{16,}=*)$`,
);
const DJANGO = /^pbkdf2_(sha256|sha1)\$(\d{1,8})\$([^$\s]{1,128})\$([A-Za-z0-9+/]{16,}={0,2})$/;
const PASSLIB = new RegExp(
  `^\\$pbkdf2(-sha256|-sha512)?\\$(\\d{1,8})\\$(${B64}*)\\$(${B64}{16,})$`,
);

/** passlib's "adapted base64" ('.' for '+', no padding) and standard base64 alike. */
function base64Bytes(text: string): Buffer {
  return Buffer.from(text.replace(/\./g, '+'), 'base64');
}

export type FormatVerdict =
  { ok: true; format: ImportedPasswordFormat } | { ok: false; reason: string };

/** The format of an imported hash, or why it cannot be imported. */
export function detectPasswordFormat(hash: string): FormatVerdict {
  const L = IMPORT_HASH_LIMITS;
  let m = BCRYPT.exec(hash);
  if (m !== null) {
    const cost = Number(m[1]);
    return cost >= 4 && cost <= L.bcryptCost
      ? { ok: true, format: 'bcrypt' }
      : { ok: false, reason: `bcrypt cost ${cost} outside 4..${L.bcryptCost}` };
  }
  m = ARGON2.exec(hash);
  if (m !== null) {
    const [mem, t, p] = [Number(m[1]), Number(m[2]), Number(m[3])];
    return mem <= L.argon2MemoryKiB &&
      t >= 1 &&
      t <= L.argon2Time &&
      p >= 1 &&
      p <= L.argon2Parallelism
      ? { ok: true, format: 'argon2' }
      : { ok: false, reason: 'argon2 parameters out of range' };
  }
  m = SCRYPT.exec(hash);
  if (m !== null) {
    const [ln, r, p] = [Number(m[1]), Number(m[2]), Number(m[3])];
    const memory = 128 * 2 ** ln * r * p;
    const keyLength = base64Bytes(m[5] ?? '').length;
    return ln >= 1 &&
      ln <= L.scryptLogN &&
      r >= 1 &&
      p >= 1 &&
      memory <= L.scryptMemory &&
      keyLength >= 16 &&
      keyLength <= 128
      ? { ok: true, format: 'scrypt' }
      : { ok: false, reason: 'scrypt parameters out of range' };
  }
  m = DJANGO.exec(hash) ?? PASSLIB.exec(hash);
  if (m !== null) {
    const iterations = Number(m[2]);
    const format = hash.startsWith('$') ? 'pbkdf2_passlib' : 'pbkdf2_django';
    return iterations >= 1 && iterations <= L.pbkdf2Iterations
      ? { ok: true, format }
      : { ok: false, reason: `pbkdf2 iterations ${iterations} outside 1..${L.pbkdf2Iterations}` };
  }
  return { ok: false, reason: 'unknown hash format' };
}

async function pbkdf2Matches(
  password: string,
  salt: Buffer,
  iterations: number,
  digest: string,
  expected: Buffer,
): Promise<boolean> {
  const derived = await pbkdf2Async(password, salt, iterations, expected.length, digest);
  return derived.length === expected.length && timingSafeEqual(derived, expected);
}

/**
 * Checks `password` against an imported hash in its own format. False for a wrong password or
 * an unreadable hash; never throws on bad input.
 */
export async function verifyImportedPassword(
  format: ImportedPasswordFormat,
  hash: string,
  password: string,
): Promise<boolean> {
  if (!detectPasswordFormat(hash).ok) return false;
  try {
    switch (format) {
      case 'argon2':
        return await argon2Verify(hash, password);
      case 'bcrypt':
        // $2y$ (PHP) is the same algorithm as $2b$.
        return await bcrypt.compare(password, hash.replace(/^\$2y\$/, '$2b$'));
      case 'scrypt': {
        const m = SCRYPT.exec(hash);
        if (m === null) return false;
        const [ln, r, p] = [Number(m[1]), Number(m[2]), Number(m[3])];
        const expected = base64Bytes(m[5] ?? '');
        const derived = await scryptAsync(password, base64Bytes(m[4] ?? ''), expected.length, {
          N: 2 ** ln,
          r,
          p,
          maxmem: IMPORT_HASH_LIMITS.scryptMemory + 1024 * 1024,
        });
        return timingSafeEqual(derived, expected);
      }
      case 'pbkdf2_django': {
        const m = DJANGO.exec(hash);
        if (m === null) return false;
        // Django derives from the salt's text as it stands, not from decoded bytes.
        return await pbkdf2Matches(
          password,
          Buffer.from(m[3] ?? '', 'utf8'),
          Number(m[2]),
          m[1] ?? 'sha256',
          Buffer.from(m[4] ?? '', 'base64'),
        );
      }
      case 'pbkdf2_passlib': {
        const m = PASSLIB.exec(hash);
        if (m === null) return false;
        const digest = m[1] === undefined ? 'sha1' : m[1].slice(1);
        return await pbkdf2Matches(
          password,
          base64Bytes(m[3] ?? ''),
          Number(m[2]),
          digest,
          base64Bytes(m[4] ?? ''),
        );
      }
    }
  } catch {
    return false;
  }
  return false;
}
