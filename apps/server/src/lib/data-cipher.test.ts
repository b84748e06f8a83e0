// Envelope encryption at rest (ADR 0027): round trip, key ids, tampering, rotation, keyring parsing.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createDataCipher, DataKeyringError, parseDataKeyring } from './data-cipher';

const key = () => randomBytes(32).toString('base64');
const K1 = key();
const K2 = key();

describe('createDataCipher', () => {
  const k1 = createDataCipher(parseDataKeyring(`k1:${K1}`));

  it('round-trips under a context, with a fresh data key and IV each time', () => {
    const a = k1.encrypt('Lin Mei 110101199003071234', 'row:1');
    const b = k1.encrypt('Lin Mei 110101199003071234', 'row:1');
    expect(a).not.toBe(b);
    expect(a).not.toContain('Lin');
    const parts = a.split(':');
    expect(parts).toHaveLength(5);
    expect(parts.slice(0, 2)).toEqual(['v1', 'k1']);
    for (const p of parts.slice(2)) expect(p).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(a.split(':')[2]).not.toBe(b.split(':')[2]); // each value its own wrapped DEK
    expect(k1.decrypt(a, 'row:1')).toBe('Lin Mei 110101199003071234');
    expect(k1.decrypt(k1.encrypt('', 'row:1'), 'row:1')).toBe('');
    expect(k1.keyIdOf(a)).toBe('k1');
    expect(k1.keyIdOf('v1.abc.def.ghi')).toBeUndefined();
  });

  it('refuses another context (a value copied to another row)', () => {
    expect(() => k1.decrypt(k1.encrypt('secret', 'row:1'), 'row:2')).toThrow();
  });

  it('refuses an unknown key id, and a key id rewritten to one it does not belong to', () => {
    const stored = k1.encrypt('secret', 'c');
    const other = createDataCipher(parseDataKeyring(`k2:${K2}`));
    expect(() => other.decrypt(stored, 'c')).toThrow(/key k1/);
    // Same key bytes under another id: the wrap is bound to the id.
    const both = createDataCipher(parseDataKeyring(`k1:${K1},k9:${K1}`));
    expect(() => both.decrypt(stored.replace(':k1:', ':k9:'), 'c')).toThrow();
    // The right id but a different key.
    const wrong = createDataCipher(parseDataKeyring(`k1:${K2}`));
    expect(() => wrong.decrypt(stored, 'c')).toThrow();
  });

  it('detects tampering with any part', () => {
    const stored = k1.encrypt('a value worth protecting', 'c');
    const parts = stored.split(':');
    for (const i of [2, 3, 4]) {
      const bytes = Buffer.from(parts[i] ?? '', 'base64url');
      bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 1;
      const changed = [...parts];
      changed[i] = bytes.toString('base64url');
      expect(() => k1.decrypt(changed.join(':'), 'c')).toThrow();
    }
    expect(() => k1.decrypt(stored.replace(/^v1/, 'v2'), 'c')).toThrow();
    expect(() => k1.decrypt(`${stored}:x`, 'c')).toThrow();
    expect(() => k1.decrypt('plain text', 'c')).toThrow();
  });

  it('rotates: the first key encrypts, every listed key decrypts', () => {
    const old = k1.encrypt('kept through rotation', 'c');
    const rotated = createDataCipher(parseDataKeyring(`k2:${K2}, k1:${K1}`));
    expect(rotated.activeKeyId).toBe('k2');
    expect(rotated.decrypt(old, 'c')).toBe('kept through rotation');
    const fresh = rotated.encrypt('kept through rotation', 'c');
    expect(rotated.keyIdOf(fresh)).toBe('k2');
    // Once k1 is dropped, only re-encrypted values still read.
    const k2only = createDataCipher(parseDataKeyring(`k2:${K2}`));
    expect(k2only.decrypt(fresh, 'c')).toBe('kept through rotation');
    expect(() => k2only.decrypt(old, 'c')).toThrow();
  });
});

describe('parseDataKeyring', () => {
  it('reads ids and keys in order', () => {
    expect(parseDataKeyring(`k2:${K2},k1:${K1}`)).toEqual([
      { id: 'k2', key: K2 },
      { id: 'k1', key: K1 },
    ]);
  });

  it.each([
    ['', /at least one/],
    [K1, /key id/],
    [`bad id:${K1}`, /key id/],
    ['k1:c2hvcnQ=', /32 bytes/],
    [`k1:${K1},k1:${K2}`, /twice/],
  ])('refuses %j', (value, message) => {
    expect(() => parseDataKeyring(value)).toThrow(DataKeyringError);
    expect(() => parseDataKeyring(value)).toThrow(message);
    try {
      parseDataKeyring(value);
    } catch (err) {
      expect((err as Error).message).not.toContain(K2);
    }
  });
});
