// Data access of the console's orders (docs/console.md#support-and-finance-orders, ADR 0053): the
// filtered, keyset-paged list and its batched walk for the CSV export, the order page's parts and
// the re-queueing of a delivery job. Lists are newest first on (created_at, id); migration 0025
// gives each filter a composite index ending in (created_at, id), so a page is an index scan.
import { wakeWorkersSql } from '../../../jobs/jobs.repository';
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { DB } from '../../../db/schema';

/** The list's filter, with the player already resolved to ids. */
export interface OrdersQuery {
  status?: number | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  gameId?: number | undefined;
  serverId?: number | undefined;
  provider?: string | undefined;
  currency?: string | undefined;
  amountMin?: number | undefined;
  amountMax?: number | undefined;
  sdkOrderId?: string | undefined;
  /** Orders of these accounts or these game accounts (a player filter); absent: anyone. */
  player?: { accountIds: number[]; gameAccountIds: number[] } | undefined;
}

export interface ConsoleOrderListRow {
  id: number;
  sdk_order_id: string;
  account_id: number;
  account: string | null;
  game_id: number;
  game_name: string | null;
  server_id: number;
  server_name: string;
  role_name: string;
  item_name: string;
  kind: 'game' | 'coin';
  price: number;
  currency: string;
  hc_price: number | null;
  channel_code: string;
  provider: string;
  status: number;
  created_at: Date;
  paid_at: Date | null;
}

const LIST_COLUMNS = [
  'o.id',
  'o.sdk_order_id',
  'o.account_id',
  'a.account',
  'o.game_id',
  'g.name as game_name',
  'o.server_id',
  'o.server_name',
  'o.role_name',
  'o.item_name',
  'o.kind',
  'o.price',
  'o.currency',
  'o.hc_price',
  'o.channel_code',
  'o.provider',
  'o.status',
  'o.created_at',
  'o.paid_at',
] as const;

function normaliseRow(r: {
  id: number | string;
  account_id: number | string;
  kind: string;
  [k: string]: unknown;
}): ConsoleOrderListRow {
  return {
    ...(r as unknown as ConsoleOrderListRow),
    id: Number(r.id),
    account_id: Number(r.account_id),
  };
}

