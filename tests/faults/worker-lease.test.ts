// Fault 4: a worker dies between sending a delivery and acknowledging it. The
// game applies the grant and holds the answer (apply-then-time-out switch), the worker process
// is SIGKILLed while the call is in flight, a new worker takes the job only once the lease has
// expired (jobs/queue.ts: FOR UPDATE SKIP LOCKED under a lease), the retry carries the same delivery
// id and the game deduplicates it: grant count 1, duplicate:true, order completed once.
import { api } from '@hc/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, seedPlayers, signIn } from './support/api';
import { expectExactlyOnce, productOf, waitDrained } from './support/checks';
import { createDatabase, type TestDatabase } from './support/databases';
import {
  sleep,
  startDemoGame,
  startServer,
  waitFor,
  type DemoGameProc,
  type Proc,
} from './support/procs';

const ORDERS = 3;
/** The dying worker's lease: long enough to see the new worker wait for it. */
const LEASE_SECONDS = 15;

describe('worker dies between sending and acknowledging', () => {
  let database: TestDatabase;
  let game: DemoGameProc;
  const procs: Proc[] = [];

  beforeAll(async () => {
    database = await createDatabase();
    game = await startDemoGame();
  });
  afterAll(async () => {
    for (const p of procs) await p.stop();
    await game?.stop();
    await database?.drop();
  });

  it('the lease expires, the retry is deduplicated by the game (ARCHITECTURE.md#jobs-and-the-worker)', async () => {
    const common = { databaseUrl: database.url, gateways: game.gateways() };
    const apiNode = await startServer({ ...common, name: 'api', role: 'api' });
    procs.push(apiNode);
    const db = database.open().db;
    const product = await productOf(db, 'pack_adventurer');
    const players = await seedPlayers(database.open(), 1, 100_000);
    const p = players[0]!;
    await signIn(apiNode.url, p);

    const orders: string[] = [];
    for (let i = 0; i < ORDERS; i++) {
      const created = await call(
        apiNode.url,
        api.orderWebCreate,
        {
          role_id: p.roleId,
          server_id: 1,
          cp_goods_id: product.cpGoodsId,
          channel_code: 'epoint',
          role_name: '',
          server_name: '',
        },
        { token: p.token },
      );
      if (created.kind !== 'ok') throw new Error(`create: ${JSON.stringify(created)}`);
      const sdk = created.json.result.sdk_order_id;
      const paid = await call(
        apiNode.url,
        api.paymentOrderEpointPay,
        { paymentId: sdk },
        {
          token: p.token,
        },
      );
      expect(paid.kind, 'pay').toBe('ok');
      orders.push(sdk);
    }

    // Paid with no worker running; now one starts and claims all of them in one round. The game
    // grants, then holds the answer far longer than the worker's gateway timeout.
    await game.setSwitches({ applyThenTimeout: 1, hangMs: 120_000 });
    const first = await startServer({
      ...common,
      name: 'worker-1',
      role: 'worker',
      env: { DELIVERY_LEASE_SECONDS: String(LEASE_SECONDS), GATEWAY_TIMEOUT_MS: '60000' },
    });
    procs.push(first);
    // The game has applied every delivery; the worker is still waiting for the answers.
    await waitFor('the game to apply the deliveries', async () => {
      const g = await game.grants();
      return orders.every((sdk) => g.deliveries[`order:${sdk}`]?.applied === 1);
    }).catch(async (err: Error) => {
      const jobs = await sql`select kind, state, attempts, last_error from jobs`.execute(db);
      throw new Error(
        `${err.message}; jobs ${JSON.stringify(jobs.rows)}; worker:\n${first.tail(20)}`,
      );
    });
    // A second worker is running before the first one dies: it must leave leased jobs alone.
    const second = await startServer({ ...common, name: 'worker-2', role: 'worker' });
    procs.push(second);
    await first.kill();
    const killedAt = Date.now();
    const held = await sql<{ state: string; attempts: number; lease_until: Date; status: number }>`
      select j.state, j.attempts, j.lease_until, o.status from jobs j
      join orders o on o.id = j.order_id where j.kind = 'deliver'`.execute(db);
    expect(held.rows.map((r) => [r.state, r.attempts, r.status])).toEqual(
      orders.map(() => ['running', 1, 6]),
    );
    const leaseEnds = Math.max(...held.rows.map((r) => new Date(r.lease_until).getTime()));
    expect(leaseEnds - killedAt, 'lease left at the kill').toBeGreaterThan(2000);
    await game.setSwitches({ applyThenTimeout: 0, hangMs: 0 });
    await sleep(1000);
    const early = await sql<{ n: number }>`
      select count(*)::int as n from orders where status = 2`.execute(db);
    expect(early.rows[0]?.n, 'orders completed while the lease held').toBe(0);
    const earlyGrants = await game.grants();
    expect(
      orders.map((sdk) => earlyGrants.deliveries[`order:${sdk}`]?.requests),
      'deliver calls while the lease held',
    ).toEqual(orders.map(() => 1));
    const drainMs = await waitDrained(db, 60_000);
    const completed = await sql<{ first: Date }>`
      select min(completed_at) as first from orders where status = 2`.execute(db);
    const completedAt = new Date(completed.rows[0]?.first ?? 0).getTime();
    const leaseStart = Math.min(...held.rows.map((r) => new Date(r.lease_until).getTime()));
    expect(completedAt, 'first completion not before the lease expired').toBeGreaterThanOrEqual(
      leaseStart,
    );

    const grants = await game.grants();
    for (const sdk of orders) {
      const g = grants.deliveries[`order:${sdk}`];
      expect(g, `grant of ${sdk}`).toMatchObject({ applied: 1, requests: 2 });
    }
    const jobs = await sql<{ state: string; attempts: number; result: unknown }>`
      select state, attempts, result from jobs where kind = 'deliver'`.execute(db);
    for (const j of jobs.rows) {
      expect(j.state).toBe('done');
      expect(j.attempts, 'claims of the job: the dead worker and the new one').toBe(2);
      const result = typeof j.result === 'string' ? (JSON.parse(j.result) as unknown) : j.result;
      expect(result, 'the retry was answered as a duplicate').toMatchObject({ duplicate: true });
    }
    const figures = await expectExactlyOnce({ db, grants, players });
    expect(figures.deliveries).toBe(ORDERS);
    console.log(
      `[faults] worker lease: ${ORDERS} deliveries applied by the game, worker SIGKILLed before ` +
        `acknowledging; the other worker waited: lease ended ` +
        `${leaseEnds - killedAt} ms after it, completed ${completedAt - killedAt} ms after it ` +
        `(drain ${drainMs} ms); each grant applied 1, requested 2, retry duplicate:true`,
    );
  });
});
