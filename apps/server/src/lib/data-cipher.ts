// Envelope encryption of personal data at rest (ADR 0027), under the DATA_KEY keyring, which is
// a server secret: it is never sent to a browser and shares nothing with the public payload key.
//
// Each value gets a fresh random 32-byte data key (DEK). The value is encrypted with the DEK
// (AES-256-GCM, additional data: the format version and the caller's context, e.g. the row it
// belongs to, so a ciphertext copied to another row does not decrypt), and the DEK is wrapped
// by the keyring key (AES-256-GCM, additional data: the version and the key id). Stored text:
//
//   v1:<key id>:<wrapped DEK>:<iv>:<ciphertext + tag>
//
// with every binary part in base64url; the wrapped DEK is its own iv, ciphertext and tag. The
// FIRST key of the keyring encrypts, every listed key decrypts: rotation puts a new key first,
// re-encrypts (`npm run portal -- reencrypt`), then drops the old key.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;

/** A key id: letters, digits, `_` and `-`, at most 32 characters. */
export const KEY_ID_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

/** Standard base64 (padding optional) of exactly 32 bytes: a DATA_KEY key or PAYLOAD_KEY. */
export function isBase64Key32(value: string): boolean {
  return /^[A-Za-z0-9+/]+={0,2}$/.test(value) && Buffer.from(value, 'base64').length === KEY_BYTES;
}

export interface DataKey {
  readonly id: string;
  /** 32 bytes, base64. */
  readonly key: string;
}

export class DataKeyringError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DataKeyringError';
  }
}

/**
 * `k2:<base64>,k1:<base64>` -> keys in order (the first encrypts). Throws DataKeyringError with
 * a message that never contains a key.
 */
export function parseDataKeyring(value: string): DataKey[] {
  const parts = value
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  if (parts.length === 0) throw new DataKeyringError('must list at least one <key id>:<key>');
  const keys: DataKey[] = [];
  for (const [index, part] of parts.entries()) {
    const colon = part.indexOf(':');
    const id = colon < 0 ? '' : part.slice(0, colon);
    const key = colon < 0 ? '' : part.slice(colon + 1);
    if (!KEY_ID_PATTERN.test(id))
      throw new DataKeyringError(
        `entry ${index + 1}: the key id must be 1-32 letters, digits, _ or - before a colon`,
      );
    if (!isBase64Key32(key))
      throw new DataKeyringError(
        `key ${id}: must be 32 bytes encoded as base64 (e.g. \`openssl rand -base64 32\`)`,
      );
    if (keys.some((k) => k.id === id)) throw new DataKeyringError(`key id ${id} is listed twice`);
    keys.push({ id, key });
  }
  return keys;
}

export interface DataCipher {
  /** The id of the key new values are encrypted under. */
  readonly activeKeyId: string;
  encrypt(plaintext: string, context: string): string;
  /** Throws when the format, key id, context or any byte is wrong. */
  decrypt(stored: string, context: string): string;
  /** The key id of an envelope, or undefined when the text is not one. */
  keyIdOf(stored: string): string | undefined;
}

const b64u = (b: Buffer) => b.toString('base64url');
const fromB64u = (s: string) => Buffer.from(s, 'base64url');

function seal(key: Buffer, plaintext: Buffer, aad: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  return Buffer.concat([iv, cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
}

function open(key: Buffer, iv: Buffer, sealed: Buffer, aad: string): Buffer {
  if (iv.length !== IV_BYTES || sealed.length < TAG_BYTES)
    throw new Error('malformed encrypted value');
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
  return Buffer.concat([
    decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)),
    decipher.final(),
  ]);
}

export function createDataCipher(keyring: readonly DataKey[]): DataCipher {
  const active = keyring[0];
  if (active === undefined) throw new DataKeyringError('must list at least one <key id>:<key>');
  const keys = new Map(keyring.map((k) => [k.id, Buffer.from(k.key, 'base64')]));
  const wrapAad = (kid: string) => `${VERSION}|key|${kid}`;
  const dataAad = (context: string) => `${VERSION}|data|${context}`;

  return {
    activeKeyId: active.id,

    encrypt(plaintext, context) {
      const kek = keys.get(active.id) as Buffer;
      const dek = randomBytes(KEY_BYTES);
      try {
        const wrapped = seal(kek, dek, wrapAad(active.id));
        const body = seal(dek, Buffer.from(plaintext, 'utf8'), dataAad(context));
        return [
          VERSION,
          active.id,
          b64u(wrapped),
          b64u(body.subarray(0, IV_BYTES)),
          b64u(body.subarray(IV_BYTES)),
        ].join(':');
      } finally {
        dek.fill(0);
      }
    },

    decrypt(stored, context) {
      const [version, kid, wrapped, iv, sealed, extra] = stored.split(':');
      if (
        version !== VERSION ||
        kid === undefined ||
        wrapped === undefined ||
        iv === undefined ||
        sealed === undefined ||
        extra !== undefined
      )
        throw new Error('not an encrypted value of a known format');
      const kek = keys.get(kid);
      if (kek === undefined)
        throw new Error(`encrypted under key ${kid}, which DATA_KEY does not list`);
      const w = fromB64u(wrapped);
      const dek = open(kek, w.subarray(0, IV_BYTES), w.subarray(IV_BYTES), wrapAad(kid));
      try {
        return open(dek, fromB64u(iv), fromB64u(sealed), dataAad(context)).toString('utf8');
      } finally {
        dek.fill(0);
      }
    },

    keyIdOf(stored) {
      const [version, kid] = stored.split(':');
      return version === VERSION && kid !== undefined && KEY_ID_PATTERN.test(kid) ? kid : undefined;
    },
  };
}
