// Every column that holds a value sealed under DATA_KEY (lib/data-cipher.ts, ADR 0027), with the
// context its value was sealed with, so `npm run portal -- reencrypt` can move each one to the
// first key of the keyring. The real-name record has its own conversion (legacy rows, the
// payload-key cipher: modules/real-name/real-name-reencrypt.ts) and is listed apart.
//
// A column added later that seals a value under DATA_KEY must be named `*_enc` and be listed
// here (or in SEALED_ELSEWHERE): apps/server/test/reencrypt.test.ts compares this list with the
// database's `*_enc` columns and, after a rotation, looks for values left under the old key in
// every text column of every table.
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../db/schema';
import type { DataCipher } from '../lib/data-cipher';
import { createSealedColumnsRepository } from './sealed-columns.repository';
import { totpContext } from '../modules/console/two-factor.service';
import { gatewaySecretContext } from '../modules/games/gateway-directory';
import { codeContext } from '../modules/gift-codes/gift-codes-console.service';
import { secretContext } from '../modules/publisher/publisher-auth';

export interface SealedColumn {
  /** What the command's output calls these values. */
  label: string;
  table: Extract<keyof DB, string>;
  column: string;
  /** A unique, ordered column: the batches walk it. */
  key: string;
  /** The context the value was sealed with, from its row. */
  context(row: Record<string, unknown>): string;
}

export const SEALED_COLUMNS: readonly SealedColumn[] = [
  {
    label: 'operator two-factor secrets',
    table: 'operators',
    column: 'totp_secret_enc',
    key: 'id',
    context: (r) => totpContext(Number(r.id)),
  },
  {
    label: 'game gateway secrets',
    table: 'game_gateways',
    column: 'secret_enc',
    key: 'game_id',
    context: (r) => gatewaySecretContext(Number(r.game_id)),
  },
  {
    label: 'publisher key secrets',
    table: 'publisher_keys',
    column: 'secret_enc',
    key: 'id',
    context: (r) => secretContext(String(r.key_id)),
  },
  {
    label: 'console gift codes',
    table: 'redeem_codes',
    column: 'code_enc',
    key: 'id',
    context: (r) => codeContext(Number(r.batch_id)),
  },
];

/**
 * `*_enc` columns re-encrypted by their own module: the real-name record (info_enc) and the
 * legacy ID number under the payload-key cipher (id_number_enc, cleared by the conversion).
 */
export const SEALED_ELSEWHERE: readonly string[] = [
  'real_name_info.info_enc',
  'real_name_info.id_number_enc',
];

export interface SealedCounts {
  /** Values moved from an older keyring key to the active one. */
  rotated: number;
  /** Values left as they were because no listed key decrypts them. */
  unreadable: number;
}

/**
 * Moves one column's values to the active key: rows not already under it, `batchSize` at a time
 * in key order, each batch locked (for update) and rewritten in one transaction. A value no listed
 * key decrypts is counted, logged and left as it is; a second run changes nothing.
 */
export async function reencryptColumn(
  db: Kysely<DB>,
  cipher: DataCipher,
  spec: SealedColumn,
  options: { batchSize?: number; log?: Pick<FastifyBaseLogger, 'warn'> } = {},
): Promise<SealedCounts> {
  const batchSize = options.batchSize ?? 500;
  const prefix = `v1:${cipher.activeKeyId}:`;
  const counts: SealedCounts = { rotated: 0, unreadable: 0 };
  let after: unknown;
  for (;;) {
    const last = await db.transaction().execute(async (trx) => {
      const repo = createSealedColumnsRepository(trx);
      const rows = await repo.lockBatch({ spec, prefix, after, batchSize });
      for (const row of rows) {
        let plain: string;
        try {
          plain = cipher.decrypt(String(row[spec.column]), spec.context(row));
        } catch (err) {
          counts.unreadable += 1;
          options.log?.warn(
            { table: spec.table, key: row[spec.key], err: (err as Error).message },
            'sealed value: no DATA_KEY key decrypts it; left as it is',
          );
          continue;
        }
        await repo.setValue(spec, row[spec.key], cipher.encrypt(plain, spec.context(row)));
        counts.rotated += 1;
      }
      return rows.at(-1)?.[spec.key];
    });
    if (last === undefined || last === null) return counts;
    after = last;
  }
}
