// The worker is woken by the commit of a job's transaction (ADR 0057): with a poll interval of a
// minute, paid orders are still delivered within seconds; a job enqueued by another process
// (PostgreSQL) wakes it; a rolled-back enqueue notifies nobody and leaves no job; after its
// listening connection dropped, the worker runs a round (notifications may have been missed). The
// scheduler alone: a wake during a round is never lost, and a job due just after a wake (clock
// skew between nodes) is run at its time, not at the next poll.
// No figure here is a performance target: a wait of seconds only tells a wake from a poll.
import { api, consoleApi, ErrorCode, ServerOrderStatus } from '@hc/contract';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createGameGateway } from '../src/adapters/game-gateway/client';
import type { Container } from '../src/container';
import { openPostgres, type Database } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { enqueueJob, JOBS_TOPIC } from '../src/jobs/queue';
import { createWorkerScheduler, startWorker, type Worker } from '../src/worker';
import { call } from './support/call';
import { consoleCall, signInOperator } from './support/console';
import { testContainer } from './support/container';
import { createPostgresDatabase, testDatabases } from './support/databases';
import { startDemoGame, type TestDemoGame } from './support/demo-game';
import { createTestApp, testClock, testConfig, type TestApp } from './support/helper';
import { GAME_PACK, seedPlayer, type SeededPlayer } from './support/players';

/** The poll interval of these tests: any job done within WAIT was woken, not polled. */
const INTERVAL = { WORKER_INTERVAL_MS: '60000' };
const WAIT = { timeout: 10_000, interval: 20 };

async function jobState(database: Database, dedupeKey: string) {
  return database.db
    .selectFrom('jobs')
    .select(['state', 'attempts'])
    .where('dedupe_key', '=', dedupeKey)
    .executeTakeFirst();
}

/** No job waits or runs (earlier tests' receipts included), so no notification is on its way. */
async function queueIdle(database: Database): Promise<void> {
  await vi.waitFor(async () => {
    const busy = await database.db
      .selectFrom('jobs')
      .select('id')
      .where('state', 'in', ['pending', 'running'])
      .execute();
    expect(busy).toEqual([]);
  }, WAIT);
}

describe('worker scheduler', () => {
  const log = { error: () => undefined };
  const tick = (ms = 30) => new Promise((r) => setTimeout(r, ms));

  /** Rounds whose job runs the test ends one by one. */
  function controlledRounds(nextRunAt: () => Date | undefined = () => undefined) {
    const ends: Array<() => void> = [];
    return {
      ends,
      rounds: {
        poll: () => Promise.resolve(),
        jobs: () => new Promise<void>((resolve) => ends.push(resolve)),
        nextRunAt: () => Promise.resolve(nextRunAt()),
      },
    };
  }

  it('runs one more round for the wakes that came during a round', async () => {
    const { ends, rounds } = controlledRounds();
    const s = createWorkerScheduler(rounds, { intervalMs: 60_000, clock: testClock(), log });
    s.wake();
    expect(ends).toHaveLength(1);
    s.wake();
    s.wake();
    s.wake();
    expect(ends).toHaveLength(1);
    ends[0]?.();
    await tick();
    expect(ends).toHaveLength(2);
    ends[1]?.();
    await tick();
    expect(ends).toHaveLength(2);
    await s.stop();
  });

  it('runs the jobs again when the next one is due before the poll, once per wake', async () => {
    const clock = testClock(); // stopped: the job never becomes due by this clock
    const { ends, rounds } = controlledRounds(() => new Date(clock.now().getTime() + 40));
    const s = createWorkerScheduler(rounds, { intervalMs: 60_000, clock, log });
    s.wake();
    ends[0]?.();
    await vi.waitFor(() => expect(ends).toHaveLength(2), { timeout: 2000, interval: 5 });
    ends[1]?.();
    await tick(200);
    expect(ends).toHaveLength(2);
    await s.stop();
  });

  it('leaves a job due after the next poll to the poll', async () => {
    const clock = testClock();
    const { ends, rounds } = controlledRounds(() => new Date(clock.now().getTime() + 120_000));
    const s = createWorkerScheduler(rounds, { intervalMs: 60_000, clock, log });
    s.wake();
    ends[0]?.();
    await tick(200);
    expect(ends).toHaveLength(1);
    await s.stop();
  });

  it('stop waits for the round, and no wake starts one after it', async () => {
    const { ends, rounds } = controlledRounds();
    const s = createWorkerScheduler(rounds, { intervalMs: 60_000, clock: testClock(), log });
    s.wake();
    s.wake();
    let stopped = false;
    const stopping = s.stop().then(() => (stopped = true));
    await tick();
    expect(stopped).toBe(false);
    ends[0]?.();
    await stopping;
    s.wake();
    expect(ends).toHaveLength(1);
  });
});

