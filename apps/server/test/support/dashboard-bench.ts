// The dashboard's performance check (docs/console.md#dashboards, ADR 0055): a fresh PostgreSQL
// database with N orders spread over 90 days (paid, delivered, some refunded, in three
// currencies and four providers), then the 90-day dashboard call timed as the server runs it.
//
//   TEST_DATABASE_URL=postgres://… node --import tsx apps/server/test/support/dashboard-bench.ts [orders]
import { sql } from 'kysely';
import { openPostgres } from '../../src/db/database';
import { migrateToLatest } from '../../src/db/migrate';
import { createDashboardService } from '../../src/modules/reports/dashboard.service';
import { createReportsRepository } from '../../src/modules/reports/reports.repository';
import { rebuildReportRollups } from '../../src/modules/reports/rollup';
import { createPostgresDatabase } from './databases';

const total = Number(process.argv[2] ?? 1_000_000);
const { url, drop } = await createPostgresDatabase();
const database = openPostgres(url, 8);
try {
  await migrateToLatest(database);
  const db = database.db;
  await sql`insert into games (id, name) values (1, 'One'), (2, 'Two'), (3, 'Three')`.execute(db);
  await sql`insert into accounts (account) values ('bench')`.execute(db);
  const account = await sql<{ id: string }>`select id from accounts limit 1`.execute(db);
  const accountId = account.rows[0]!.id;
  await sql`insert into game_accounts (account_id, game_id) values (${accountId}, 1)`.execute(db);
  const ga = await sql<{ id: string }>`select id from game_accounts limit 1`.execute(db);
  await sql`insert into products (game_id, cp_goods_id, kind, names, price, currency, icon)
    select 1 + (i % 3), 'p' || i, 'game', '{"en-US":"Pack"}', 100 + i * 50,
      (array['USD','EUR','JPY'])[1 + (i % 3)], '' from generate_series(1, 30) i`.execute(db);
  const end = Date.UTC(2026, 0, 1) / 1000;
  const start = end - 90 * 86_400;
  const t0 = Date.now();
  // Bulk-loaded with the rollup trigger off, then the rollups rebuilt from the orders (with the
  // trigger on, 1,000,000 inserts take minutes on a small machine).
  await sql`alter table orders disable trigger orders_report_rollup`.execute(db);
  const batch = 100_000;
  for (let done = 0; done < total; done += batch) {
    await sql`insert into orders (sdk_order_id, account_id, game_account_id, game_id, server_id,
        server_name, role_id, role_name, product_id, cp_goods_id, kind, item_name, item_names,
        price, currency, hc_price, channel_code, provider, status, expires_at, paid_at,
        completed_at, created_at, updated_at)
      select 'B' || i, ${accountId}, ${ga.rows[0]!.id}, p.game_id, 1, 's', 'r', 'r', p.id,
        p.cp_goods_id, 'game', 'Pack', '{}', p.price, p.currency,
        case when i % 10 = 0 then p.price end, 'card',
        (array['epoint','sandbox','stripe','paypal'])[1 + ((i / 10) % 4)]::text,
        case when i % 17 = 0 then 1 when i % 23 = 0 then 5 when i % 7 = 0 then 6 else 2 end,
        at + interval '1 hour',
        case when i % 17 = 0 then null else at + interval '30 seconds' end,
        case when i % 17 = 0 or i % 7 = 0 then null
          else at + interval '30 seconds' + (i % 120) * interval '1 second' end,
        at, at
      from (select i, to_timestamp(${start}::bigint + (i::bigint * 7776000 / ${total}::bigint)) as at
            from generate_series(${done + 1}::int, ${Math.min(done + batch, total)}::int) i) s
      join products p on p.id = 1 + (i % 30)`.execute(db);
  }
  await sql`insert into jobs (kind, dedupe_key, order_id, state)
    select 'deliver', 'deliver:' || id, id, 'dead' from orders where status = 6 and id % 3 = 0`.execute(
    db,
  );
  await sql`alter table orders enable trigger orders_report_rollup`.execute(db);
  await rebuildReportRollups(db);
  await sql`analyze`.execute(db);
  process.stdout.write(`inserted ${total} orders in ${Date.now() - t0} ms\n`);
  const repo = createReportsRepository(db);
  const range = { from: '2025-10-03', to: '2026-01-01' };
  for (const [name, run] of Object.entries({
    revenue: () => repo.revenue(range),
    ordersPerDay: () => repo.ordersPerDay(range),
    products: () => repo.products(range),
    lagHistogram: () => repo.lagHistogram(range),
    deadDeliveries: () => repo.deadDeliveries(range),
  })) {
    const t = performance.now();
    await run();
    process.stdout.write(`${name}: ${(performance.now() - t).toFixed(0)} ms\n`);
  }
  const service = createDashboardService({ db, clock: { now: () => new Date(end * 1000) } });
  for (const body of [{}, { from: start, to: end }, { from: start, to: end, gameId: 2 }]) {
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      await service.get(body);
      times.push(performance.now() - t);
    }
    process.stdout.write(
      `${JSON.stringify(body)}: ${times.map((t) => t.toFixed(0)).join(' ')} ms\n`,
    );
  }
} finally {
  await database.close();
  await drop();
}
