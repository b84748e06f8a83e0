// LEGACY (before ADR 0027): the ID number was stored as AES-256-GCM under a key derived with
// HKDF-SHA256 from the payload key, which /api/setting/init gives to every visitor, so a copy
// of the database plus one anonymous request decrypted every stored ID number. Kept only so the
// legacy conversion (real-name-reencrypt.ts) can read such rows once and store them under the
// DATA_KEY keyring; nothing new is ever encrypted this way. Format: "v1.<iv>.<ciphertext>.<tag>"
// (base64url), additional data "account:<id>".
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const LABEL = 'hc-portal:id-number';

export interface LegacyIdNumberCipher {
  /** Only tests write legacy values (to prove they are converted). */
  encrypt(accountId: number, idNumber: string): string;
  decrypt(accountId: number, stored: string): string;
}

export function createLegacyIdNumberCipher(payloadKeyB64: string): LegacyIdNumberCipher {
  const key = Buffer.from(
    hkdfSync('sha256', Buffer.from(payloadKeyB64, 'base64'), Buffer.alloc(0), LABEL, 32),
  );
  const aad = (accountId: number) => Buffer.from(`account:${accountId}`, 'utf8');
  return {
    encrypt(accountId, idNumber) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(aad(accountId));
      const ct = Buffer.concat([cipher.update(idNumber, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return ['v1', iv, ct, tag]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    decrypt(accountId, stored) {
      const [version, iv, ct, tag] = stored.split('.');
      if (version !== 'v1' || iv === undefined || ct === undefined || tag === undefined)
        throw new Error('unknown ID number format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(aad(accountId));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(ct, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}
