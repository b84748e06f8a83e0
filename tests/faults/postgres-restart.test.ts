// Fault 2: PostgreSQL goes away under load and comes back. A PRIVATE cluster
// (initdb + pg_ctl as the postgres user, ADR 0025) so the shared server is never disturbed.
// While it is down /readyz answers 503 and requests fail cleanly (an answer, never a dropped
// connection or a crash); when it is back the same server process is ready again by itself,
// and every paid order is completed exactly once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedPlayers, signIn } from './support/api';
import { expectExactlyOnce, productOf, waitDrained } from './support/checks';
import {
  createDatabase,
  createPrivateCluster,
  type PrivateCluster,
  type TestDatabase,
} from './support/databases';
import { outcomeCounts, startLoad } from './support/load';
import {
  sleep,
  startDemoGame,
  startServer,
  waitFor,
  type DemoGameProc,
  type Proc,
} from './support/procs';

const DOWN_MS = 4000;

describe('PostgreSQL restart during load', () => {
  let cluster: PrivateCluster;
  let database: TestDatabase;
  let game: DemoGameProc;
  let server: Proc | undefined;

  beforeAll(async () => {
    cluster = await createPrivateCluster();
    database = await createDatabase(cluster.url);
    game = await startDemoGame();
  });
  afterAll(async () => {
    await server?.stop();
    await game?.stop();
    await database?.drop().catch(() => undefined);
    await cluster?.destroy();
  });

  it('reports not-ready while it is down, recovers by itself and loses nothing', async () => {
    server = await startServer({
      name: 'server',
      databaseUrl: database.url,
      gateways: game.gateways(),
    });
    const proc = server;
    const db = database.open().db;
    const product = await productOf(db, 'pack_adventurer');
    const players = await seedPlayers(database.open(), 6, 1_000_000);
    for (const p of players) await signIn(proc.url, p);

    // /readyz polled all along: [time, HTTP status or 0 for no answer].
    const probes: Array<[number, number]> = [];
    let probing = true;
    const prober = (async () => {
      while (probing) {
        const status = await fetch(`${proc.url}/readyz`, { signal: AbortSignal.timeout(5000) })
          .then((r) => r.status)
          .catch(() => 0);
        probes.push([Date.now(), status]);
        await sleep(100);
      }
    })();

    const load = startLoad({ targets: [proc.url], players, product, cardEvery: 3 });
    await sleep(3000);
    const stoppedAt = Date.now();
    await cluster.stop();
    await sleep(DOWN_MS);
    const downProbes = probes.filter(([t]) => t > stoppedAt + 500);
    const restartedAt = Date.now();
    await cluster.start();
    const readyMs = await waitFor(
      'the same server to be ready again',
      async () => (await fetch(`${proc.url}/readyz`)).status === 200,
      30_000,
    ).catch((err: Error) => {
      throw new Error(`${err.message}; alive ${proc.alive()}:\n${proc.tail(30)}`);
    });
    const recoveredMs = Date.now() - restartedAt;
    await sleep(3000);
    const stats = await load.stop();
    probing = false;
    await prober;
    const drainMs = await waitDrained(db);

    expect(proc.alive(), `the server process survived the outage:\n${proc.tail()}`).toBe(true);
    expect(downProbes.length, 'probes while PostgreSQL was down').toBeGreaterThan(10);
    expect(
      downProbes.filter(([, s]) => s !== 503),
      '/readyz answers while PostgreSQL was down',
    ).toEqual([]);
    expect(probes.at(-1)?.[1], '/readyz at the end').toBe(200);

    const during = stats.calls.filter((c) => c.at > stoppedAt + 200 && c.at < restartedAt);
    const counts = outcomeCounts(during);
    // Clean failures: every call got an answer (an error envelope or a 5xx), none was dropped.
    expect(during.length, 'calls during the outage').toBeGreaterThan(0);
    expect(counts.network ?? 0, 'calls without an answer during the outage').toBe(0);
    expect(counts.server_error ?? 0, 'calls answered "busy" during the outage').toBeGreaterThan(0);
    expect(stats.unexpected, 'refusals').toEqual([]);

    const figures = await expectExactlyOnce({
      db,
      grants: await game.grants(),
      players,
      load: stats,
    });
    const after = stats.calls.filter((c) => c.at > restartedAt + recoveredMs && c.kind === 'ok');
    expect(after.length, 'successful calls after the recovery').toBeGreaterThan(0);
    console.log(
      `[faults] PostgreSQL restart: down ${DOWN_MS} ms; /readyz 503 x${downProbes.length}; ` +
        `ready again ${recoveredMs} ms after the start (${readyMs} ms of polling), same process; ` +
        `calls during the outage ${JSON.stringify(counts)}; all calls ` +
        `${JSON.stringify(outcomeCounts(stats.calls))}; ${JSON.stringify(figures)}; drained ${drainMs} ms; ` +
        `card orders replayed without a checkout: ${stats.noCheckout.length}; webhooks ` +
        `answered HTTP 200 + SystemBusy: ${stats.busyWebhooks200}`,
    );
  });
});
