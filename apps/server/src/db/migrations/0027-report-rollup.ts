// The console dashboards' daily rollup of orders (docs/console.md#dashboards, ADR 0055).
//
// report_order_daily holds, per UTC day, game, product, payment provider and unit, the counts and
// amounts the dashboards chart. A trigger on `orders` keeps it exact in the same transaction as
// every change of an order (insert, status, paid/completed times, amounts): it takes the old
// row's contribution away and adds the new row's, so the rollup always equals the aggregate of
// the orders table (the dashboard test compares both).
//
// Two contributions per order:
// - created: on the UTC day of created_at, `created_count` 1;
// - paid (when paid_at is set): on the UTC day of paid_at, `paid_count` 1, `gross_amount` the
//   price, `refunded_*` when the order is refunded (status 5; refunds are always whole),
//   `delivered_count` when it was delivered (completed_at set).
// Unit: the order's currency (amounts in its minor units); for HC Point payments (provider
// `epoint`) the unit is `HCP` and the amount is the HC Point paid (hc_price), never money.
//
// report_failed_daily counts dead delivery jobs (see below).
// report_lag_daily holds the delivery lag (paid -> completed, seconds) of the delivered orders as
// a histogram per UTC day of payment and game: whole seconds below two minutes, then two
// significant digits (150 s, 1200 s, …). Percentiles are read from it (reports.repository), so
// the dashboard never sorts a range of orders (ADR 0055).
// Plain SQL valid on PostgreSQL 15 and PGlite. Rebuilding both from the orders is
// modules/reports/rollup.ts (the performance check uses it after a bulk load).
import { sql, type Kysely } from 'kysely';

