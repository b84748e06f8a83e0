// Reads of the console dashboards (docs/console.md#dashboards, ADR 0055): the daily rollups
// (report_order_daily, report_lag_daily and report_failed_daily, kept by triggers on orders and
// jobs, and report_event_daily, kept by a trigger on the analytics events: migration 0027).
// Days are `date` values in SQL and Unix seconds of their UTC midnight here.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/schema';

/** A range of whole UTC days: `from` inclusive, `to` exclusive (YYYY-MM-DD). */
export interface DayRange {
  from: string;
  to: string;
  gameId?: number;
}

// pg answers bigint and numeric aggregates as strings; PGlite as numbers or bigints.
type Num = number | string | bigint;

const dayEpoch = sql<Num>`((day - date '1970-01-01') * 86400)`;

function rollupWhere(r: DayRange): RawBuilder<unknown> {
  return sql`day >= ${r.from}::date and day < ${r.to}::date${
    r.gameId === undefined ? sql`` : sql` and game_id = ${r.gameId}`
  }`;
}

export function createReportsRepository(db: Kysely<DB>) {
  return {
    async games() {
      return db.selectFrom('games').select(['id', 'name']).orderBy('id').execute();
    },

    /** Paid orders per day, game, provider and unit. */
    async revenue(r: DayRange) {
      const { rows } = await sql<{
        day: Num;
        game_id: Num;
        provider: string;
        currency: string;
        paid: Num;
        gross: Num;
        refunded: Num;
        refunded_amount: Num;
      }>`select ${dayEpoch} as day, game_id, provider, currency, sum(paid_count) as paid,
          sum(gross_amount) as gross, sum(refunded_count) as refunded,
          sum(refunded_amount) as refunded_amount
        from report_order_daily where ${rollupWhere(r)}
        group by day, game_id, provider, currency having sum(paid_count) <> 0
        order by day, game_id, provider, currency`.execute(db);
      return rows;
    },

    /** Order counts per day (days without orders are absent). */
    async ordersPerDay(r: DayRange) {
      const { rows } = await sql<{
        day: Num;
        created: Num;
        paid: Num;
        delivered: Num;
        refunded: Num;
      }>`select ${dayEpoch} as day, sum(created_count) as created, sum(paid_count) as paid,
          sum(delivered_count) as delivered, sum(refunded_count) as refunded
        from report_order_daily where ${rollupWhere(r)}
        group by day order by day`.execute(db);
      return rows;
    },

    /** Paid orders and revenue per product and unit over the range. */
    async products(r: DayRange) {
      const { rows } = await sql<{
        product_id: Num;
        game_id: Num;
        currency: string;
        paid: Num;
        gross: Num;
        net: Num;
      }>`select product_id, game_id, currency, sum(paid_count) as paid,
          sum(gross_amount) as gross, sum(gross_amount - refunded_amount) as net
        from report_order_daily where ${rollupWhere(r)}
        group by product_id, game_id, currency having sum(paid_count) <> 0`.execute(db);
      return rows;
    },

    async productNames(ids: number[]) {
      if (ids.length === 0) return [];
      return db.selectFrom('products').select(['id', 'names']).where('id', 'in', ids).execute();
    },

    /**
     * The delivery lag histogram of the orders paid in the range (report_lag_daily): each
     * bucket's lower bound in seconds and how many orders, by bucket.
     */
    async lagHistogram(r: DayRange) {
      const { rows } = await sql<{ bucket: Num; orders: Num }>`
        select lag_bucket as bucket, sum(orders) as orders from report_lag_daily
        where ${rollupWhere(r)} group by lag_bucket having sum(orders) <> 0
        order by lag_bucket`.execute(db);
      return rows.map((row) => ({ bucket: Number(row.bucket), orders: Number(row.orders) }));
    },

    /** Orders paid in the range whose delivery job is dead (report_failed_daily). */
    async deadDeliveries(r: DayRange): Promise<Num> {
      const { rows } = await sql<{ failed: Num | null }>`
        select sum(failed) as failed from report_failed_daily where ${rollupWhere(r)}`.execute(db);
      return rows[0]?.failed ?? 0;
    },

    /** Top-up page views and buy presses in the range (report_event_daily). */
    async funnelEvents(r: DayRange, names: { page: string; showPage: string; buyRequest: string }) {
      const { rows } = await sql<{ views: Num | null; requests: Num | null }>`
        select sum(events) filter (where event = ${names.showPage} and page = ${names.page})
            as views,
          sum(events) filter (where event = ${names.buyRequest}) as requests
        from report_event_daily
        where event in (${names.showPage}, ${names.buyRequest}) and ${rollupWhere(r)}`.execute(db);
      return { views: rows[0]?.views ?? 0, requests: rows[0]?.requests ?? 0 };
    },
  };
}
