// docs/product/api.md#payload-encryption on Web Crypto: round trip, tamper detection, wrong key, random nonce.
import { describe, expect, it } from 'vitest';
import {
  PayloadError,
  decryptPayload,
  encryptPayload,
  fromBase64,
  fromBase64Url,
  generatePayloadKey,
  toBase64Url,
} from './crypto';

describe('payload crypto', () => {
  it('generates a 32-byte base64 key, different each time', async () => {
    const a = await generatePayloadKey();
    const b = await generatePayloadKey();
    expect(fromBase64(a)).toHaveLength(32);
    expect(a).not.toBe(b);
  });

  it('round-trips Unicode text', async () => {
    const key = await generatePayloadKey();
    const text = JSON.stringify({
      account: 'a@example.com',
      passwd: 'Pässwörd1!',
      note: '密码 😀',
    });
    expect(await decryptPayload(key, await encryptPayload(key, text))).toBe(text);
    expect(await decryptPayload(key, await encryptPayload(key, ''))).toBe('');
  });

  it('token is base64url: version 1, 12-byte nonce, ciphertext + 16-byte tag', async () => {
    const key = await generatePayloadKey();
    const token = await encryptPayload(key, 'abc');
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    const bytes = fromBase64Url(token);
    expect(bytes[0]).toBe(1);
    expect(bytes.length).toBe(1 + 12 + 3 + 16);
  });

  it('uses a random nonce: two encryptions of the same text differ', async () => {
    const key = await generatePayloadKey();
    const a = await encryptPayload(key, 'same');
    const b = await encryptPayload(key, 'same');
    expect(a).not.toBe(b);
    expect(fromBase64Url(a).subarray(1, 13)).not.toEqual(fromBase64Url(b).subarray(1, 13));
  });

  it('rejects a token with any flipped byte', async () => {
    const key = await generatePayloadKey();
    const bytes = fromBase64Url(await encryptPayload(key, 'secret'));
    for (const i of [1, 12, 13, bytes.length - 1]) {
      const copy = bytes.slice();
      copy[i] = (copy[i] ?? 0) ^ 0x01;
      await expect(decryptPayload(key, toBase64Url(copy))).rejects.toBeInstanceOf(PayloadError);
    }
  });

  it('rejects an unknown version', async () => {
    const key = await generatePayloadKey();
    const bytes = fromBase64Url(await encryptPayload(key, 'secret'));
    bytes[0] = 2;
    await expect(decryptPayload(key, toBase64Url(bytes))).rejects.toThrow(/version/);
  });

  it('rejects the wrong key', async () => {
    const token = await encryptPayload(await generatePayloadKey(), 'secret');
    await expect(decryptPayload(await generatePayloadKey(), token)).rejects.toThrow(
      /authentication/,
    );
  });

  it('rejects malformed tokens and keys', async () => {
    const key = await generatePayloadKey();
    await expect(decryptPayload(key, 'not base64url!')).rejects.toBeInstanceOf(PayloadError);
    await expect(decryptPayload(key, 'AQID')).rejects.toThrow(/short/);
    await expect(encryptPayload('c2hvcnQ=', 'x')).rejects.toThrow(/32 bytes/);
    await expect(encryptPayload('%%%', 'x')).rejects.toBeInstanceOf(PayloadError);
  });
});
