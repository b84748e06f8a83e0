// The synchronous HMAC-SHA256 of the hide beacon matches node:crypto.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fromBase64Url, hmacSha256, sha256, toBase64Url } from './hmac';

const utf8 = (text: string) => new TextEncoder().encode(text);

describe('sha256 / hmacSha256', () => {
  it('hashes messages of every padding length like node:crypto', () => {
    for (const length of [0, 1, 55, 56, 63, 64, 65, 119, 120, 1000]) {
      const data = randomBytes(length);
      expect(Buffer.from(sha256(new Uint8Array(data))).toString('hex')).toBe(
        createHash('sha256').update(data).digest('hex'),
      );
    }
  });

  it('signs like node:crypto for 32-byte and long keys and unicode payloads', () => {
    const payload = JSON.stringify({ v: 1, page: '/main/recharge', note: 'ไทย 日本語 ü' });
    for (const key of [randomBytes(32), randomBytes(100)]) {
      expect(toBase64Url(hmacSha256(new Uint8Array(key), utf8(payload)))).toBe(
        createHmac('sha256', key).update(payload, 'utf8').digest('base64url'),
      );
    }
  });

  it('round-trips base64url without padding', () => {
    const bytes = new Uint8Array(randomBytes(32));
    const text = toBase64Url(bytes);
    expect(text).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(fromBase64Url(text)).toEqual(bytes);
  });
});
