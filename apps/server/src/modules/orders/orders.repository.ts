// Data access for orders, their timeline and the payment events applied to them (docs/product/top-up.md#order-statuses, docs/product/top-up.md#order-lifecycle, docs/decisions/0009-order-status-meaning.md). Every
// status change goes through `transition`, which also writes the timeline row, and only moves
// an order that is still in one of the expected statuses (the guard against double transitions).
//
// Built from the pool (`createOrdersRepository(db)`) or from a transaction
// (`createOrdersRepository(trx)`, ADR 0037): methods that lock rows or write several statements
// that belong together are called on a repository built from the caller's transaction.
import { ServerOrderStatus } from '@hc/contract';
import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { DB, OrdersTable, OrderStatusValue } from '../../db/schema';
import { wakeWorkersSql } from '../../jobs/jobs.repository';

export type OrderRow = Selectable<OrdersTable>;
export type NewOrder = Insertable<OrdersTable>;

const { Unpaid, Paid } = ServerOrderStatus;

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

/** An unpaid order the worker's sweep claimed (sweepUnpaid). */
export interface SweptOrder {
  id: number | string;
  sdk_order_id: string;
  provider: string;
  provider_ref: string | null;
  expires_at: Date;
}

/** A payment event kept for later (outcome `deferred`), locked by its order's payment. */
export interface KeptPaymentEvent {
  id: number;
  event_id: string;
  event: unknown;
}

