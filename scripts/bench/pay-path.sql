-- pgbench script of `npm run bench` (scripts/bench.mjs, docs/benchmarks.md): the SQL of one
-- HC Point purchase exactly as the server sends it, one statement per round trip, so that
-- server/pgbench measures what the HTTP layer and Node cost on top of the database work.
-- Keep it in step with apps/server/src/modules/orders (create-order.ts, pay-with-hc-point.ts,
-- orders.repository.ts), modules/catalog, modules/auth (the player) and lib/rate-counter; see
-- ADR 0023, ADR 0062 and ADR 0063. Values the server sends as parameters are pgbench variables here, so
-- `-M prepared` sends them as parameters too; the server's timestamps are now() here. A colon
-- inside a string is written chr(58): pgbench would read `:name` as a variable.
--   POST /api/order/webCreate: the player and their game accounts (the session comes from the
--     session cache, ADR 0058), the attempt counted (rate counter), the product; then in one
--     transaction: the account locked with the HC Point balance read, the open orders, the order
--     and its first timeline row in one statement.
--   POST /api/payment/order/epoint/pay (the session from the cache): one statement, its own
--     transaction: the order locked, the buckets locked, the order to paid with its timeline row
--     and delivery job, the debit transfer and its entries (system_spend last).
-- One run of this script = one create + one pay. Variables (-D): payers, uidmin, accmin
-- (contiguous bench players), product (the pack's id; the server finds it by cp_goods_id).
\set i random(0, :payers - 1)
\set uid :uidmin + :i
\set acc :accmin + :i
\set game 1
\set unpaid 1
\set paid 6
\set limit 100
\set one 1
-- POST /api/order/webCreate
select "a"."account", (select coalesce(json_agg(agg), '[]') from (select "ga"."id", "ga"."game_id"
  from "game_accounts" as "ga" inner join "games" as "g" on "g"."id" = "ga"."game_id"
  where "ga"."account_id" = "a"."id" and "ga"."unbound_at" is null order by "g"."sort", "ga"."id")
  as agg) as "game_accounts" from "accounts" as "a" where "a"."id" = :acc;
insert into "analytics_rate" ("bucket", "window_start", "count")
  values ('orders' || chr(58) || 'create' || chr(58) || :acc, date_trunc('minute', now()), :one)
  on conflict ("bucket", "window_start") do update set "count" = analytics_rate.count + :one
  returning "count";
select "id", "game_id", "cp_goods_id", "kind", "names", "price", "currency", "icon", "bonus",
  "gift", "amount", "items", "rebate", "server_ids", "sort", "active", "created_at", "icons",
  "sale_begin_at", "sale_end_at", "updated_at" from "products"
  where "game_id" = :game and "cp_goods_id" = 'pack_adventurer' and "active" = true;
begin;
select (select coalesce(sum(balance), 0) from ledger_accounts
    where game_account_id = :uid and kind in ('basic', 'present')) as hc_point
  from accounts where id = :acc for no key update of accounts;
select "id", "sdk_order_id", "account_id", "game_account_id", "game_id", "server_id",
  "server_name", "role_id", "role_name", "product_id", "cp_goods_id", "kind", "item_name",
  "item_names", "price", "currency", "hc_amount", "hc_gift", "hc_price", "items", "channel_code",
  "provider", "provider_ref", "payment_ref", "pay_url", "checkout_until", "payment_checked_at",
  "status", "language", "idempotency_key", "expires_at", "paid_at", "completed_at", "created_at",
  "updated_at" from "orders"
  where "account_id" = :acc and "status" = :unpaid and "expires_at" > now()
  order by "created_at" desc limit :limit;
with "o" as (insert into "orders" ("sdk_order_id", "account_id", "game_account_id", "game_id",
    "server_id", "server_name", "role_id", "role_name", "product_id", "cp_goods_id", "kind",
    "item_name", "item_names", "price", "currency", "hc_amount", "hc_gift", "hc_price", "items",
    "channel_code", "provider", "pay_url", "checkout_until", "status", "language",
    "idempotency_key", "expires_at", "created_at", "updated_at")
  values ('HC' || to_char(now(), 'YYYYMMDD') || upper(substr(md5(random()::text), 1, 12)), :acc,
    :uid, :game, 1, 'Dawn', 'r-' || :uid || '-1', 'Hero' || :uid, :product, 'pack_adventurer',
    'game', 'Adventurer''s Satchel', '{"en-US": "Adventurer''s Satchel"}', 499, 'USD', null, 0,
    499, '[{"name": "Gems", "count": 330, "item_id": "gem"}]', 'epoint', 'epoint',
    'http://127.0.0.1/main/recharge/detail/x', null, :unpaid, 'en-US', null,
    now() + interval '30 minutes', now(), now())
  returning "id", "sdk_order_id", "account_id", "game_account_id", "game_id", "server_id",
    "server_name", "role_id", "role_name", "product_id", "cp_goods_id", "kind", "item_name",
    "item_names", "price", "currency", "hc_amount", "hc_gift", "hc_price", "items",
    "channel_code", "provider", "provider_ref", "payment_ref", "pay_url", "checkout_until",
    "payment_checked_at", "status", "language", "idempotency_key", "expires_at", "paid_at",
    "completed_at", "created_at", "updated_at"),
  "e" as (insert into "order_events" ("order_id", "status", "note", "created_at")
    select "o"."id", :unpaid::smallint as "status", null as "note", now() as "created_at" from "o")
select "id" as oid, "sdk_order_id" as sdk from "o" \gset
commit;
-- POST /api/payment/order/epoint/pay
with o as (
    select id, game_account_id, hc_price from orders
    where sdk_order_id = :sdk and account_id = :acc
      and provider = 'epoint' and hc_price > 0 and status = :unpaid
      and expires_at > now() and kind = 'game' and hc_gift = 0
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
    update orders set status = :paid, updated_at = now(), paid_at = now()
    from s
    where orders.id = s.id and orders.status = :unpaid and s.present + s.basic >= s.amount
    returning orders.id, orders.sdk_order_id),
  timeline as (
    insert into order_events (order_id, status, note, created_at)
    select id, :paid::smallint, null, now() from paid),
  job as (
    insert into jobs (kind, dedupe_key, order_id, payload, run_at, created_at, updated_at)
    select 'deliver', 'deliver' || chr(58) || sdk_order_id, id, '{}', now(), now(), now() from paid
    on conflict (dedupe_key) do nothing
    returning pg_notify('hc_invalidation', 'jobs')),
  t as (
    insert into ledger_transfers (idempotency_key, kind)
    select :sdk::text || chr(58) || 'epoint-pay', 'debit' from paid
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
from paid cross join s;