const statements = [
  sql`create table report_order_daily (
    day date not null,
    game_id integer not null,
    product_id bigint not null,
    provider text not null,
    currency text not null,
    created_count integer not null default 0,
    paid_count integer not null default 0,
    gross_amount bigint not null default 0,
    refunded_count integer not null default 0,
    refunded_amount bigint not null default 0,
    delivered_count integer not null default 0,
    primary key (day, game_id, product_id, provider, currency)
  )`,
  sql`create function report_order_unit(o orders) returns text language sql immutable as $$
    select case when o.provider = 'epoint' then 'HCP' else o.currency end
  $$`,
  sql`create function report_order_amount(o orders) returns bigint language sql immutable as $$
    select case when o.provider = 'epoint' then coalesce(o.hc_price, 0)::bigint
      else o.price::bigint end
  $$`,
  sql`create function report_order_created(o orders, sign integer) returns void
    language plpgsql as $$
    begin
      insert into report_order_daily as r (day, game_id, product_id, provider, currency,
          created_count)
        values ((o.created_at at time zone 'UTC')::date, o.game_id, o.product_id, o.provider,
          report_order_unit(o), sign)
        on conflict (day, game_id, product_id, provider, currency)
        do update set created_count = r.created_count + excluded.created_count;
    end $$`,
  sql`create function report_order_paid(o orders, sign integer) returns void
    language plpgsql as $$
    declare
      amount bigint := report_order_amount(o);
      refunded integer := case when o.status = 5 then 1 else 0 end;
      delivered integer := case when o.completed_at is not null then 1 else 0 end;
    begin
      if o.paid_at is null then return; end if;
      insert into report_order_daily as r (day, game_id, product_id, provider, currency,
          paid_count, gross_amount, refunded_count, refunded_amount, delivered_count)
        values ((o.paid_at at time zone 'UTC')::date, o.game_id, o.product_id, o.provider,
          report_order_unit(o), sign, sign * amount, sign * refunded, sign * refunded * amount,
          sign * delivered)
        on conflict (day, game_id, product_id, provider, currency)
        do update set paid_count = r.paid_count + excluded.paid_count,
          gross_amount = r.gross_amount + excluded.gross_amount,
          refunded_count = r.refunded_count + excluded.refunded_count,
          refunded_amount = r.refunded_amount + excluded.refunded_amount,
          delivered_count = r.delivered_count + excluded.delivered_count;
    end $$`,
  sql`create table report_lag_daily (
    day date not null,
    game_id integer not null,
    lag_bucket integer not null,
    orders integer not null default 0,
    primary key (day, game_id, lag_bucket)
  )`,
  sql`create function report_lag_bucket(seconds double precision) returns integer
    language plpgsql immutable as $$
    declare
      s bigint := greatest(0, floor(seconds))::bigint;
      width bigint;
    begin
      if s < 120 then return s; end if;
      width := (10 ^ (floor(log(s::numeric)) - 1))::bigint;
      return least((s / width) * width, 2147483647)::integer;
    end $$`,
  sql`create function report_order_lag(o orders, sign integer) returns void
    language plpgsql as $$
    begin
      if o.paid_at is null or o.completed_at is null then return; end if;
      insert into report_lag_daily as r (day, game_id, lag_bucket, orders)
        values ((o.paid_at at time zone 'UTC')::date, o.game_id,
          report_lag_bucket(extract(epoch from o.completed_at - o.paid_at)::double precision),
          sign)
        on conflict (day, game_id, lag_bucket) do update set orders = r.orders + excluded.orders;
    end $$`,
  // Only the contributions that changed are written: closing an unpaid order (status 1 -> 4)
  // touches no rollup row, so the worker's sweep never waits on one.
  sql`create function report_order_rollup() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        perform report_order_created(new, 1);
        perform report_order_paid(new, 1);
        perform report_order_lag(new, 1);
        return null;
      end if;
      if tg_op = 'DELETE' then
        perform report_order_created(old, -1);
        perform report_order_paid(old, -1);
        perform report_order_lag(old, -1);
        return null;
      end if;
      if (old.created_at, old.game_id, old.product_id, old.provider, report_order_unit(old))
          is distinct from
          (new.created_at, new.game_id, new.product_id, new.provider, report_order_unit(new)) then
        perform report_order_created(old, -1);
        perform report_order_created(new, 1);
      end if;
      if (old.paid_at, old.game_id, old.product_id, old.provider, report_order_unit(old),
          report_order_amount(old), old.status = 5, old.completed_at is not null)
          is distinct from
          (new.paid_at, new.game_id, new.product_id, new.provider, report_order_unit(new),
          report_order_amount(new), new.status = 5, new.completed_at is not null) then
        perform report_order_paid(old, -1);
        perform report_order_paid(new, 1);
      end if;
      if (old.paid_at, old.completed_at, old.game_id)
          is distinct from (new.paid_at, new.completed_at, new.game_id) then
        perform report_order_lag(old, -1);
        perform report_order_lag(new, 1);
      end if;
      return null;
    end $$`,
  sql`create trigger orders_report_rollup after insert or update or delete on orders
    for each row execute function report_order_rollup()`,
  // Orders that existed before this migration.
  sql`insert into report_order_daily as r (day, game_id, product_id, provider, currency,
      created_count)
    select (o.created_at at time zone 'UTC')::date, o.game_id, o.product_id, o.provider,
      report_order_unit(o), count(*)
    from orders o group by 1, 2, 3, 4, 5`,
  sql`insert into report_order_daily as r (day, game_id, product_id, provider, currency,
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
      delivered_count = excluded.delivered_count`,
  sql`insert into report_lag_daily (day, game_id, lag_bucket, orders)
    select (paid_at at time zone 'UTC')::date, game_id,
      report_lag_bucket(extract(epoch from completed_at - paid_at)::double precision), count(*)
    from orders where paid_at is not null and completed_at is not null group by 1, 2, 3`,
  // Failed deliveries: dead `deliver` jobs per UTC day of their order's payment and game, kept by
  // a trigger on jobs (a job dies, or an operator retries or discards it). An order's paid_at and
  // game never change once it is paid (orders.repository transition), so the key is stable.
  sql`create table report_failed_daily (
    day date not null,
    game_id integer not null,
    failed integer not null default 0,
    primary key (day, game_id)
  )`,
  sql`create function report_job_failed(j jobs, sign integer) returns void
    language plpgsql as $$
    declare
      o record;
    begin
      if j.kind <> 'deliver' or j.state <> 'dead' or j.order_id is null then return; end if;
      select paid_at, game_id into o from orders where id = j.order_id;
      if o.paid_at is null then return; end if;
      insert into report_failed_daily as r (day, game_id, failed)
        values ((o.paid_at at time zone 'UTC')::date, o.game_id, sign)
        on conflict (day, game_id) do update set failed = r.failed + excluded.failed;
    end $$`,
  sql`create function report_job_rollup() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        if tg_op = 'DELETE' or (old.state, old.kind, old.order_id)
            is distinct from (new.state, new.kind, new.order_id) then
          perform report_job_failed(old, -1);
        else
          return null;
        end if;
      end if;
      if tg_op in ('INSERT', 'UPDATE') then perform report_job_failed(new, 1); end if;
      return null;
    end $$`,
  sql`create trigger jobs_report_rollup after insert or update or delete on jobs
    for each row execute function report_job_rollup()`,
  sql`insert into report_failed_daily (day, game_id, failed)
    select (o.paid_at at time zone 'UTC')::date, o.game_id, count(*)
    from jobs j join orders o on o.id = j.order_id
    where j.kind = 'deliver' and j.state = 'dead' and o.paid_at is not null
    group by 1, 2`,
  // The funnel: stored analytics events per UTC day of event_at, game (0 when the event names
  // none), event name and page, kept by a statement trigger on analytics_events, so the
  // dashboard sums a few rows per day instead of counting a range of events (ADR 0055). A
  // collector batch is one insert statement: its events are added in one upsert per key. The
  // retention purge deletes events, not their counts: the dashboard keeps the days it purged.
  sql`create table report_event_daily (
    day date not null,
    game_id integer not null,
    event text not null,
    page text not null,
    events integer not null default 0,
    primary key (day, game_id, event, page)
  )`,
  sql`create function report_event_rollup() returns trigger language plpgsql as $$
    begin
      insert into report_event_daily as r (day, game_id, event, page, events)
        select (e.event_at at time zone 'UTC')::date, coalesce(e.game_id, 0), e.event, e.page,
          count(*)
        from new_events e group by 1, 2, 3, 4 order by 1, 2, 3, 4
        on conflict (day, game_id, event, page) do update set events = r.events + excluded.events;
      return null;
    end $$`,
  sql`create trigger analytics_events_report_rollup after insert on analytics_events
    referencing new table as new_events
    for each statement execute function report_event_rollup()`,
  sql`insert into report_event_daily (day, game_id, event, page, events)
    select (event_at at time zone 'UTC')::date, coalesce(game_id, 0), event, page, count(*)
    from analytics_events group by 1, 2, 3, 4`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