describe.each(testDatabases())('worker woken by enqueued jobs on %s', (kind) => {
  let game: TestDemoGame;
  let t: TestApp;
  let c: Container;
  let worker: Worker;

  beforeAll(async () => {
    game = await startDemoGame();
    t = await createTestApp(kind, { env: { ...game.env, ...INTERVAL, DEV_OUTBOX: 'true' } });
    c = testContainer({
      config: t.config,
      database: t.database,
      log: t.app.log,
      clock: t.clock,
      gateway: createGameGateway({ gateways: t.config.gateways, timeoutMs: 5000 }),
    });
    worker = startWorker(c);
    await c.invalidation.ready();
  });

  afterAll(async () => {
    await worker.stop();
    await c.close();
    await t.app.close();
    await t.database.close();
    await game.close();
  });

  let p: SeededPlayer;

  it('delivers paid orders and a gift code long before the poll interval', async () => {
    // A card order paid by webhook, an HC Point order and a gift code, back to back: the later
    // wakes come while the worker is busy with the first and must not be lost.
    p = await seedPlayer(t, 'Wake');
    await vi.waitFor(async () => {
      const rows = await t.database.db
        .selectFrom('orders')
        .select(['sdk_order_id', 'status'])
        .where('sdk_order_id', 'in', [p.orders.paidCard, p.orders.paidEpoint])
        .execute();
      expect(rows.map((r) => r.status)).toEqual([
        ServerOrderStatus.Delivered,
        ServerOrderStatus.Delivered,
      ]);
      const redeems = await t.database.db
        .selectFrom('jobs')
        .select('state')
        .where('kind', '=', 'redeem')
        .execute();
      expect(redeems.map((r) => r.state)).toEqual(['done']);
    }, WAIT);
  });

  it('delivers a game pack paid with HC Point (the one-statement pay path) on its own', async () => {
    await queueIdle(t.database);
    const created = await call(
      t.app,
      api.orderWebCreate,
      {
        role_id: p.roleId,
        server_id: 1,
        cp_goods_id: GAME_PACK,
        channel_code: 'epoint',
        role_name: '',
        server_name: '',
      },
      { token: p.token, gameId: 1 },
    );
    expect(created.code).toBe(ErrorCode.Ok);
    const order = created.result.sdk_order_id;
    const paid = await call(
      t.app,
      api.paymentOrderEpointPay,
      { paymentId: order },
      { token: p.token, gameId: 1 },
    );
    expect(paid.code).toBe(ErrorCode.Ok);
    await vi.waitFor(async () => {
      const row = await t.database.db
        .selectFrom('orders')
        .select('status')
        .where('sdk_order_id', '=', order)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe(ServerOrderStatus.Delivered);
    }, WAIT);
  });

  it('a rolled-back enqueue notifies no worker and leaves no job; a committed one does', async () => {
    await queueIdle(t.database);
    const heard: string[] = [];
    const off = c.invalidation.subscribe(JOBS_TOPIC, () => heard.push('jobs'));
    try {
      await expect(
        t.database.db.transaction().execute(async (trx) => {
          await enqueueJob(trx, {
            kind: 'deliver',
            dedupeKey: 'wake:rollback',
            runAt: t.clock.now(),
          });
          throw new Error('the change failed');
        }),
      ).rejects.toThrow('the change failed');
      await new Promise((r) => setTimeout(r, 300));
      expect(heard).toEqual([]);
      expect(await jobState(t.database, 'wake:rollback')).toBeUndefined();

      await t.database.db.transaction().execute(async (trx) => {
        await enqueueJob(trx, { kind: 'deliver', dedupeKey: 'wake:commit', runAt: t.clock.now() });
      });
      await vi.waitFor(() => expect(heard).toContain('jobs'), WAIT);
      // A deliver job without an order completes as "missing": the worker ran it.
      await vi.waitFor(
        async () =>
          expect(await jobState(t.database, 'wake:commit')).toEqual({ state: 'done', attempts: 1 }),
        WAIT,
      );
    } finally {
      off();
    }
  });

  it('runs a dead job an operator retries from the console at once', async () => {
    await queueIdle(t.database);
    // Written dead directly (no enqueue, so no wake-up): only the retry can wake the worker.
    const dead = await t.database.db
      .insertInto('jobs')
      .values({
        kind: 'deliver',
        dedupe_key: 'wake:retry',
        payload: '{}',
        state: 'dead',
        attempts: 5,
        run_at: t.clock.now(),
        last_error: 'the game was down',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const support = await signInOperator(t, ['support']);
    const retried = await consoleCall(
      t.app,
      consoleApi.consoleJobsRetry,
      { id: Number(dead.id), reason: 'the game is back' },
      support,
    );
    expect(retried.code).toBe(ErrorCode.Ok);
    await vi.waitFor(
      async () =>
        expect(await jobState(t.database, 'wake:retry')).toEqual({ state: 'done', attempts: 1 }),
      WAIT,
    );
  });
});

describe.runIf(testDatabases().includes('postgres'))('worker in another process (postgres)', () => {
  let api: Database;
  let workerDb: Database;
  let drop: () => Promise<void>;
  let c: Container;
  let worker: Worker;
  const clock = testClock();

  beforeAll(async () => {
    // Two pools and two buses on one database: the API's process and the worker's.
    const created = await createPostgresDatabase();
    drop = created.drop;
    api = openPostgres(created.url, 2);
    await migrateToLatest(api);
    workerDb = openPostgres(created.url, 2);
    c = testContainer({
      config: testConfig(INTERVAL),
      database: workerDb,
      log: pino({ level: 'silent' }),
      clock,
    });
    worker = startWorker(c);
    await c.invalidation.ready();
  });

  afterAll(async () => {
    await worker.stop();
    await c.close();
    await workerDb.close();
    await api.close();
    await drop();
  });

  it("runs a job committed by the other process's transaction at once", async () => {
    await api.db.transaction().execute(async (trx) => {
      await enqueueJob(trx, { kind: 'deliver', dedupeKey: 'other:1', runAt: clock.now() });
    });
    await vi.waitFor(
      async () => expect(await jobState(workerDb, 'other:1')).toMatchObject({ state: 'done' }),
      WAIT,
    );
  });

  it('runs a round after its listening connection was terminated', async () => {
    await queueIdle(workerDb);
    // A job whose notification is lost: written without one, as if sent while nobody listened.
    await api.db
      .insertInto('jobs')
      .values({
        kind: 'deliver',
        dedupe_key: 'other:missed',
        payload: '{}',
        run_at: clock.now(),
        created_at: clock.now(),
        updated_at: clock.now(),
      })
      .execute();
    await new Promise((r) => setTimeout(r, 200));
    expect(await jobState(workerDb, 'other:missed')).toMatchObject({ state: 'pending' });
    const { sql } = await import('kysely');
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and query ilike 'LISTEN hc_invalidation%'`.execute(api.db);
    await vi.waitFor(
      async () => expect(await jobState(workerDb, 'other:missed')).toMatchObject({ state: 'done' }),
      WAIT,
    );
  });
});
