// Data access for orders, their timeline and the payment events applied to them (docs/product/top-up.md#order-statuses, docs/product/top-up.md#order-lifecycle, docs/decisions/0009-order-status-meaning.md). Every
// status change goes through `transition`, which also writes the timeline row, and only moves
// an order that is still in one of the expected statuses (the guard against double transitions).
//
// Built from the pool (`createOrdersRepository(db)`) or from a transaction
// (`createOrdersRepository(trx)`, ADR 0037): methods that lock rows or write several statements
// that belong together are called on a repository built from the caller's transaction.
import { ServerOrderStatus } from '@hc/contract';
import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import { everyColumn, named } from '../../db/named-statements';
import type { DB, OrdersTable, OrderStatusValue } from '../../db/schema';
import { wakeWorkersSql } from '../../jobs/jobs.repository';

export type OrderRow = Selectable<OrdersTable>;
export type NewOrder = Insertable<OrdersTable>;

const { Unpaid, Paid } = ServerOrderStatus;

/**
 * Every column of `orders`, named: the named statements below list their columns instead of
 * `*`, so a column added by a later migration does not change a cached plan's result (ADR 0062).
 */
const ORDER_COLUMNS = everyColumn<OrdersTable>()([
  'id',
  'sdk_order_id',
  'account_id',
  'game_account_id',
  'game_id',
  'server_id',
  'server_name',
  'role_id',
  'role_name',
  'product_id',
  'cp_goods_id',
  'kind',
  'item_name',
  'item_names',
  'price',
  'currency',
  'hc_amount',
  'hc_gift',
  'hc_price',
  'items',
  'channel_code',
  'provider',
  'provider_ref',
  'payment_ref',
  'pay_url',
  'checkout_until',
  'payment_checked_at',
  'status',
  'language',
  'idempotency_key',
  'expires_at',
  'paid_at',
  'completed_at',
  'created_at',
  'updated_at',
]);

/** What the one-statement HC Point payment answers (payHcPointGamePack). */
export interface HcPointPayment {
  sdk_order_id: string;
  /** The HC Point charged. */
  amount: number;
  /** The player's buckets before the payment (locked). */
  present: number;
  basic: number;
  /** false: the debit's idempotency key was already used, so no HC Point moved now. */
  applied: boolean;
}

/**
 * The CTEs that follow a `paid` CTE (columns id and sdk_order_id) in the one-statement HC Point
 * payments: the order's timeline row and its delivery job (the row enqueueJob writes, same dedupe
 * key, and like it waking the workers on commit, ADR 0057).
 */
