// A real-name record at rest (ADR 0027): every personal field in one JSON text, encrypted as one
// envelope under the DATA_KEY keyring (lib/data-cipher.ts). The context "real_name_info:<account
// id>" is authenticated with it, so a ciphertext copied to another account's row does not
// decrypt. No field is needed in a query (rows are only ever read by account id), so none stays
// in plain text.
import { createDataCipher, type DataKey } from '../../lib/data-cipher';
import type { RealNameRow } from './real-name.repository';

/** The plain columns of the record before envelope encryption (migration 0008): always null now. */
export const LEGACY_COLUMNS_CLEARED = {
  full_name: null,
  birthday: null,
  address: null,
  phone: null,
  email: null,
  id_number_enc: null,
  id_number_masked: null,
  sign_region: null,
  sign_date: null,
} as const;

export interface RealNameRecord {
  name: string;
  birthday: string;
  address: string;
  phone: string;
  email: string;
  /** Absent only for a legacy row whose ID number could not be decrypted any more. */
  id_number?: string;
  /** Kept only when id_number is absent (the mask the legacy row carried). */
  id_number_masked?: string;
  sign_region: string;
  sign_date: string;
}

/** The fields a legacy row holds in plain columns (all but the ID number and its mask). */
export function legacyFields(
  row: RealNameRow,
): Omit<RealNameRecord, 'id_number' | 'id_number_masked'> {
  return {
    name: row.full_name ?? '',
    birthday: row.birthday ?? '',
    address: row.address ?? '',
    phone: row.phone ?? '',
    email: row.email ?? '',
    sign_region: row.sign_region ?? '',
    sign_date: row.sign_date ?? '',
  };
}

export interface RealNameCipher {
  readonly activeKeyId: string;
  encrypt(accountId: number, record: RealNameRecord): { info_enc: string; key_id: string };
  decrypt(accountId: number, infoEnc: string): RealNameRecord;
}

const context = (accountId: number) => `real_name_info:${accountId}`;

export function createRealNameCipher(keys: readonly DataKey[]): RealNameCipher {
  const cipher = createDataCipher(keys);
  return {
    activeKeyId: cipher.activeKeyId,
    encrypt(accountId, record) {
      return {
        info_enc: cipher.encrypt(JSON.stringify(record), context(accountId)),
        key_id: cipher.activeKeyId,
      };
    },
    decrypt(accountId, infoEnc) {
      return JSON.parse(cipher.decrypt(infoEnc, context(accountId))) as RealNameRecord;
    },
  };
}
