// Real-name information (SPEC §2 Account screen, §3 Real-name information, §5, §7
// /api/user/real/info/query and /api/identity/save; issue 5 part 7). `data` is a SPEC §5
// payload holding the JSON of identityPayloadSchema. A payload that does not decrypt, is not
// JSON or does not match the schema is InvalidParams and nothing is stored. The ID number is
// stored only encrypted (id-number-cipher.ts) plus its masked form; answers are always masked.
import { ErrorCode, identityPayloadSchema, type RealInfo } from '@hc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { toValidationIssues } from '../../plugins/envelope';
import { decryptJsonOrInvalid } from '../auth/payload';
import { createIdentityRepository, type RealNameRow } from './identity.repository';
import { createIdNumberCipher } from './id-number-cipher';
import { maskEmail, maskIdNumber, maskPhone } from './masking';

function shown(row: RealNameRow): RealInfo {
  return {
    name: row.full_name,
    birthday: row.birthday,
    address: row.address,
    phone: maskPhone(row.phone),
    email: maskEmail(row.email),
    id_number: row.id_number_masked,
    sign_region: row.sign_region,
    sign_date: row.sign_date,
  };
}

export function createIdentityService(deps: { db: Kysely<DB>; payloadKey: string; clock: Clock }) {
  const repo = createIdentityRepository(deps.db);
  const cipher = createIdNumberCipher(deps.payloadKey);

  return {
    /** null: nothing saved yet (the web shows "No real-name information"). */
    async query(accountId: number): Promise<{ info: RealInfo | null }> {
      const row = await repo.byAccount(accountId);
      return { info: row === undefined ? null : shown(row) };
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
      await repo.upsert(
        accountId,
        {
          full_name: p.name,
          birthday: p.birthday,
          address: p.address,
          phone: p.phone,
          email: p.email,
          id_number_enc: cipher.encrypt(accountId, p.id_number),
          id_number_masked: maskIdNumber(p.id_number),
          sign_region: p.sign_region,
          sign_date: p.sign_date,
        },
        deps.clock.now(),
      );
      return this.query(accountId);
    },
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;
