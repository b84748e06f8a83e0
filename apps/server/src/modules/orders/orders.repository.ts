// Data access for orders and their timeline (docs/product/top-up.md#order-statuses, docs/product/top-up.md#order-lifecycle, docs/decisions/0009-order-status-meaning.md). Every
// status change goes through `transition`, which also writes the timeline row, and only moves
// an order that is still in one of the expected statuses (the guard against double transitions).
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { DB, OrdersTable, OrderStatusValue } from '../../db/schema';

export type OrderRow = Selectable<OrdersTable>;
type Conn = Kysely<DB> | Transaction<DB>;

export function normaliseOrder(row: OrderRow): OrderRow {
  // bigint columns come back as strings from pg.
  return {
    ...row,
    id: Number(row.id),
    account_id: Number(row.account_id),
    game_account_id: Number(row.game_account_id),
    product_id: Number(row.product_id),
  };
}

export function createOrdersRepository(db: Kysely<DB>) {
  return {
    async bySdkId(conn: Conn, sdkOrderId: string, opts: { forUpdate?: boolean } = {}) {
      let q = conn.selectFrom('orders').selectAll().where('sdk_order_id', '=', sdkOrderId);
      if (opts.forUpdate === true) q = q.forUpdate();
      const row = await q.executeTakeFirst();
      return row === undefined ? undefined : normaliseOrder(row);
    },

    async byId(conn: Conn, id: number, opts: { forUpdate?: boolean } = {}) {
      let q = conn.selectFrom('orders').selectAll().where('id', '=', id);
      if (opts.forUpdate === true) q = q.forUpdate();
      const row = await q.executeTakeFirst();
      return row === undefined ? undefined : normaliseOrder(row);
    },

    async byIdempotencyKey(accountId: number, key: string) {
      const row = await db
        .selectFrom('orders')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('idempotency_key', '=', key)
        .executeTakeFirst();
      return row === undefined ? undefined : normaliseOrder(row);
    },

    async timeline(orderId: number) {
      const rows = await db
        .selectFrom('order_events')
        .select(['status', 'note', 'created_at'])
        .where('order_id', '=', orderId)
        .orderBy('id')
        .execute();
      return rows;
    },

    /**
     * Moves an order from one of `from` to `to` and records it on the timeline; false when the
     * order is no longer in `from` (someone else moved it first).
     */
    async transition(
      trx: Transaction<DB>,
      order: { id: number },
      from: readonly OrderStatusValue[],
      to: OrderStatusValue,
      now: Date,
      extra: { note?: string; paidAt?: Date; completedAt?: Date } = {},
    ): Promise<boolean> {
      const res = await trx
        .updateTable('orders')
        .set({
          status: to,
          updated_at: now,
          ...(extra.paidAt === undefined ? {} : { paid_at: extra.paidAt }),
          ...(extra.completedAt === undefined ? {} : { completed_at: extra.completedAt }),
        })
        .where('id', '=', order.id)
        .where('status', 'in', [...from])
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 0) return false;
      await trx
        .insertInto('order_events')
        .values({ order_id: order.id, status: to, note: extra.note ?? null, created_at: now })
        .execute();
      return true;
    },
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
