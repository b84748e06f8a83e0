// Scale-out check (docs/deploy.md): two API processes and two workers on one
// PostgreSQL, REDIS_URL set, the load generator splitting its requests round-robin over the two
// APIs. Payments and deliveries stay exactly-once, and the rate limits hold across nodes: the
// same number of failures trips them whether they all hit one node or alternate between two.
import { randomBytes } from 'node:crypto';
import { api, ErrorCode } from '@hc/contract';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THROTTLE_POLICY } from '../../apps/server/src/modules/auth/throttle';
import { signPayload } from '../../apps/server/src/modules/analytics/analytics.signing';
import { REDEEM_THROTTLE_POLICY } from '../../apps/server/src/modules/gift-codes/gift-codes.throttle';
import { call, loginBody, seedPlayers, signIn, type Player } from './support/api';
import { expectExactlyOnce, productOf, waitDrained } from './support/checks';
import { createDatabase, type TestDatabase } from './support/databases';
import { outcomeCounts, startLoad } from './support/load';
import { sleep, startDemoGame, startServer, type DemoGameProc, type Proc } from './support/procs';

const REDIS_URL = process.env.FAULTS_REDIS_URL ?? 'redis://127.0.0.1:6379';
const LOAD_MS = 8000;
/** ANALYTICS_DEVICE_BATCHES_PER_MINUTE of the nodes (default 30; small to keep this short). */
const DEVICE_BATCHES = 8;

/** The rate windows are fixed minutes: start a sequence early enough in one. */
async function awayFromMinuteEdge(): Promise<void> {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 45_000) await sleep(60_500 - intoMinute);
}

/** One signed analytics batch for `deviceId` (ADR 0022 signing), sent to `node`. */
async function collect(node: string, deviceId: string, session: { sid: string; key: string }) {
  const payload = JSON.stringify({
    v: 1,
    sid: session.sid,
    device_id: deviceId,
    nonce: randomBytes(16).toString('base64url'),
    ts: Math.floor(Date.now() / 1000),
    events: [{ name: 'fault_suite_probe' }],
  });
  const sig = signPayload(Buffer.from(session.key, 'base64url'), payload);
  const out = await call(node, api.analyticsCollect, { payload, sig });
  if (out.kind === 'network' || out.kind === 'server_error')
    throw new Error(`collect: ${out.kind}`);
  return out.json;
}

/** Sends `attempt(node)` to the given nodes in turn until it answers TooManyRequests. */
async function attemptsUntilThrottled(
  nodes: readonly string[],
  attempt: (node: string) => Promise<{ code: number }>,
  expectedFailure: number,
  max: number,
): Promise<number> {
  for (let n = 1; n <= max; n++) {
    const { code } = await attempt(nodes[(n - 1) % nodes.length] ?? '');
    if (code === ErrorCode.TooManyRequests) return n;
    expect(code, `attempt ${n}`).toBe(expectedFailure);
  }
  return Number.POSITIVE_INFINITY;
}

