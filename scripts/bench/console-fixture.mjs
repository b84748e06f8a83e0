// The console bench's data set (docs/benchmarks.md#console): on a migrated bench database that
// holds the demo game (seed-demo), set-based SQL (INSERT … SELECT generate_series) loads
//   - BENCH_CONSOLE_PLAYERS (100,000) accounts, each with a game account on game 1;
//   - BENCH_CONSOLE_ORDERS (1,000,000) orders over the last 180 days across the demo game's
//     servers and packs: mostly delivered, some paid / refunded / failed / closed / unpaid; paid
//     with sandbox, Stripe, PayPal or HC Point; in USD, EUR, GBP or JPY; each with its timeline
//     (created, paid, delivered / failed / refunded / closed);
//   - the HC Point ledger those orders imply: a starting credit per HC Point spender, the credit
//     of every delivered HC Point pack, the debit of every HC Point payment and the refunds. The
//     ledger's triggers stay on (docs/product/hc-point.md#balances): every transfer sums to zero
//     at commit, balances move only through entries and never go below zero. Entries go in
//     batches of separate transactions with a VACUUM of ledger_accounts every few batches,
//     because each entry updates its system account's balance row, and updates of one row slow
//     down as its dead versions pile up;
//   - the delivery jobs of paid game packs, the top-up funnel in analytics_events (show_page of
//     the top-up page, buy_request, buy_done) and operator entries in the audit log;
// then ANALYZE. `node scripts/bench/console-fixture.mjs <database-url>` loads it on its own.
import pg from 'pg';

export const FIXTURE_DEFAULTS = {
  players: Number(process.env.BENCH_CONSOLE_PLAYERS ?? 100_000),
  orders: Number(process.env.BENCH_CONSOLE_ORDERS ?? 1_000_000),
  days: 180,
};

const LEDGER_BATCH = Number(process.env.BENCH_CONSOLE_LEDGER_BATCH ?? 1_000);

/**
 * The plain indexes of `tables` (not those behind a primary key or unique constraint), as
 * pg_get_indexdef gives them: dropped before the bulk inserts and built again after, with the
 * same definitions; one sort per index is much faster than 1,000,000 insertions into each.
 */
async function plainIndexes(q, tables) {
  const { rows } = await q(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
    from pg_index i
    where i.indrelid = any($1::regclass[])
      and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
    [tables],
  );
  return rows;
}

/** Per-step timings, printed as they finish. */
function stepper(log) {
  const steps = [];
  return {
    steps,
    async step(name, fn) {
      const t0 = performance.now();
      const rows = await fn();
      const seconds = Math.round((performance.now() - t0) / 100) / 10;
      steps.push({ name, seconds, rows });
      log(`  ${name}: ${rows ?? ''}${rows === undefined ? '' : ' rows, '}${seconds} s`);
    },
  };
}

/**
 * Loads the data set into `url`; answers the timings and samples of real inputs (players,
 * orders) for the measured calls.
 */
