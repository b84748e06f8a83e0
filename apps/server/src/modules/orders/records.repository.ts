// Data access for the records screens (docs/product/account.md#top-up-history, docs/product/hc-point.md#hc-point-record, docs/product/api.md#account-calls
// /api/order/record and /api/order/coin/record): one page of an account's orders, and one page
// of a game account's HC Point movements read from the ledger (0004-wallet), read only.
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { DB, LocalizedText, OrderStatusValue } from '../../db/schema';

/** [from, until): `until` is exclusive. */
export interface TimeWindow {
  from?: Date;
  until?: Date;
}

export interface OrderRecordQuery extends TimeWindow {
  accountId: number;
  offset: number;
  limit: number;
  sdkOrderId?: string;
  statuses?: readonly OrderStatusValue[];
}

export interface OrderRecordDbRow {
  sdk_order_id: string;
  item_name: string;
  item_names: LocalizedText;
  price: number;
  currency: string;
  status: OrderStatusValue;
  channel_code: string;
  created_at: Date;
  game_name: string | null;
  server_name: string;
  role_name: string;
  game_account_id: number;
  kind: 'game' | 'coin';
}

export interface CoinRecordQuery extends TimeWindow {
  gameAccountId: number;
  offset: number;
  limit: number;
}

export interface CoinRecordDbRow {
  idempotency_key: string;
  created_at: Date;
  change: number;
  balance: number;
}

export function createRecordsRepository(db: Kysely<DB>) {
  return {
    /** The account's orders (every game), newest first, with the total before paging. */
    async orders(q: OrderRecordQuery): Promise<{ rows: OrderRecordDbRow[]; total: number }> {
      let base = db.selectFrom('orders').where('orders.account_id', '=', q.accountId);
      if (q.from !== undefined) base = base.where('orders.created_at', '>=', q.from);
      if (q.until !== undefined) base = base.where('orders.created_at', '<', q.until);
      if (q.sdkOrderId !== undefined) base = base.where('orders.sdk_order_id', '=', q.sdkOrderId);
      if (q.statuses !== undefined) base = base.where('orders.status', 'in', [...q.statuses]);
      const [count, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
        base
          .leftJoin('games', 'games.id', 'orders.game_id')
          .select([
            'orders.sdk_order_id',
            'orders.item_name',
            'orders.item_names',
            'orders.price',
            'orders.currency',
            'orders.status',
            'orders.channel_code',
            'orders.created_at',
            'games.name as game_name',
            'orders.server_name',
            'orders.role_name',
            'orders.game_account_id',
            'orders.kind',
          ])
          .orderBy('orders.created_at', 'desc')
          .orderBy('orders.id', 'desc')
          .limit(q.limit)
          .offset(q.offset)
          .execute(),
      ]);
      return {
        total: Number(count.n),
        rows: rows.map((r) => ({ ...r, game_account_id: Number(r.game_account_id) })),
      };
    },

    /**
     * One row per ledger transfer that moved the game account's HC Point (basic + present):
     * change = the signed sum of its entries in that transfer; balance = the running sum of all
     * its entries in entry-id order, taken at the transfer's last entry. Newest first.
     */
    async coinMovements(q: CoinRecordQuery): Promise<{ rows: CoinRecordDbRow[]; total: number }> {
      const conditions = [sql<SqlBool>`p.change <> 0`];
      if (q.from !== undefined) conditions.push(sql<SqlBool>`t.created_at >= ${q.from}`);
      if (q.until !== undefined) conditions.push(sql<SqlBool>`t.created_at < ${q.until}`);
      const where = sql.join(conditions, sql` and `);
      const movements = sql`
        with player_entries as (
          select e.id, e.transfer_id, e.amount,
                 sum(e.amount) over (order by e.id) as running
          from ledger_entries e
          join ledger_accounts a on a.id = e.ledger_account_id
          where a.game_account_id = ${q.gameAccountId} and a.kind in ('basic', 'present')
        ),
        per_transfer as (
          select transfer_id, sum(amount) as change, max(id) as last_entry_id
          from player_entries
          group by transfer_id
        )
        select t.idempotency_key, t.created_at, p.change::bigint as change,
               pe.running::bigint as balance, p.last_entry_id
        from per_transfer p
        join player_entries pe on pe.id = p.last_entry_id
        join ledger_transfers t on t.id = p.transfer_id
        where ${where}`;
      const [count, page] = await Promise.all([
        sql<{ n: number }>`select count(*) as n from (${movements}) m`.execute(db),
        sql<CoinRecordDbRow>`
          select idempotency_key, created_at, change, balance from (${movements}) m
          order by last_entry_id desc
          limit ${q.limit} offset ${q.offset}`.execute(db),
      ]);
      return {
        total: Number(count.rows[0]?.n ?? 0),
        rows: page.rows.map((r) => ({
          idempotency_key: r.idempotency_key,
          created_at: new Date(r.created_at),
          change: Number(r.change),
          balance: Number(r.balance),
        })),
      };
    },
  };
}

export type RecordsRepository = ReturnType<typeof createRecordsRepository>;