function paidFollowUp(now: Date) {
  return sql`timeline as (
          insert into order_events (order_id, status, note, created_at)
          select id, ${Paid}::smallint, null, ${now}::timestamptz from paid),
        job as (
          insert into jobs (kind, dedupe_key, order_id, payload, run_at, created_at, updated_at)
          select 'deliver', 'deliver:' || sdk_order_id, id, '{}', ${now}::timestamptz,
            ${now}::timestamptz, ${now}::timestamptz from paid
          on conflict (dedupe_key) do nothing
          returning ${wakeWorkersSql})`;
}

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

    /** The account's unpaid, unexpired orders, newest first (at most 100). Named (ADR 0062). */
    async openOrders(accountId: number, now: Date): Promise<OrderRow[]> {
      const { rows } = await db.executeQuery(
        named(
          'orders_open',
          db
            .selectFrom('orders')
            .select(ORDER_COLUMNS)
            .where('account_id', '=', accountId)
            .where('status', '=', Unpaid)
            .where('expires_at', '>', now)
            .orderBy('created_at', 'desc')
            .limit(100)
            .compile(),
        ),
      );
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

    /**
     * lockAccount and the HC Point balance (basic + present) of a game account in one round
     * trip (ADR 0063), for an order paid with HC Point. Only the account row is locked: the
     * balance is the check before anything is created; the payment checks again under the
     * buckets' lock. undefined: no such account.
     */
    async lockAccountWithHcPoint(
      accountId: number,
      gameAccountId: number,
    ): Promise<number | undefined> {
      const { rows } = await db.executeQuery(
        named(
          'orders_lock_account_hc',
          sql<{ hc_point: number | string }>`select (select coalesce(sum(balance), 0)
              from ledger_accounts
              where game_account_id = ${gameAccountId} and kind in ('basic', 'present')) as hc_point
            from accounts where id = ${accountId}
            for no key update of accounts`.compile(db),
        ),
      );
      const row = rows[0];
      return row === undefined ? undefined : Number(row.hc_point);
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

    /** A new unpaid order and its first timeline row in one statement (ADR 0023), named (ADR 0062). */
    async insertUnpaid(values: NewOrder, now: Date): Promise<OrderRow> {
      const query = db
        .with('o', (qb) => qb.insertInto('orders').values(values).returning(ORDER_COLUMNS))
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
        .compile();
      const { rows } = await db.executeQuery(named('orders_insert_unpaid', query));
      const row = rows[0];
      if (row === undefined) throw new Error('insertUnpaid: the insert returned no row');
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
        ${paidFollowUp(now)}
        select * from paid`.execute(db);
      const row = rows[0];
      return row === undefined ? undefined : normaliseOrder(row);
    },

    /**
     * The common HC Point payment, order and money together, as ONE statement run on its own
     * (its own transaction; ADR 0063): the case markHcPointGamePackPaid handles, and only when
     * the player's buckets cover the price. In this order, as every payment locks:
     *   o      the order, locked (FOR NO KEY UPDATE, as the UPDATE would);
     *   b, s   the player's buckets, locked FOR UPDATE in id order, and the split: present first,
     *          then basic (docs/decisions/0015-hc-point-spending-order.md), as
     *          debitHcPointWithBalance computes it;
     *   paid   the order to paid, only if present + basic covers the price, with its timeline
     *          row and delivery job (waking the workers on commit, ADR 0057);
     *   t, e   the debit transfer under `idempotencyKey` (ON CONFLICT DO NOTHING: a used key moves
     *          nothing, as in debitHcPointWithBalance) and its entries, system_spend last.
     * The ledger's own rules still hold: the entries' trigger moves the balances (a player
     * balance below zero fails the CHECK and the whole statement), the transfer must sum to zero
     * at commit, and the shared system_spend row is locked only from the end of the statement
     * to its commit, with no round trip in between. undefined: nothing changed (not such an
     * order, or too little HC Point): the caller takes the transaction path, which tells why.
     * Named (ADR 0062).
     */
    async payHcPointGamePack(
      accountId: number,
      sdkOrderId: string,
      idempotencyKey: string,
      now: Date,
    ): Promise<HcPointPayment | undefined> {
      const query = sql<{
        sdk_order_id: string;
        amount: number | string;
        present: number | string;
        basic: number | string;
        applied: boolean;
      }>`with o as (
          select id, game_account_id, hc_price from orders
          where sdk_order_id = ${sdkOrderId} and account_id = ${accountId}
            and provider = 'epoint' and hc_price > 0 and status = ${Unpaid}
            and expires_at > ${now} and kind = 'game' and hc_gift = 0
          for no key update),
        b as (
          select id, kind, balance from ledger_accounts
          where game_account_id = (select game_account_id from o) and kind in ('basic', 'present')
          order by id
          for update),
        s as (
          select o.id, o.hc_price::bigint as amount,
            coalesce((select balance from b where kind = 'present'), 0) as present,
            coalesce((select balance from b where kind = 'basic'), 0) as basic,
            (select id from b where kind = 'present') as present_id,
            (select id from b where kind = 'basic') as basic_id
          from o),
        paid as (
          update orders set status = ${Paid}, updated_at = ${now}, paid_at = ${now}
          from s
          where orders.id = s.id and orders.status = ${Unpaid} and s.present + s.basic >= s.amount
          returning orders.id, orders.sdk_order_id),
        ${paidFollowUp(now)},
        t as (
          insert into ledger_transfers (idempotency_key, kind)
          select ${idempotencyKey}::text, 'debit' from paid
          on conflict (idempotency_key) do nothing
          returning id),
        e as (
          insert into ledger_entries (transfer_id, ledger_account_id, amount)
          select t.id, x.account_id, x.amount from t
          cross join s
          cross join lateral (values
            (s.present_id, -least(s.present, s.amount)),
            (s.basic_id, least(s.present, s.amount) - s.amount),
            ((select id from ledger_accounts
              where game_account_id is null and kind = 'system_spend'), s.amount)
          ) as x (account_id, amount)
          where x.amount <> 0)
        select paid.sdk_order_id, s.amount, s.present, s.basic,
          exists (select 1 from t) as applied
        from paid cross join s`.compile(db);
      const { rows } = await db.executeQuery(named('orders_pay_hc_point', query));
      const row = rows[0];
      return row === undefined
        ? undefined
        : {
            sdk_order_id: row.sdk_order_id,
            amount: Number(row.amount),
            present: Number(row.present),
            basic: Number(row.basic),
            applied: row.applied,
          };
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
