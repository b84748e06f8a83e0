// Data access of the rollup rebuild (rollup.ts): the statements that rebuild report_order_daily,
// report_lag_daily and report_failed_daily (migration 0027) from the orders and the jobs. `db` is
// the rebuild's transaction.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export function createRollupRepository(db: Kysely<DB>) {
  return {
    /**
     * Locks orders and jobs (share mode: no writes until the transaction ends), empties the three
     * rollups and refills them from the orders and the jobs; several statements that belong
     * together, so call it on a repository built from a transaction.
     */
    async rebuild(): Promise<void> {
      await sql`lock table orders in share mode`.execute(db);
      await sql`delete from report_order_daily`.execute(db);
      await sql`lock table jobs in share mode`.execute(db);
      await sql`delete from report_lag_daily`.execute(db);
      await sql`delete from report_failed_daily`.execute(db);
      await sql`insert into report_order_daily (day, game_id, product_id, provider, currency,
          created_count)
        select (o.created_at at time zone 'UTC')::date, o.game_id, o.product_id, o.provider,
          report_order_unit(o), count(*)
        from orders o group by 1, 2, 3, 4, 5`.execute(db);
      await sql`insert into report_order_daily as r (day, game_id, product_id, provider, currency,
          paid_count, gross_amount, refunded_count, refunded_amount, delivered_count)
        select (o.paid_at at time zone 'UTC')::date, o.game_id, o.product_id, o.provider,
          report_order_unit(o), count(*), sum(report_order_amount(o)),
          count(*) filter (where o.status = 5),
          coalesce(sum(report_order_amount(o)) filter (where o.status = 5), 0),
          count(*) filter (where o.completed_at is not null)
        from orders o where o.paid_at is not null group by 1, 2, 3, 4, 5
        on conflict (day, game_id, product_id, provider, currency)
        do update set paid_count = excluded.paid_count, gross_amount = excluded.gross_amount,
          refunded_count = excluded.refunded_count, refunded_amount = excluded.refunded_amount,
          delivered_count = excluded.delivered_count`.execute(db);
      await sql`insert into report_lag_daily (day, game_id, lag_bucket, orders)
        select (paid_at at time zone 'UTC')::date, game_id,
          report_lag_bucket(extract(epoch from completed_at - paid_at)::double precision), count(*)
        from orders where paid_at is not null and completed_at is not null
        group by 1, 2, 3`.execute(db);
      await sql`insert into report_failed_daily (day, game_id, failed)
        select (o.paid_at at time zone 'UTC')::date, o.game_id, count(*)
        from jobs j join orders o on o.id = j.order_id
        where j.kind = 'deliver' and j.state = 'dead' and o.paid_at is not null
        group by 1, 2`.execute(db);
    },
  };
}