export function createOrdersConsoleRepository(db: Kysely<DB>) {
  function filtered(f: OrdersQuery) {
    let q = db
      .selectFrom('orders as o')
      .leftJoin('accounts as a', 'a.id', 'o.account_id')
      .leftJoin('games as g', 'g.id', 'o.game_id');
    if (f.status !== undefined) q = q.where('o.status', '=', f.status as never);
    if (f.from !== undefined) q = q.where('o.created_at', '>=', f.from);
    if (f.to !== undefined) q = q.where('o.created_at', '<', f.to);
    if (f.gameId !== undefined) q = q.where('o.game_id', '=', f.gameId);
    if (f.serverId !== undefined) q = q.where('o.server_id', '=', f.serverId);
    if (f.provider !== undefined) q = q.where('o.provider', '=', f.provider);
    if (f.currency !== undefined) q = q.where('o.currency', '=', f.currency);
    if (f.amountMin !== undefined) q = q.where('o.price', '>=', f.amountMin);
    if (f.amountMax !== undefined) q = q.where('o.price', '<=', f.amountMax);
    if (f.sdkOrderId !== undefined) q = q.where('o.sdk_order_id', '=', f.sdkOrderId);
    const player = f.player;
    if (player !== undefined)
      q = q.where((eb) => {
        const parts: Array<Expression<SqlBool>> = [];
        if (player.accountIds.length > 0) parts.push(eb('o.account_id', 'in', player.accountIds));
        if (player.gameAccountIds.length > 0)
          parts.push(eb('o.game_account_id', 'in', player.gameAccountIds));
        return parts.length === 0 ? sql<SqlBool>`false` : eb.or(parts);
      });
    return q;
  }

  /** One page after the order `cursor` (exclusive), newest first. */
  async function page(
    f: OrdersQuery,
    cursor: number | undefined,
    size: number,
  ): Promise<ConsoleOrderListRow[]> {
    let q = filtered(f).select([...LIST_COLUMNS]);
    if (cursor !== undefined)
      // The cursor's own (created_at, id), read in the statement: no rounding of microseconds.
      q = q.where(
        sql<SqlBool>`(o.created_at, o.id) < (select c.created_at, c.id from orders c where c.id = ${cursor})`,
      );
    const rows = await q
      .orderBy('o.created_at', 'desc')
      .orderBy('o.id', 'desc')
      .limit(size)
      .execute();
    return rows.map(normaliseRow);
  }

  return {
    page,

    /** Every order of the filter, newest first, read `batch` at a time (the CSV export). */
    async *each(f: OrdersQuery, batch = 500): AsyncGenerator<ConsoleOrderListRow> {
      let cursor: number | undefined;
      for (;;) {
        const rows = await page(f, cursor, batch);
        for (const r of rows) yield r;
        if (rows.length < batch) return;
        cursor = rows[rows.length - 1]?.id;
      }
    },

    /** A game's name (the order page shows it next to the game id). */
    async gameName(gameId: number): Promise<string | null> {
      const row = await db
        .selectFrom('games')
        .select('name')
        .where('id', '=', gameId)
        .executeTakeFirst();
      return row?.name ?? null;
    },

    /** Account ids whose login name is `name` (any case). */
    async accountIdsByName(name: string): Promise<number[]> {
      const rows = await db
        .selectFrom('accounts')
        .select('id')
        .where(sql<string>`lower(account)`, '=', name.toLowerCase())
        .execute();
      return rows.map((r) => Number(r.id));
    },

    async accountIdExists(id: number): Promise<boolean> {
      const row = await db
        .selectFrom('accounts')
        .select('id')
        .where('id', '=', id)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Game account ids with this game uid (any game). */
    async gameAccountIdsByUid(uid: string): Promise<number[]> {
      const rows = await db
        .selectFrom('game_accounts')
        .select('id')
        .where('uid', '=', uid)
        .execute();
      return rows.map((r) => Number(r.id));
    },

    async uidOf(gameAccountId: number): Promise<string | undefined> {
      const row = await db
        .selectFrom('game_accounts')
        .select('uid')
        .where('id', '=', gameAccountId)
        .executeTakeFirst();
      return row?.uid;
    },

    async timeline(orderId: number) {
      return db
        .selectFrom('order_events')
        .select(['status', 'note', 'created_at'])
        .where('order_id', '=', orderId)
        .orderBy('id')
        .execute();
    },

    async paymentEvents(orderId: number) {
      return db
        .selectFrom('payment_events')
        .select(['id', 'provider', 'event_id', 'type', 'outcome', 'received_at', 'payload'])
        .where('order_id', '=', orderId)
        .orderBy('id')
        .limit(200)
        .execute();
    },

    async jobs(orderId: number) {
      return db
        .selectFrom('jobs')
        .selectAll()
        .where('order_id', '=', orderId)
        .orderBy('id')
        .execute();
    },

    async audit(target: string) {
      return db
        .selectFrom('audit_log')
        .selectAll()
        .where('target', '=', target)
        .orderBy('id', 'desc')
        .limit(100)
        .execute();
    },

    /** The job with this dedupe key, locked FOR UPDATE (call on a transaction). */
    async lockJob(dedupeKey: string) {
      return db
        .selectFrom('jobs')
        .selectAll()
        .where('dedupe_key', '=', dedupeKey)
        .forUpdate()
        .executeTakeFirst();
    },

    /** The job due now again, attempts from zero (its last error is kept for the record). */
    async requeueJob(id: number, now: Date) {
      return (
        db
          .updateTable('jobs')
          .set({
            state: 'pending',
            attempts: 0,
            run_at: now,
            lease_until: null,
            result: null,
            updated_at: now,
          })
          .where('id', '=', id)
          .returningAll()
          // Wakes the workers when the transaction commits (ADR 0057).
          .returning(wakeWorkersSql.as('woken'))
          .executeTakeFirstOrThrow()
      );
    },
  };
}

export type OrdersConsoleRepository = ReturnType<typeof createOrdersConsoleRepository>;
