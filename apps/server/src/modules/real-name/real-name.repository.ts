// Data access for real_name_info (0006-account-content): one row per account, upserted.
import type { Insertable, Kysely, Selectable } from 'kysely';
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
  };
}
