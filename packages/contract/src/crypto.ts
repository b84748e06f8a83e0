// docs/product/api.md#payload-encryption: AES-256-GCM on Web Crypto only, so the same code runs in the browser and in Node.
// Token = base64url(version 1 || 12-byte random nonce || ciphertext+tag). Obfuscation on top of TLS (docs/decisions/0007-payload-encryption.md).

const VERSION = 1;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;

/** Any malformed, tampered or wrongly keyed token. The message never contains the plaintext. */
export class PayloadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PayloadError';
  }
}

function subtle(): SubtleCrypto {
  const s = globalThis.crypto?.subtle;
  if (!s) throw new PayloadError('Web Crypto is not available (secure context required)');
  return s;
}

function bytesToBinary(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return s;
}

function binaryToBytes(bin: string): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

export function toBase64(bytes: Uint8Array): string {
  return btoa(bytesToBinary(bytes));
}

export function fromBase64(s: string): Uint8Array<ArrayBuffer> {
  return binaryToBytes(atob(s));
}

export function toBase64Url(bytes: Uint8Array): string {
  return toBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64Url(s: string): Uint8Array<ArrayBuffer> {
  if (!/^[A-Za-z0-9_-]*$/.test(s)) throw new PayloadError('Token is not base64url');
  const b64 = s.replace(/-/g, '+').replace(/_/g, '/');
  return fromBase64(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
}

async function importKey(keyB64: string): Promise<CryptoKey> {
  let raw: Uint8Array<ArrayBuffer>;
  try {
    raw = fromBase64(keyB64);
  } catch {
    throw new PayloadError('Key is not base64');
  }
  if (raw.length !== KEY_BYTES) throw new PayloadError('Key must be 32 bytes (AES-256)');
  return subtle().importKey('raw', raw, { name: 'AES-GCM' }, false, ['encrypt', 'decrypt']);
}

/** A new random AES-256 key, base64 (for config: PAYLOAD_KEY). */
export async function generatePayloadKey(): Promise<string> {
  const key = await subtle().generateKey({ name: 'AES-GCM', length: 256 }, true, [
    'encrypt',
    'decrypt',
  ]);
  return toBase64(new Uint8Array(await subtle().exportKey('raw', key)));
}

export async function encryptPayload(keyB64: string, plaintext: string): Promise<string> {
  const key = await importKey(keyB64);
  const nonce = globalThis.crypto.getRandomValues(new Uint8Array(NONCE_BYTES));
  const sealed = new Uint8Array(
    await subtle().encrypt(
      { name: 'AES-GCM', iv: nonce },
      key,
      new TextEncoder().encode(plaintext),
    ),
  );
  const out = new Uint8Array(1 + NONCE_BYTES + sealed.length);
  out[0] = VERSION;
  out.set(nonce, 1);
  out.set(sealed, 1 + NONCE_BYTES);
  return toBase64Url(out);
}

export async function decryptPayload(keyB64: string, token: string): Promise<string> {
  const key = await importKey(keyB64);
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = fromBase64Url(token);
  } catch {
    throw new PayloadError('Token is not base64url');
  }
  if (bytes.length < 1 + NONCE_BYTES + TAG_BYTES) throw new PayloadError('Token too short');
  if (bytes[0] !== VERSION) throw new PayloadError('Unknown token version');
  const nonce = bytes.subarray(1, 1 + NONCE_BYTES);
  let plain: ArrayBuffer;
  try {
    plain = await subtle().decrypt(
      { name: 'AES-GCM', iv: nonce },
      key,
      bytes.subarray(1 + NONCE_BYTES),
    );
  } catch {
    throw new PayloadError('Token failed authentication');
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(plain);
  } catch {
    throw new PayloadError('Payload is not UTF-8');
  }
}
