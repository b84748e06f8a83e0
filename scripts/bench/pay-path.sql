-- pgbench script of `npm run bench` (scripts/bench.mjs, docs/benchmarks.md): the SQL of one
-- HC Point purchase exactly as the server sends it, one statement per round trip, so that
-- server/pgbench measures what the HTTP layer and Node cost on top of the database work.
-- Keep it in step with apps/server/src/modules/orders/orders.service.ts (create,
-- payWithHcPoint) and modules/wallet (debitHcPointWithBalance); see ADR 0023.
--   POST /api/order/webCreate: session, player, game accounts, product, then the order and its
--     first timeline row in one statement.
--   POST /api/payment/order/epoint/pay: session; in one transaction: the order to paid with its
--     timeline row and delivery job in one statement, lock the buckets with the key check, then
--     the debit transfer and its entries in one statement, last.
-- One run of this script = one create + one pay. Variables (-D): payers, uidmin, accmin
-- (contiguous bench players), product (the pack's id).
\set i random(0, :payers - 1)
\set uid :uidmin + :i
\set acc :accmin + :i
-- POST /api/order/webCreate
SELECT * FROM sessions WHERE account_id = :acc;
SELECT * FROM accounts WHERE id = :acc;
SELECT ga.id, ga.account_id, ga.game_id FROM game_accounts ga JOIN games g ON g.id = ga.game_id
  WHERE ga.account_id = :acc ORDER BY g.sort, ga.id;
SELECT * FROM products WHERE game_id = 1 AND id = :product AND active;
WITH o AS (
  INSERT INTO orders (sdk_order_id, account_id, game_account_id, game_id, server_id,
      server_name, role_id, role_name, product_id, cp_goods_id, kind, item_name, item_names,
      price, currency, hc_amount, hc_gift, hc_price, items, channel_code, provider, pay_url,
      status, language, expires_at, created_at, updated_at)
    SELECT 'HC' || to_char(now(), 'YYYYMMDD') || upper(substr(md5(random()::text), 1, 12)),
      :acc::bigint, :uid::bigint, 1, 1, 'Dawn', 'r-' || :uid::text || '-1',
      'Hero' || :uid::text, p.id, p.cp_goods_id, p.kind, p.names ->> 'en-US', p.names, p.price,
      p.currency, null, 0, p.price, p.items, 'epoint', 'epoint',
      'http://127.0.0.1/main/recharge/detail/x', 1, 'en-US', now() + interval '30 minutes',
      now(), now()
    FROM products p WHERE p.id = :product
    RETURNING *),
  e AS (INSERT INTO order_events (order_id, status, note, created_at)
    SELECT o.id, 1::smallint, null, now() FROM o)
SELECT id AS oid, sdk_order_id AS sdk, hc_price AS amount FROM o \gset
-- POST /api/payment/order/epoint/pay
SELECT * FROM sessions WHERE account_id = :acc;
BEGIN;
WITH paid AS (
  UPDATE orders SET status = 6, updated_at = now(), paid_at = now()
    WHERE sdk_order_id = :sdk AND account_id = :acc AND provider = 'epoint'
      AND hc_price IS NOT NULL AND status = 1 AND expires_at > now() AND kind = 'game'
      AND hc_gift = 0
    RETURNING *),
  timeline AS (INSERT INTO order_events (order_id, status, note, created_at)
    SELECT id, 6::smallint, null, now() FROM paid),
  job AS (INSERT INTO jobs (kind, dedupe_key, order_id, payload, run_at, created_at, updated_at)
    SELECT 'deliver', 'deliver' || chr(58) || sdk_order_id, id, '{}', now(), now(), now()
    FROM paid ON CONFLICT (dedupe_key) DO NOTHING)
SELECT * FROM paid;
SELECT k.key_used, b.id, b.kind, b.balance
  FROM (SELECT EXISTS (SELECT 1 FROM ledger_transfers
    WHERE idempotency_key = :sdk::text || chr(58) || 'epoint-pay') AS key_used) k
  LEFT JOIN LATERAL (SELECT id, kind, balance FROM ledger_accounts
    WHERE game_account_id = :uid ORDER BY id FOR UPDATE) b ON true;
WITH t AS (
  INSERT INTO ledger_transfers (idempotency_key, kind)
    VALUES (:sdk::text || chr(58) || 'epoint-pay', 'debit')
    ON CONFLICT (idempotency_key) DO NOTHING RETURNING id)
INSERT INTO ledger_entries (transfer_id, ledger_account_id, amount)
  SELECT t.id, x.account_id, x.amount FROM t
  CROSS JOIN (VALUES
    ((SELECT id FROM ledger_accounts WHERE game_account_id = :uid AND kind = 'basic'),
      -(:amount::bigint)),
    ((SELECT id FROM ledger_accounts WHERE game_account_id IS NULL AND kind = 'system_spend'),
      :amount::bigint)) AS x (account_id, amount)
  RETURNING transfer_id;
COMMIT;