export async function loadConsoleFixture(url, options = {}) {
  const { players, orders, days } = { ...FIXTURE_DEFAULTS, ...options };
  const log = options.log ?? ((line) => console.log(line));
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const q = (text, params) => client.query(text, params);
  const count = async (text, params) => (await q(text, params)).rowCount;
  const { steps, step } = stepper(log);
  const t0 = performance.now();
  try {
    await q(`set synchronous_commit = off`);
    await q(`set work_mem = '256MB'`);
    await q(`set maintenance_work_mem = '512MB'`);
    await q(`select setseed(0.42)`);

    // The demo game's servers, as its gateway reports them (apps/demo-game/src/state.ts).
    await q(`insert into game_servers (game_id, server_id, name, state, sort)
      values (1, 1, 'Dawn', 0, 1), (1, 2, 'Tide', 0, 2), (1, 3, 'Ember', 1, 3)
      on conflict (game_id, server_id) do nothing`);

    await step('accounts', () =>
      count(
        `insert into accounts (account, email, phone, password_hash, created_at, language)
        select 'bc' || lpad(n::text, 7, '0'),
          case when n % 10 <> 0 then 'bc' || lpad(n::text, 7, '0') || '@bench.example' end,
          case when n % 3 = 0 then '+1555' || lpad(n::text, 7, '0') end,
          null,
          now() - interval '400 days' * (1 - n::float8 / $1) - interval '1 day',
          (array['en-US', 'zh-CN', 'ja-JP'])[1 + n % 3]
        from generate_series(1, $1) n`,
        [players],
      ),
    );
    await q(`create temp table bp as
      select row_number() over (order by id)::int as n, id as account_id, created_at
      from accounts where account ~ '^bc[0-9]{7}$'`);
    await q(`alter table bp add primary key (n)`);
    await step('game accounts', () =>
      count(
        `insert into game_accounts (account_id, game_id, uid, display_name, created_at, bound_at)
        select account_id, 1, (1000000 + n)::text, 'Hero' || n, created_at, created_at from bp`,
      ),
    );
    await q(`alter table bp add column ga_id bigint`);
    await q(`update bp set ga_id = ga.id from game_accounts ga
      where ga.account_id = bp.account_id and ga.game_id = 1`);
    await step('ledger accounts', () =>
      count(
        `insert into ledger_accounts (game_account_id, kind)
        select ga_id, k from bp cross join (values ('basic'), ('present')) v(k)
        on conflict (game_account_id, kind) do nothing`,
      ),
    );

    // The plan of each order: who, when, what, how paid, in what currency, what became of it.
    // Heavy buyers exist (player drawn with a square), recent days are busier.
    const packs = async (kind) =>
      (
        await q(`select id from products where game_id = 1 and kind = $1 order by id`, [kind])
      ).rows.map((r) => Number(r.id));
    const gamePacks = await packs('game');
    const coinPacks = await packs('coin');
    // Bulk-loaded tables whose indexes no trigger needs during the load.
    const indexes = await plainIndexes(q, [
      'orders',
      'order_events',
      'jobs',
      'analytics_events',
      'audit_log',
    ]);
    for (const ix of indexes) await q(`drop index ${ix.name}`);
    await step('order plan', () =>
      count(
        `create temp table bo as
        select g,
          1 + floor($2 * r1 * r1)::int as n,
          now() - interval '1 day' * $3 * (1 - sqrt(r2)) as created_at,
          case when r3 < 0.7 then ($4::bigint[])[1 + floor(r4 * cardinality($4::bigint[]))::int]
            else ($5::bigint[])[1 + floor(r4 * cardinality($5::bigint[]))::int] end as product_id,
          r5, r6, 1 + floor(r7 * 3)::int as server_id
        from (select g, random() r1, random() r2, random() r3, random() r4, random() r5,
              random() r6, random() r7
            from generate_series(1, $1) g) s`,
        [orders, players, days, gamePacks, coinPacks],
      ),
    );
    await step('orders', () =>
      count(
        `insert into orders (sdk_order_id, account_id, game_account_id, game_id, server_id,
            server_name, role_id, role_name, product_id, cp_goods_id, kind, item_name, item_names,
            price, currency, hc_amount, hc_gift, hc_price, items, channel_code, provider,
            provider_ref, payment_ref, pay_url, status, language, expires_at, paid_at,
            completed_at, created_at, updated_at)
        select o.sdk, bp.account_id, bp.ga_id, 1, bo.server_id,
          (array['Dawn', 'Tide', 'Ember'])[bo.server_id], 'r-' || (1000000 + bp.n) || '-1',
          'Hero' || bp.n, p.id, p.cp_goods_id, p.kind, p.names ->> 'en-US', p.names,
          case o.cur when 'USD' then p.price when 'EUR' then ceil(p.price * 0.92)::int
            when 'GBP' then ceil(p.price * 0.79)::int else ceil(p.price * 1.5)::int end,
          o.cur,
          case when p.kind = 'coin' then p.amount end,
          case when p.kind = 'coin' then p.gift else 0 end,
          case when o.ch = 'epoint' then p.price end,
          p.items, o.ch, o.ch,
          case when o.ch <> 'epoint' then o.ch || '_' || md5(o.sdk) end,
          case when o.ch <> 'epoint' and o.st in (2, 3, 5, 6) then 'pi_' || md5(o.sdk || 'p') end,
          case when o.ch <> 'epoint' then 'https://pay.bench.example/' || o.sdk end,
          o.st, 'en-US', bo.created_at + interval '30 minutes',
          case when o.st in (2, 3, 5, 6) then bo.created_at + interval '1 second' * (20 + floor(bo.r6 * 280)) end,
          case when o.st in (2, 5) then bo.created_at + interval '1 second' * (25 + floor(bo.r6 * 290)) end,
          bo.created_at,
          case o.st when 1 then bo.created_at when 4 then bo.created_at + interval '30 minutes'
            when 5 then bo.created_at + interval '2 days'
            else bo.created_at + interval '1 second' * (25 + floor(bo.r6 * 290)) end
        from bo
        join bp on bp.n = bo.n
        join products p on p.id = bo.product_id
        cross join lateral (select
            'HC' || to_char(bo.created_at, 'YYYYMMDD') || upper(lpad(to_hex(bo.g), 8, '0')) as sdk,
            case when p.kind = 'game' and bo.r5 < 0.15 then 'epoint'
              when bo.r5 < 0.25 then 'sandbox' when bo.r5 < 0.75 then 'stripe' else 'paypal' end
              as ch,
            case when floor(bo.r5 * 1000)::int % 10 < 6 then 'USD'
              when floor(bo.r5 * 1000)::int % 10 < 8 then 'EUR'
              when floor(bo.r5 * 1000)::int % 10 < 9 then 'GBP' else 'JPY' end as cur,
            -- unpaid: still open within its 30 minutes or left open by a failed checkout, else
            -- closed when it expired
            case when bo.r6 < 0.85 then 2 when bo.r6 < 0.87 then 6 when bo.r6 < 0.90 then 5
              when bo.r6 < 0.92 then 3 when bo.r6 < 0.96 then 4 else 1 end as st) o
        order by bo.created_at`,
      ),
    );
    await q(`create temp table oo as select o.id, sdk_order_id, game_account_id, kind, status,
      channel_code, hc_price, hc_amount, hc_gift, o.created_at, paid_at, completed_at, updated_at,
      expires_at, o.account_id from orders o join bp on bp.account_id = o.account_id`);
    await step('order events', () =>
      count(
        `insert into order_events (order_id, status, note, created_at)
        select id, s, note, at from (
          select id, 1 as s, null as note, created_at as at, 1 as k from oo
          union all select id, 6, null, paid_at, 2 from oo where status in (2, 3, 5, 6)
          union all select id, 2, null, completed_at, 3 from oo where status in (2, 5)
          union all select id, 3, 'delivery failed: game answered an error', updated_at, 3
            from oo where status = 3
          union all select id, 5, 'refunded at the provider', updated_at, 4
            from oo where status = 5
          union all select id, 4, 'expired unpaid', expires_at, 2 from oo where status = 4
        ) e order by at, id, k`,
      ),
    );
    await step('delivery jobs', () =>
      count(
        `insert into jobs (kind, dedupe_key, order_id, payload, state, attempts, run_at,
            last_error, result, created_at, updated_at)
        select 'deliver', 'deliver:' || sdk_order_id, id, '{}',
          case status when 3 then 'dead' when 6 then 'pending' else 'done' end,
          case status when 3 then 8 else 1 end, paid_at,
          case status when 3 then 'game answered 500' end,
          case when status in (2, 5) then '{"delivered": true}'::jsonb end,
          paid_at, coalesce(completed_at, updated_at)
        from oo where kind = 'game' and status in (2, 3, 5, 6)`,
      ),
    );

    // The ledger, as the server books it (modules/wallet, modules/orders): phase 1 a starting
    // credit per HC Point spender covering everything they later spend or give back, 2 credits
    // of delivered HC Point packs, 3 HC Point payments, 4 refunds of HC Point payments, 5
    // take-backs of refunded HC Point packs. Applied in this order, no balance goes below zero.
    await q(`create temp table bm (
      seq bigserial primary key, key text not null, kind text not null, at timestamptz not null,
      basic_acc bigint not null, basic bigint not null, present_acc bigint, present bigint,
      sys_basic bigint not null, sys_present bigint)`);
    const sys = Object.fromEntries(
      (await q(`select kind, id from ledger_accounts where game_account_id is null`)).rows.map(
        (r) => [r.kind, Number(r.id)],
      ),
    );
    await q(`create temp table la as select game_account_id as ga, kind, id from ledger_accounts
      where game_account_id is not null`);
    await q(`create index on la (ga, kind)`);
    await step('ledger plan', async () => {
      let n = 0;
      n += await count(
        `insert into bm (key, kind, at, basic_acc, basic, sys_basic)
        select 'bench-seed:' || s.ga, 'credit', min(a.created_at), la.id, sum(s.amount), $1
        from (select game_account_id as ga, hc_price as amount from oo
              where channel_code = 'epoint' and status in (2, 3, 5, 6)
            union all select game_account_id, hc_amount from oo
              where kind = 'coin' and status = 5) s
        join bp a on a.ga_id = s.ga
        join la on la.ga = s.ga and la.kind = 'basic'
        group by s.ga, la.id order by 3`,
        [sys.system_purchase],
      );
      n += await count(
        `insert into bm (key, kind, at, basic_acc, basic, present_acc, present, sys_basic,
            sys_present)
        select sdk_order_id || ':credit', 'credit', completed_at, b.id, hc_amount, p.id,
          hc_gift, $1, $2
        from oo join la b on b.ga = oo.game_account_id and b.kind = 'basic'
          join la p on p.ga = oo.game_account_id and p.kind = 'present'
        where oo.kind = 'coin' and status in (2, 5) order by completed_at`,
        [sys.system_purchase, sys.system_bonus],
      );
      n += await count(
        `insert into bm (key, kind, at, basic_acc, basic, sys_basic)
        select sdk_order_id || ':epoint-pay', 'debit', paid_at, b.id, -hc_price, $1
        from oo join la b on b.ga = oo.game_account_id and b.kind = 'basic'
        where channel_code = 'epoint' and status in (2, 3, 5, 6) order by paid_at`,
        [sys.system_spend],
      );
      n += await count(
        `insert into bm (key, kind, at, basic_acc, basic, sys_basic)
        select sdk_order_id || ':epoint-refund', 'refund', updated_at, b.id, hc_price, $1
        from oo join la b on b.ga = oo.game_account_id and b.kind = 'basic'
        where channel_code = 'epoint' and status = 5 order by updated_at`,
        [sys.system_spend],
      );
      n += await count(
        `insert into bm (key, kind, at, basic_acc, basic, sys_basic)
        select sdk_order_id || ':refund', 'refund', updated_at, b.id, -hc_amount, $1
        from oo join la b on b.ga = oo.game_account_id and b.kind = 'basic'
        where oo.kind = 'coin' and status = 5 order by updated_at`,
        [sys.system_refund],
      );
      await q(`create index on bm (key)`);
      await q(`analyze bm`);
      return n;
    });
    await step('ledger transfers + entries (triggers on)', async () => {
      const { rows } = await q(`select min(seq)::bigint lo, max(seq)::bigint hi from bm`);
      const lo = Number(rows[0].lo ?? 1);
      const hi = Number(rows[0].hi ?? 0);
      let entries = 0;
      for (let from = lo; from <= hi; from += LEDGER_BATCH) {
        await q('begin');
        entries += await count(
          `with t as (
            insert into ledger_transfers (idempotency_key, kind, created_at)
            select key, kind, at from bm where seq >= $1 and seq < $2 order by seq
            returning id, idempotency_key)
          insert into ledger_entries (transfer_id, ledger_account_id, amount, created_at)
          select t.id, e.acc, e.amount, bm.at
          from t join bm on bm.key = t.idempotency_key
          cross join lateral (values (1, bm.basic_acc, bm.basic),
              (2, bm.present_acc, bm.present), (3, bm.sys_basic, -bm.basic),
              (4, bm.sys_present, -bm.present)) e(i, acc, amount)
          where e.amount is not null and e.amount <> 0
          order by bm.seq, e.i`,
          [from, from + LEDGER_BATCH],
        );
        await q('commit');
        // Each entry leaves a dead version of its ledger account row (the system rows most of
        // all); cleared now and then, or every later update walks past all of them.
        if (((from - lo) / LEDGER_BATCH) % 5 === 4) await q('vacuum ledger_accounts');
      }
      return entries;
    });

    // The top-up funnel (modules/analytics/analytics.report.ts): every order's device saw the
    // top-up page and asked to buy; paid ones completed; as many devices again only looked.
    await step('analytics events', () =>
      count(
        `insert into analytics_events (received_at, event_at, device_id, sid, seq, event, page,
            game_id, account_id, lang, trafficsource)
        select at, at, 'dev' || lpad(n::text, 8, '0'), 's' || sid, seq, ev, '/main/recharge', 1,
          acc, 'en-US', 'organic'
        from (
          select oo.created_at - interval '2 minutes' as at, a.n, oo.id::text as sid, 0 as seq,
            'webpay_show_page' as ev, oo.account_id as acc
            from oo join bp a on a.account_id = oo.account_id
          union all select oo.created_at, a.n, oo.id::text, 1, 'webpay_buy_request', oo.account_id
            from oo join bp a on a.account_id = oo.account_id
          union all select paid_at, a.n, oo.id::text, 2, 'webpay_buy_done', oo.account_id
            from oo join bp a on a.account_id = oo.account_id where paid_at is not null
          union all select oo.created_at - interval '3 hours', $1 + (oo.id % $1), 'x' || oo.id, 0,
            'webpay_show_page', null from oo where oo.id % 2 = 0
        ) e order by at`,
        [players],
      ),
    );
    await step('audit log', () =>
      count(
        `insert into audit_log (at, actor_kind, actor, ip, action, target, before, after)
        select now() - interval '1 day' * $1 * random(), 'operator',
          (array['alice', 'bob', 'carol', 'dave'])[1 + g % 4], '10.0.0.' || (g % 50),
          (array['player.lock', 'player.unlock', 'player.reveal', 'catalog.pack.update',
            'player.sessions.end', 'adjustment.create'])[1 + g % 6],
          'account:' || (select account_id from bp where n = 1 + (g * 7919) % $2),
          '{"locked": false}', '{"locked": true}'
        from generate_series(1, 50000) g`,
        [days, players],
      ),
    );
    await step(`indexes rebuilt (${indexes.length})`, async () => {
      for (const ix of indexes) await q(ix.def);
      return undefined;
    });
    // As autovacuum would have by the time a real database holds this much: the rollup tables
    // the orders trigger upserts into (one update per order) shed their dead versions, the
    // visibility map is set for index-only scans, and the planner has statistics.
    await step('vacuum analyze', async () => {
      await q('vacuum (analyze)');
      return undefined;
    });

    const samples = await q(
      `select a.id, a.account, a.email, a.phone, ga.uid, ga.id as ga_id,
        (select sdk_order_id from orders o where o.account_id = a.id order by id desc limit 1)
          as order_no,
        (select id from orders o where o.account_id = a.id order by id desc limit 1) as order_id
      from accounts a join game_accounts ga on ga.account_id = a.id and ga.game_id = 1
      where a.account like 'bc%' and exists (select 1 from orders o where o.account_id = a.id)
      order by md5(a.id::text) limit 400`,
    );
    return {
      players,
      orders,
      days,
      seconds: Math.round((performance.now() - t0) / 100) / 10,
      steps,
      samples: samples.rows.map((r) => ({
        id: Number(r.id),
        account: r.account,
        email: r.email,
        phone: r.phone,
        uid: r.uid,
        gameAccountId: Number(r.ga_id),
        orderNo: r.order_no,
        orderId: Number(r.order_id),
      })),
    };
  } finally {
    await client.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.argv[2];
  if (url === undefined) {
    console.error('usage: node scripts/bench/console-fixture.mjs <database-url>');
    process.exit(2);
  }
  const r = await loadConsoleFixture(url);
  console.log(`loaded ${r.players} players, ${r.orders} orders in ${r.seconds} s`);
}
