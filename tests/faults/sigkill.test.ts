// Fault 1: SIGKILL the server (role all: API + worker) while a load generator
// is paying orders with HC Point and with sandbox card webhooks; restart it on the same port;
// let the worker finish. Every order the ledger debited or the provider reported paid ends
// completed exactly once (docs/product/top-up.md#order-statuses, ARCHITECTURE.md#jobs-and-the-worker).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedPlayers, signIn, type Player } from './support/api';
import { expectExactlyOnce, productOf, waitDrained } from './support/checks';
import { createDatabase, type TestDatabase } from './support/databases';
import { outcomeCounts, startLoad } from './support/load';
import {
  sleep,
  startDemoGame,
  startServer,
  waitFor,
  type DemoGameProc,
  type Proc,
} from './support/procs';

describe('SIGKILL during paying load', () => {
  let database: TestDatabase;
  let game: DemoGameProc;
  let server: Proc | undefined;

  beforeAll(async () => {
    database = await createDatabase();
    game = await startDemoGame();
  });
  afterAll(async () => {
    await server?.stop();
    await game?.stop();
    await database?.drop();
  });

  it('loses and doubles nothing: paid orders end completed exactly once (docs/product/top-up.md#order-statuses)', async () => {
    const start = (port?: number) =>
      startServer({
        name: 'server',
        databaseUrl: database.url,
        gateways: game.gateways(),
        ...(port === undefined ? {} : { port }),
        env: { DELIVERY_LEASE_SECONDS: '3' },
      });
    server = await start();
    const db = database.open().db;
    const product = await productOf(db, 'pack_adventurer');
    const players: Player[] = await seedPlayers(database.open(), 6, 1_000_000);
    for (const p of players) await signIn(server.url, p);

    const load = startLoad({ targets: [server.url], players, product, cardEvery: 3 });
    await sleep(4000);
    // Slow the game down so deliveries are on the wire when the kill comes: the game applies
    // them after the server is dead, and the restarted worker must retry them (same delivery
    // id) once their lease has expired, and the game deduplicate.
    await game.setSwitches({ latencyMs: 1000 });
    const inFlight = await waitFor(
      'a delivery in flight',
      async () =>
        (
          await sql<{ n: number }>`
            select count(*)::int as n from jobs where kind = 'deliver' and state = 'running'`.execute(
            db,
          )
        ).rows[0]!.n > 0,
      5000,
      20,
    ).then(
      () => true,
      () => false,
    );
    // A claimed job may not have reached the game yet: give its request time to get on the
    // wire (well inside the game's 1 s latency), so the kill leaves it applied but unacknowledged.
    await sleep(300);
    const beforeKill = load.stats.epointAcked.size + load.stats.cardAcked.size;
    const killedAt = Date.now();
    await server.kill();
    await game.setSwitches({ latencyMs: 0 });
    await sleep(1500);
    server = await start(server.port);
    const recoveredMs = Date.now() - killedAt;
    await sleep(3000);
    const stats = await load.stop();
    const drainMs = await waitDrained(db);

    const figures = await expectExactlyOnce({
      db,
      grants: await game.grants(),
      players,
      load: stats,
    });
    const counts = outcomeCounts(stats.calls);
    console.log(
      `[faults] SIGKILL: ${beforeKill} payments acknowledged before the kill; server back in ` +
        `${recoveredMs} ms; calls ${JSON.stringify(counts)}; ${JSON.stringify(figures)}; ` +
        `drained ${drainMs} ms after the load; card orders replayed without a checkout: ` +
        `${stats.noCheckout.length}`,
    );
    expect(beforeKill, 'payments before the kill').toBeGreaterThan(0);
    expect(inFlight, 'a delivery was in flight at the kill').toBe(true);
    expect(figures.retried, 'deliveries retried after the kill (deduplicated)').toBeGreaterThan(0);
    expect(counts.network ?? 0, 'calls that hit the dead server').toBeGreaterThan(0);
    expect(figures.paid, 'orders paid after the restart too').toBeGreaterThan(beforeKill);
    expect(stats.unexpected, 'refusals').toEqual([]);
  });
});