/** `db` is the pool or a transaction (ADR 0037). */
export function createOrdersRepository(db: Kysely<DB>) {
  return {
    ...orderReads(db),
    ...orderWrites(db),
    ...paymentEvents(db),
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;

function orderReads(db: Kysely<DB>) {
  return {
    async bySdkId(sdkOrderId: string, opts: { forUpdate?: boolean } = {}) {
      let q = db.selectFrom('orders').selectAll().where('sdk_order_id', '=', sdkOrderId);
      if (opts.forUpdate === true) q = q.forUpdate();
      const row = await q.executeTakeFirst();
      return row === undefined ? undefined : normaliseOrder(row);
    },

    async byId(id: number, opts: { forUpdate?: boolean } = {}) {
      let q = db.selectFrom('orders').selectAll().where('id', '=', id);
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

    /** The account's unpaid, unexpired orders, newest first (at most 100). */
    async openOrders(accountId: number, now: Date): Promise<OrderRow[]> {
      const rows = await db
        .selectFrom('orders')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('status', '=', Unpaid)
        .where('expires_at', '>', now)
        .orderBy('created_at', 'desc')
        .limit(100)
        .execute();
      return rows.map(normaliseOrder);
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
     * Locks the account row (FOR NO KEY UPDATE, until COMMIT): one order creation per player at
     * a time.
     */
    async lockAccount(accountId: number): Promise<void> {
      await db
        .selectFrom('accounts')
        .select('id')
        .where('id', '=', accountId)
        .forNoKeyUpdate()
        .execute();
    },

    /** The login name of the order's account (order screen). */
    async accountName(accountId: number): Promise<string | undefined> {
      const row = await db
        .selectFrom('accounts')
        .select('account')
        .where('id', '=', accountId)
        .executeTakeFirst();
      return row?.account;
    },

    /** The e-mail address receipts go to (null or undefined: none). */
    async accountEmail(accountId: number): Promise<string | null | undefined> {
      const row = await db
        .selectFrom('accounts')
        .select('email')
        .where('id', '=', accountId)
        .executeTakeFirst();
      return row?.email;
    },

    async gameName(gameId: number): Promise<string | undefined> {
      const row = await db
        .selectFrom('games')
        .select('name')
        .where('id', '=', gameId)
        .executeTakeFirst();
      return row?.name;
    },

    /** The state and result of the job with this dedupe key (the take-back reads the delivery). */
    async jobByDedupeKey(dedupeKey: string) {
      return db
        .selectFrom('jobs')
        .select(['state', 'result'])
        .where('dedupe_key', '=', dedupeKey)
        .executeTakeFirst();
    },
  };
}

function orderWrites(db: Kysely<DB>) {
  return {
    /**
     * Moves an order from one of `from` to `to` and records it on the timeline; false when the
     * order is no longer in `from` (someone else moved it first). Two statements: call it on a
     * repository built from a transaction.
     */
    async transition(
      order: { id: number },
      from: readonly OrderStatusValue[],
      to: OrderStatusValue,
      now: Date,
      extra: { note?: string; paidAt?: Date; completedAt?: Date } = {},
    ): Promise<boolean> {
      const res = await db
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
      await db
        .insertInto('order_events')
        .values({ order_id: order.id, status: to, note: extra.note ?? null, created_at: now })
        .execute();
      return true;
    },

    /** A new unpaid order and its first timeline row in one statement (ADR 0023). */
    async insertUnpaid(values: NewOrder, now: Date): Promise<OrderRow> {
      const row = await db
        .with('o', (qb) => qb.insertInto('orders').values(values).returningAll())
        .with('e', (qb) =>
          qb
            .insertInto('order_events')
            .columns(['order_id', 'status', 'note', 'created_at'])
            .expression((eb) =>
              eb
                .selectFrom('o')
                .select([
                  'o.id',
                  sql<OrderStatusValue>`${Unpaid}::smallint`.as('status'),
                  sql<null>`null`.as('note'),
                  sql<Date>`${now}::timestamptz`.as('created_at'),
                ]),
            ),
        )
        .selectFrom('o')
        .selectAll()
        .executeTakeFirstOrThrow();
      return normaliseOrder(row);
    },

    /** Claims the right to create the order's checkout until `until`; false: not claimable. */
    async claimCheckout(orderId: number, now: Date, until: Date): Promise<boolean> {
      const claimed = await db
        .updateTable('orders')
        .set({ checkout_until: until })
        .where('id', '=', orderId)
        .where('status', '=', Unpaid)
        .where('pay_url', 'is', null)
        .where((eb) => eb.or([eb('checkout_until', 'is', null), eb('checkout_until', '<=', now)]))
        .returning('id')
        .executeTakeFirst();
      return claimed !== undefined;
    },

    /** Records the checkout unless the order already has one; false: it had one. */
    async saveCheckout(
      orderId: number,
      checkout: { providerRef: string; payUrl: string },
      now: Date,
    ): Promise<boolean> {
      const saved = await db
        .updateTable('orders')
        .set({
          provider_ref: checkout.providerRef,
          pay_url: checkout.payUrl,
          checkout_until: null,
          updated_at: now,
        })
        .where('id', '=', orderId)
        .where('pay_url', 'is', null)
        .executeTakeFirst();
      return Number(saved.numUpdatedRows) > 0;
    },

    async setPaymentRef(orderId: number, paymentRef: string): Promise<void> {
      await db
        .updateTable('orders')
        .set({ payment_ref: paymentRef })
        .where('id', '=', orderId)
        .execute();
    },

    /**
     * The common HC Point payment in one statement (ADR 0023): an unpaid, unexpired game pack of
     * this player, priced in HC Point and with no rebate to credit, moves to paid with its
     * timeline row and its delivery job (the row enqueueJob writes, same dedupe key, and like it
     * waking the workers on commit, ADR 0057). The UPDATE holds the order's row lock until
     * COMMIT. undefined: not such an order.
     */
    async markHcPointGamePackPaid(
      accountId: number,
      sdkOrderId: string,
      now: Date,
    ): Promise<OrderRow | undefined> {
      const { rows } = await sql<OrderRow>`with paid as (
          update orders set status = ${Paid}, updated_at = ${now}, paid_at = ${now}
          where sdk_order_id = ${sdkOrderId} and account_id = ${accountId}
            and provider = 'epoint' and hc_price is not null and status = ${Unpaid}
            and expires_at > ${now} and kind = 'game' and hc_gift = 0
          returning *),
        timeline as (
          insert into order_events (order_id, status, note, created_at)
          select id, ${Paid}::smallint, null, ${now}::timestamptz from paid),
        job as (
          insert into jobs (kind, dedupe_key, order_id, payload, run_at, created_at, updated_at)
          select 'deliver', 'deliver:' || sdk_order_id, id, '{}', ${now}::timestamptz,
            ${now}::timestamptz, ${now}::timestamptz from paid
          on conflict (dedupe_key) do nothing
          returning ${wakeWorkersSql})
        select * from paid`.execute(db);
      const row = rows[0];
      return row === undefined ? undefined : normaliseOrder(row);
    },

    /**
     * The worker's sweep (ADR 0031): one bounded batch of unpaid orders past their expiry or
     * with a checkout older than `checkBefore`, least recently looked at first, claimed with
     * SKIP LOCKED and stamped (payment_checked_at) in one statement.
     */
    async claimUnpaidForCheck(now: Date, checkBefore: Date, limit: number) {
      const { rows } = await sql<SweptOrder>`update orders set payment_checked_at = ${now}
        where id in (
          select id from orders
          where status = ${Unpaid}
            and (expires_at <= ${now}
              or (provider_ref is not null and created_at <= ${checkBefore}))
          order by coalesce(payment_checked_at, created_at), id
          limit ${limit}
          for update skip locked)
        returning id, sdk_order_id, provider, provider_ref, expires_at`.execute(db);
      return rows;
    },
  };
}

function paymentEvents(db: Kysely<DB>) {
  return {
    /** The event's row (outcome `pending`); undefined when the provider's event id is known. */
    async insertPaymentEvent(e: {
      provider: string;
      eventId: string;
      type: string;
      payload: unknown;
      receivedAt: Date;
    }): Promise<{ id: number } | undefined> {
      return db
        .insertInto('payment_events')
        .values({
          provider: e.provider,
          event_id: e.eventId,
          type: e.type,
          outcome: 'pending',
          payload: JSON.stringify(e.payload ?? null),
          received_at: e.receivedAt,
        })
        .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
    },

    /** The outcome of an event, its order and, for a kept event, what it keeps of itself. */
    async recordPaymentEvent(
      id: number,
      outcome: string,
      orderId: number | null,
      kept?: unknown,
    ): Promise<void> {
      await db
        .updateTable('payment_events')
        .set({
          outcome,
          order_id: orderId,
          ...(kept === undefined ? {} : { event: JSON.stringify(kept) }),
        })
        .where('id', '=', id)
        .execute();
    },

    async setPaymentEventOutcome(id: number, outcome: string): Promise<void> {
      await db.updateTable('payment_events').set({ outcome }).where('id', '=', id).execute();
    },

    /** The order's deferred events, in arrival order, locked FOR UPDATE. */
    async lockDeferredEvents(orderId: number): Promise<KeptPaymentEvent[]> {
      return db
        .selectFrom('payment_events')
        .select(['id', 'event_id', 'event'])
        .where('order_id', '=', orderId)
        .where('outcome', '=', 'deferred')
        .orderBy('id')
        .forUpdate()
        .execute();
    },
  };
}
