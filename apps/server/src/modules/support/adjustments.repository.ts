// Data access of the HC Point adjustments (docs/console.md#hc-point-adjustments, ADR 0052):
// hc_adjustments (0024-console-players) with the account, the game account and its balance; the
// checks of a new adjustment's player. The ledger transfer is the wallet's. `db` is the pool or a
// transaction.
import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { DB, HcAdjustmentsTable } from '../../db/schema';

export type AdjustmentRow = Selectable<HcAdjustmentsTable>;

/** An adjustment with its login name, game, uid and the game account's balance (basic + present). */
export type ListedRow = AdjustmentRow & {
  account: string;
  game_id: number;
  uid: string;
  balance: number;
};

function listQuery(db: Kysely<DB>) {
  return db
    .selectFrom('hc_adjustments as h')
    .innerJoin('accounts as a', 'a.id', 'h.account_id')
    .innerJoin('game_accounts as ga', 'ga.id', 'h.game_account_id')
    .selectAll('h')
    .select([
      'a.account',
      'ga.game_id',
      'ga.uid',
      sql<number>`coalesce((select sum(balance) from ledger_accounts
        where game_account_id = h.game_account_id and kind in ('basic', 'present')), 0)`.as(
        'balance',
      ),
    ]);
}

export function createAdjustmentsRepository(db: Kysely<DB>) {
  return {
    byId(id: number): Promise<ListedRow | undefined> {
      return listQuery(db).where('h.id', '=', id).executeTakeFirst();
    },

    /** Newest first, ids below `cursor`, filtered by status and account; `limit` rows. */
    list(q: {
      status?: AdjustmentRow['status'] | undefined;
      accountId?: number | undefined;
      cursor?: number | undefined;
      limit: number;
    }): Promise<ListedRow[]> {
      let list = listQuery(db);
      if (q.status !== undefined) list = list.where('h.status', '=', q.status);
      if (q.accountId !== undefined) list = list.where('h.account_id', '=', q.accountId);
      if (q.cursor !== undefined) list = list.where('h.id', '<', q.cursor);
      return list.orderBy('h.id', 'desc').limit(q.limit).execute();
    },

    byIdempotencyKey(key: string): Promise<AdjustmentRow | undefined> {
      return db
        .selectFrom('hc_adjustments')
        .selectAll()
        .where('idempotency_key', '=', key)
        .executeTakeFirst();
    },

    /**
     * The adjustment locked FOR UPDATE (its approval or rejection); call it on a repository built
     * from the decision's transaction.
     */
    lockById(id: number): Promise<AdjustmentRow | undefined> {
      return db
        .selectFrom('hc_adjustments')
        .selectAll()
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
    },

    /** Whether the game account exists and belongs to the account. */
    async gameAccountOfAccount(gameAccountId: number, accountId: number): Promise<boolean> {
      const ga = await db
        .selectFrom('game_accounts')
        .select('id')
        .where('id', '=', gameAccountId)
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      return ga !== undefined;
    },

    async accountExists(accountId: number): Promise<boolean> {
      const known = await db
        .selectFrom('accounts')
        .select('id')
        .where('id', '=', accountId)
        .executeTakeFirst();
      return known !== undefined;
    },

    /**
     * Stores a new adjustment; answers its id, or undefined when its idempotency key is already
     * taken (nothing stored).
     */
    async insert(values: Insertable<HcAdjustmentsTable>): Promise<number | undefined> {
      const inserted = await db
        .insertInto('hc_adjustments')
        .values(values)
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted === undefined ? undefined : Number(inserted.id);
    },

    /** Records the decision on a pending adjustment (locked by `lockById` in the same transaction). */
    async decide(
      id: number,
      d: { status: 'applied' | 'rejected'; by: string; at: Date; note: string | null },
    ): Promise<void> {
      await db
        .updateTable('hc_adjustments')
        .set({ status: d.status, decided_by: d.by, decided_at: d.at, decision_note: d.note })
        .where('id', '=', id)
        .execute();
    },
  };
}
