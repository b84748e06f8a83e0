// Brings every stored real-name record under the active DATA_KEY key (ADR 0027):
// - legacy rows (before migration 0008, or written by an older node during an upgrade): the
//   fields in plain text and the ID number under the payload-key-derived cipher. They become one
//   envelope and the plain columns are cleared. The server does this at every start
//   (`legacyOnly`), so an upgraded install keeps no readable personal data waiting for an operator.
// - rows under an older keyring key (rotation): decrypted with that key, encrypted with the first.
//   `npm run portal -- reencrypt` does both.
// Rows are taken in account-id order, `batchSize` at a time, each batch locked (for update) and
// rewritten in one transaction; concurrent runs and saves wait for each other. A row that cannot
// be read (its key is no longer listed) is counted, logged and left as it is. A second run
// changes nothing.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { DataKey } from '../../lib/data-cipher';
import { createLegacyIdNumberCipher } from './id-number-cipher';
import {
  createRealNameCipher,
  LEGACY_COLUMNS_CLEARED,
  legacyFields,
  type RealNameRecord,
} from './real-name-cipher';
import { createRealNameRepository, type RealNameRow } from './real-name.repository';

export interface ReencryptCounts {
  /** Legacy rows now encrypted under the active key. */
  legacy: number;
  /** Rows moved from an older keyring key to the active one. */
  rotated: number;
  /** Legacy rows whose ID number no longer decrypted (PAYLOAD_KEY changed): only its mask kept. */
  idNumbersLost: number;
  /** Rows left as they were because no listed key decrypts them. */
  unreadable: number;
}

export interface ReencryptOptions {
  dataKeys: readonly DataKey[];
  /** Decrypts the ID numbers of legacy rows. */
  payloadKey: string;
  /** Only legacy rows (the start-up conversion); otherwise rotation too. */
  legacyOnly?: boolean;
  batchSize?: number;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

export async function reencryptRealNames(
  db: Kysely<DB>,
  options: ReencryptOptions,
): Promise<ReencryptCounts> {
  const cipher = createRealNameCipher(options.dataKeys);
  const legacyCipher = createLegacyIdNumberCipher(options.payloadKey);
  const active = cipher.activeKeyId;
  const batchSize = options.batchSize ?? 500;
  const counts: ReencryptCounts = { legacy: 0, rotated: 0, idNumbersLost: 0, unreadable: 0 };

  const fromLegacy = (row: RealNameRow): RealNameRecord => {
    const record: RealNameRecord = legacyFields(row);
    try {
      record.id_number = legacyCipher.decrypt(row.account_id, row.id_number_enc ?? '');
    } catch {
      counts.idNumbersLost += 1;
      record.id_number_masked = row.id_number_masked ?? '';
      options.log?.warn(
        { accountId: row.account_id },
        'real-name record: the legacy ID number does not decrypt with PAYLOAD_KEY; only its mask is kept',
      );
    }
    return record;
  };

  let after = 0;
  for (;;) {
    const last = await db.transaction().execute(async (trx) => {
      const repo = createRealNameRepository(trx);
      const rows = await repo.lockReencryptBatch({
        after,
        activeKeyId: active,
        legacyOnly: options.legacyOnly === true,
        batchSize,
      });
      for (const row of rows) {
        // Plain columns present: a legacy row (or one an older node rewrote), they are newest.
        const legacy = row.full_name !== null;
        let record: RealNameRecord;
        if (legacy) record = fromLegacy(row);
        else {
          try {
            record = cipher.decrypt(row.account_id, row.info_enc ?? '');
          } catch (err) {
            counts.unreadable += 1;
            options.log?.warn(
              { accountId: row.account_id, keyId: row.key_id, err: (err as Error).message },
              'real-name record: no DATA_KEY key decrypts it; left as it is',
            );
            continue;
          }
        }
        await repo.rewrite(row.account_id, {
          ...cipher.encrypt(row.account_id, record),
          ...LEGACY_COLUMNS_CLEARED,
        });
        if (legacy) counts.legacy += 1;
        else counts.rotated += 1;
      }
      return rows.at(-1)?.account_id;
    });
    if (last === undefined) return counts;
    after = Number(last);
  }
}
