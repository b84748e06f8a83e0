// Real-name information (docs/product/account.md#account-screen, docs/product/account.md#real-name-information, docs/product/errors.md#validation-messages, docs/product/api.md#account-calls
// /api/user/real/info/query and /api/identity/save). `data` is a docs/product/api.md#payload-encryption
// payload holding the JSON of identityPayloadSchema. A payload that does not decrypt, is not
// JSON or does not match the schema is InvalidParams and nothing is stored. The whole record is
// stored only encrypted under the DATA_KEY keyring (real-name-cipher.ts, ADR 0027); answers mask
// the ID number, phone and email.
import { ErrorCode, identityPayloadSchema, type RealInfo } from '@hc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { toValidationIssues } from '../../plugins/envelope';
import { decryptJsonOrInvalid } from '../auth/payload';
import type { DataKey } from '../../lib/data-cipher';
import { createRealNameRepository, type RealNameRow } from './real-name.repository';
import { maskEmail, maskIdNumber, maskPhone } from './masking';
import {
  createRealNameCipher,
  LEGACY_COLUMNS_CLEARED,
  legacyFields,
  type RealNameCipher,
  type RealNameRecord,
} from './real-name-cipher';

function shown(r: RealNameRecord): RealInfo {
  return {
    name: r.name,
    birthday: r.birthday,
    address: r.address,
    phone: maskPhone(r.phone),
    email: maskEmail(r.email),
    id_number: r.id_number !== undefined ? maskIdNumber(r.id_number) : (r.id_number_masked ?? ''),
    sign_region: r.sign_region,
    sign_date: r.sign_date,
  };
}

/** The record of a row: its plain legacy columns until the conversion clears them, else info_enc. */
function readRow(cipher: RealNameCipher, row: RealNameRow): RealNameRecord {
  if (row.full_name !== null || row.info_enc === null)
    return { ...legacyFields(row), id_number_masked: row.id_number_masked ?? '' };
  return cipher.decrypt(row.account_id, row.info_enc);
}

export function createRealNameService(deps: {
  db: Kysely<DB>;
  payloadKey: string;
  dataKeys: readonly DataKey[];
  clock: Clock;
}) {
  const repo = createRealNameRepository(deps.db);
  const cipher = createRealNameCipher(deps.dataKeys);

  return {
    /** null: nothing saved yet (the web shows "No real-name information"). */
    async query(accountId: number): Promise<{ info: RealInfo | null }> {
      const row = await repo.byAccount(accountId);
      return { info: row === undefined ? null : shown(readRow(cipher, row)) };
    },

    /**
     * The whole record for its owner's copy of their data (ADR 0049): decrypted, the ID number
     * in full when it can be read, else the mask a legacy row keeps; null when none is saved.
     */
    async ownerCopy(accountId: number): Promise<RealNameRecord | null> {
      const row = await repo.byAccount(accountId);
      return row === undefined ? null : readRow(cipher, row);
    },

    async save(accountId: number, data: string): Promise<{ info: RealInfo | null }> {
      const json = await decryptJsonOrInvalid(deps.payloadKey, data);
      const parsed = identityPayloadSchema.safeParse(json);
      if (!parsed.success) {
        // Paths and messages only: never the submitted values.
        throw new AppError(ErrorCode.InvalidParams, {
          reason: 'payload',
          issues: toValidationIssues(parsed.error.issues),
        });
      }
      const p = parsed.data;
      const record: RealNameRecord = {
        name: p.name,
        birthday: p.birthday,
        address: p.address,
        phone: p.phone,
        email: p.email,
        id_number: p.id_number,
        sign_region: p.sign_region,
        sign_date: p.sign_date,
      };
      await repo.upsert(
        accountId,
        { ...cipher.encrypt(accountId, record), ...LEGACY_COLUMNS_CLEARED },
        deps.clock.now(),
      );
      // The answer is the record just stored: no read back, no decryption.
      return { info: shown(record) };
    },
  };
}

export type RealNameService = ReturnType<typeof createRealNameService>;
