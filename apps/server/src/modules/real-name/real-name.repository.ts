// Data access for real_name_info (0006-account-content): one row per account, upserted; the
// re-encryption's locked batches (real-name-reencrypt.ts).
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { DB, RealNameInfoTable } from '../../db/schema';

export type RealNameRow = Selectable<RealNameInfoTable>;

export type RealNameValues = Omit<
  Insertable<RealNameInfoTable>,
  'account_id' | 'created_at' | 'updated_at'
>;

export function createRealNameRepository(db: Kysely<DB>) {
  return {
    byAccount(accountId: number): Promise<RealNameRow | undefined> {
      return db
        .selectFrom('real_name_info')
        .selectAll()
        .where('account_id', '=', accountId)
        .executeTakeFirst();
    },

    async upsert(accountId: number, values: RealNameValues, now: Date): Promise<void> {
      await db
        .insertInto('real_name_info')
        .values({ account_id: accountId, ...values, created_at: now, updated_at: now })
        .onConflict((oc) => oc.column('account_id').doUpdateSet({ ...values, updated_at: now }))
        .execute();
    },

    /**
     * Re-encryption (real-name-reencrypt.ts): the next `batchSize` rows after `after` in
     * account-id order that still need it, locked FOR UPDATE; call it on a repository built from
     * the batch's transaction. Legacy rows (plain columns set) only when `legacyOnly`, else also
     * envelopes under a key other than `activeKeyId`.
     */
    lockReencryptBatch(q: {
      after: number;
      activeKeyId: string;
      legacyOnly: boolean;
      batchSize: number;
    }): Promise<RealNameRow[]> {
      return db
        .selectFrom('real_name_info')
        .selectAll()
        .where('account_id', '>', q.after)
        .where((eb) =>
          q.legacyOnly
            ? eb('full_name', 'is not', null)
            : eb.or([
                eb('full_name', 'is not', null),
                eb.and([
                  eb('info_enc', 'is not', null),
                  eb.or([eb('key_id', 'is', null), eb('key_id', '<>', q.activeKeyId)]),
                ]),
              ]),
        )
        .orderBy('account_id')
        .limit(q.batchSize)
        .forUpdate()
        .execute();
    },

    /** Rewrites a row's stored columns (the re-encrypted envelope, the cleared plain columns). */
    async rewrite(accountId: number, values: Updateable<RealNameInfoTable>): Promise<void> {
      await db
        .updateTable('real_name_info')
        .set(values)
        .where('account_id', '=', accountId)
        .execute();
    },
  };
}
