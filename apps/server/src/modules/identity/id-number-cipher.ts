// The ID number at rest (issue 5 part 7, DESIGN §5): AES-256-GCM under a key derived from the
// payload key with HKDF-SHA256 and its own label, so the transport key never encrypts stored
// data directly. The account id is the additional data: a ciphertext copied to another account's
// row does not decrypt. Format: "v1.<iv>.<ciphertext>.<tag>" (base64url).
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const LABEL = 'hc-portal:id-number';

export interface IdNumberCipher {
  encrypt(accountId: number, idNumber: string): string;
  decrypt(accountId: number, stored: string): string;
}

export function createIdNumberCipher(payloadKeyB64: string): IdNumberCipher {
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