describe('scale-out: two APIs and two workers on one PostgreSQL', () => {
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

  it('keeps payments and deliveries exactly-once and rate limits across nodes', async () => {
    const common = {
      databaseUrl: database.url,
      gateways: game.gateways(),
      env: {
        REDIS_URL,
        DELIVERY_LEASE_SECONDS: '10',
        ANALYTICS_DEVICE_BATCHES_PER_MINUTE: String(DEVICE_BATCHES),
      },
    };
    // All four start at the same moment on the empty database: one migrates and seeds under
    // the advisory locks, the others wait and find the schema up to date (docs/deploy.md).
    const [api1, api2, worker1, worker2] = await Promise.all([
      startServer({ ...common, name: 'api-1', role: 'api' }),
      startServer({ ...common, name: 'api-2', role: 'api' }),
      startServer({ ...common, name: 'worker-1', role: 'worker' }),
      startServer({ ...common, name: 'worker-2', role: 'worker' }),
    ]);
    procs.push(api1, api2, worker1, worker2);
    const nodes = [api1.url, api2.url];
    const db = database.open().db;
    const product = await productOf(db, 'pack_adventurer');

    // Payments across nodes: every request goes to the next API in turn.
    const players = await seedPlayers(database.open(), 6, 1_000_000);
    for (const [i, p] of players.entries()) await signIn(nodes[i % 2] ?? '', p);
    const load = startLoad({ targets: nodes, players, product, cardEvery: 3 });
    await sleep(LOAD_MS);
    const stats = await load.stop();
    const drainMs = await waitDrained(db);
    const figures = await expectExactlyOnce({
      db,
      grants: await game.grants(),
      players,
      load: stats,
    });
    expect(stats.unexpected, 'refusals').toEqual([]);
    expect(outcomeCounts(stats.calls), 'every call answered').toEqual({ ok: stats.calls.length });
    expect(figures.paid).toBeGreaterThan(20);

    // Login throttle (docs/product/session.md, auth/throttle.ts): failures of one account from one IP, on one
    // node vs. alternating between the two, trip it at the same attempt. Fresh accounts: no
    // earlier successful sign-in from this IP (that IP would be trusted).
    const [soloLogin, spreadLogin] = await seedPlayers(database.open(), 2, 0, 'throttle');
    const wrongLogin = (p: Player) => async (node: string) => {
      const out = await call(node, api.userLogin, await loginBody(p.account, 'Wrong!pass-1'));
      if (out.kind === 'network' || out.kind === 'server_error')
        throw new Error(`login: ${out.kind}`);
      return out.json;
    };
    const max = 40;
    const loginSolo = await attemptsUntilThrottled(
      [api1.url],
      wrongLogin(soloLogin!),
      ErrorCode.InvalidPassword,
      max,
    );
    const loginSpread = await attemptsUntilThrottled(
      nodes,
      wrongLogin(spreadLogin!),
      ErrorCode.InvalidPassword,
      max,
    );
    expect(loginSolo, 'login failures until throttled on one node').toBe(
      THROTTLE_POLICY.accountFreeFailures + 1,
    );
    expect(loginSpread, 'login failures until throttled across two nodes').toBe(loginSolo);

    // Gift-code throttle (gift-codes.throttle.ts): unknown codes for one account.
    const [soloRedeem, spreadRedeem] = players;
    const wrongCode = (p: Player) => async (node: string) => {
      const out = await call(
        node,
        api.redeemCode,
        {
          code: `NOPE${randomBytes(6).toString('hex').toUpperCase()}`,
          server_id: 1,
          role_id: p.roleId,
        },
        { token: p.token },
      );
      if (out.kind === 'network' || out.kind === 'server_error')
        throw new Error(`redeem: ${out.kind}`);
      return out.json;
    };
    const redeemSolo = await attemptsUntilThrottled(
      [api2.url],
      wrongCode(soloRedeem!),
      ErrorCode.RedeemCodeInvalid,
      max,
    );
    const redeemSpread = await attemptsUntilThrottled(
      nodes,
      wrongCode(spreadRedeem!),
      ErrorCode.RedeemCodeInvalid,
      max,
    );
    expect(redeemSolo, 'gift-code failures until throttled on one node').toBe(
      REDEEM_THROTTLE_POLICY.accountMaxFailures + 1,
    );
    expect(redeemSpread, 'gift-code failures until throttled across two nodes').toBe(redeemSolo);

    // Analytics per-device batches (lib/rate-counter.ts): counted in Redis, shared by the nodes.
    const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    const analytics: number[] = [];
    const redisCounts: string[] = [];
    try {
      for (const spread of [[api1.url], nodes]) {
        const deviceId = `faults-${randomBytes(8).toString('hex')}`;
        const session = await call(spread[0] ?? '', api.analyticsSession, {
          device_id: deviceId,
        });
        if (session.kind !== 'ok') throw new Error(`analytics session: ${JSON.stringify(session)}`);
        const keys = session.json.result;
        await awayFromMinuteEdge();
        analytics.push(
          await attemptsUntilThrottled(spread, (node) => collect(node, deviceId, keys), 0, max),
        );
        const stored = await redis.keys(`hc:analytics:rate:device:${deviceId}:*`);
        redisCounts.push(...(await Promise.all(stored.map((k) => redis.get(k)))).map(String));
      }
    } finally {
      redis.disconnect();
    }
    expect(analytics, 'analytics batches until throttled: one node, two nodes').toEqual([
      DEVICE_BATCHES + 1,
      DEVICE_BATCHES + 1,
    ]);
    expect(redisCounts.length, 'per-device counters found in Redis').toBe(2);

    // Graceful stop under load (docs/deploy.md): api-2 is taken out of the rotation (as a load
    // balancer does when /readyz fails or the node drains), then api-2 and worker-2 get SIGTERM.
    // Requests in flight finish, the worker finishes its round and exits 0; nothing is lost.
    const rotation = [...nodes];
    const second = startLoad({ targets: rotation, players, product, cardEvery: 3 });
    await sleep(2000);
    rotation.splice(1, 1);
    const timed = async (proc: Proc) => {
      const t = Date.now();
      await proc.stop();
      return { exit: await proc.exited, ms: Date.now() - t };
    };
    const [api2Stop, worker2Stop] = await Promise.all([timed(api2), timed(worker2)]);
    await sleep(2000);
    const secondStats = await second.stop();
    await waitDrained(db);
    const afterStop = await expectExactlyOnce({
      db,
      grants: await game.grants(),
      players,
      load: secondStats,
    });
    expect(worker2Stop.exit, `worker-2 exit after SIGTERM:\n${worker2.tail(15)}`).toBe('0');
    // KNOWN GAP (reported to the lead): a keep-alive connection whose request was in flight at
    // SIGTERM is not closed after its response, so app.close() waits for the 30 s shutdown
    // timer and the API node exits 1. Nothing is lost (asserted below). Once main.ts closes
    // idle connections repeatedly while closing, tighten this to exit '0' within a few seconds.
    expect(api2Stop.ms, 'api-2 stop time').toBeLessThan(35_000);
    expect(outcomeCounts(secondStats.calls), 'calls around the graceful stop').toEqual({
      ok: secondStats.calls.length,
    });

    console.log(
      `[faults] scale-out: 2 api + 2 workers, ${LOAD_MS} ms load round-robin: ` +
        `${stats.calls.length} calls ${JSON.stringify(outcomeCounts(stats.calls))}; ` +
        `${JSON.stringify(figures)}; drained ${drainMs} ms; login throttled at attempt ` +
        `${loginSolo} (one node) / ${loginSpread} (two); gift codes at ${redeemSolo} / ` +
        `${redeemSpread}; analytics batches at ${analytics.join(' / ')} (Redis counts ` +
        `${redisCounts.join(', ')}); SIGTERM under load: api-2 exit ${api2Stop.exit} after ` +
        `${api2Stop.ms} ms, worker-2 exit ${worker2Stop.exit} after ${worker2Stop.ms} ms, ` +
        `${secondStats.calls.length} calls all answered, ` +
        `${afterStop.paid} paid orders in all exactly once`,
    );
  });
});
