// Jobs in the console over the real server and the demo game (docs/console.md#jobs-and-exports,
// ADR 0054): a delivery made dead by a failing game is listed with its order number; retry with
// the game back completes the order; discard keeps the job but no worker ever claims it; a
// discard needs a reason; stuck jobs are found; every action is audited with before/after; roles
// are enforced and a refusal changes nothing.
import { randomUUID } from 'node:crypto';
import {
  api,
  consoleApi,
  ErrorCode,
  JOB_STUCK_AFTER_SECONDS,
  ServerOrderStatus,
} from '@hc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signSandboxPayload } from '../src/adapters/payments/sandbox-signature';
import { enqueueJob } from '../src/jobs/queue';
import { createAccountsRepository } from '../src/modules/auth/accounts.repository';
import type { createWorkerLoop } from '../src/worker';
import { login, makeAccount } from './support/auth-fixtures';
import { call } from './support/call';
import { consoleCall, signInOperator, type ConsoleClient } from './support/console';
import { testWorker } from './support/container';
import { testDatabases } from './support/databases';
import { startDemoGame, type TestDemoGame } from './support/demo-game';
import { createTestApp, type TestApp } from './support/helper';

const { Paid, Delivered } = ServerOrderStatus;

describe.each(testDatabases())('console jobs on %s', (kind) => {
  let game: TestDemoGame;
  let t: TestApp;
  let worker: ReturnType<typeof createWorkerLoop>;
  let support: ConsoleClient;
  let finance: ConsoleClient;
  let content: ConsoleClient;

  beforeAll(async () => {
    game = await startDemoGame();
    t = await createTestApp(kind, {
      env: {
        ...game.env,
        DELIVERY_MAX_ATTEMPTS: '3',
        DELIVERY_BACKOFF_BASE_MS: '1000',
        DELIVERY_BACKOFF_MAX_MS: '4000',
        GATEWAY_TIMEOUT_MS: '3000',
      },
    });
    worker = testWorker(t);
    support = await signInOperator(t, ['support']);
    finance = await signInOperator(t, ['finance']);
    content = await signInOperator(t, ['content']);
  });
  afterAll(async () => {
    await t.app.close();
    await t.database.close();
    await game.close();
  });

  /** A paid game-pack order whose delivery job ends dead (the game fails every attempt). */
  async function deadDelivery(): Promise<{ order: string; jobId: number }> {
    const a = await makeAccount(t.database.db);
    const uid = await createAccountsRepository(t.database.db).bindGameAccount(a.id, 1);
    const signed = await login(t.app, t.config.payloadKey, 'account', a.account, a.password);
    const created = await call(
      t.app,
      api.orderWebCreate,
      {
        role_id: `r-${uid}-1`,
        server_id: 1,
        cp_goods_id: 'pack_adventurer',
        channel_code: 'card',
        role_name: 'x',
        server_name: 'y',
      },
      { token: signed.result.token, gameId: 1 },
    );
    const order = created.result.sdk_order_id;
    const recorded = await t.database.db
      .selectFrom('orders')
      .select('provider_ref')
      .where('sdk_order_id', '=', order)
      .executeTakeFirstOrThrow();
    const body = JSON.stringify({
      id: `evt_${randomUUID()}`,
      type: 'payment.succeeded',
      data: {
        payment_id: recorded.provider_ref,
        order_id: order,
        amount: 499,
        currency: 'USD',
        method: 'card',
      },
    });
    const ts = Math.floor(t.clock.now().getTime() / 1000);
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/payment/webhook/sandbox',
      headers: {
        'content-type': 'application/json',
        'x-sandbox-signature': signSandboxPayload(
          t.config.payments.sandbox.webhookSecret,
          ts,
          body,
        ),
      },
      payload: body,
    });
    expect(hook.statusCode).toBe(200);
    game.setSwitches({ failureRate: 1 });
    try {
      for (let i = 0; i < 5; i++) {
        await worker.runJobs();
        t.clock.advance(60_000);
      }
    } finally {
      game.setSwitches({ failureRate: 0 });
    }
    const job = await jobRow(`deliver:${order}`);
    expect(job).toMatchObject({ state: 'dead', attempts: 3 });
    return { order, jobId: Number(job.id) };
  }

  const jobRow = (dedupeKey: string) =>
    t.database.db
      .selectFrom('jobs')
      .selectAll()
      .where('dedupe_key', '=', dedupeKey)
      .executeTakeFirstOrThrow();
  const orderStatus = async (order: string) =>
    (
      await t.database.db
        .selectFrom('orders')
        .select('status')
        .where('sdk_order_id', '=', order)
        .executeTakeFirstOrThrow()
    ).status;
  const auditOf = (jobId: number) =>
    t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target', '=', `job:${jobId}`)
      .orderBy('id')
      .execute();

  it('lists a delivery made dead by a failing game; retry with the game up completes the order', async () => {
    const { order, jobId } = await deadDelivery();
    expect(await orderStatus(order)).toBe(Paid);

    const listed = await consoleCall(t.app, consoleApi.consoleJobsList, { state: 'dead' }, finance);
    expect(listed.code).toBe(0);
    const item = listed.result?.list.find((j) => j.id === jobId);
    expect(item).toMatchObject({
      kind: 'deliver',
      state: 'dead',
      stuck: false,
      orderNumber: order,
      attempts: 3,
    });
    expect(item?.lastError).toBeTruthy();
    const summary = await consoleCall(t.app, consoleApi.consoleJobsSummary, {}, finance);
    expect(summary.result?.counts.dead).toBeGreaterThanOrEqual(1);
    expect(summary.result?.byKind.find((k) => k.kind === 'deliver')?.dead).toBeGreaterThanOrEqual(
      1,
    );

    // Finance reads but may not act.
    const refused = await consoleCall(t.app, consoleApi.consoleJobsRetry, { id: jobId }, finance);
    expect([refused.status, refused.code]).toEqual([403, ErrorCode.ConsoleForbidden]);
    expect((await jobRow(`deliver:${order}`)).state).toBe('dead');

    const retried = await consoleCall(
      t.app,
      consoleApi.consoleJobsRetry,
      { id: jobId, reason: 'The game is back' },
      support,
    );
    expect(retried.code).toBe(0);
    expect(retried.result).toMatchObject({ state: 'pending', attempts: 0, orderNumber: order });
    await worker.runJobs();
    expect(await orderStatus(order)).toBe(Delivered);
    expect(game.state.grant(`order:${order}`)?.applied).toBe(1);
    expect((await jobRow(`deliver:${order}`)).state).toBe('done');

    const [entry] = await auditOf(jobId);
    expect(entry).toMatchObject({ action: 'job.retry', actor: support.name });
    expect(entry?.before).toMatchObject({ state: 'dead', attempts: 3 });
    expect(entry?.after).toMatchObject({
      state: 'pending',
      attempts: 0,
      reason: 'The game is back',
    });

    // A done job is neither retried nor discarded.
    const again = await consoleCall(t.app, consoleApi.consoleJobsRetry, { id: jobId }, support);
    expect(again.code).toBe(ErrorCode.JobActionNotAllowed);
    const gone = await consoleCall(t.app, consoleApi.consoleJobsRetry, { id: 987_654 }, support);
    expect(gone.code).toBe(ErrorCode.JobNotFound);
  });

  it('discards with a required reason; a discarded job is never claimed', async () => {
    const { order, jobId } = await deadDelivery();
    for (const reason of ['', '   ']) {
      const r = await consoleCall(
        t.app,
        consoleApi.consoleJobsDiscard,
        { id: jobId, reason },
        support,
      );
      expect(r.code).toBe(ErrorCode.InvalidParams);
    }
    const noReason = await t.app.inject({
      method: 'POST',
      url: consoleApi.consoleJobsDiscard.path,
      headers: { cookie: `hc_console=${support.token}`, 'x-csrf-token': support.csrfToken },
      payload: { id: jobId },
    });
    expect(noReason.json<{ code: number }>().code).toBe(ErrorCode.InvalidParams);
    const byContent = await consoleCall(
      t.app,
      consoleApi.consoleJobsDiscard,
      { id: jobId, reason: 'x' },
      content,
    );
    expect([byContent.status, byContent.code]).toEqual([403, ErrorCode.ConsoleForbidden]);
    expect((await jobRow(`deliver:${order}`)).state).toBe('dead');
    expect(await auditOf(jobId)).toEqual([]);

    const discarded = await consoleCall(
      t.app,
      consoleApi.consoleJobsDiscard,
      { id: jobId, reason: 'Refunded to the player instead' },
      support,
    );
    expect(discarded.result).toMatchObject({ state: 'discarded', orderNumber: order });
    const [entry] = await auditOf(jobId);
    expect(entry).toMatchObject({ action: 'job.discard' });
    expect(entry?.before).toMatchObject({ state: 'dead' });
    expect(entry?.after).toMatchObject({
      state: 'discarded',
      reason: 'Refunded to the player instead',
    });

    // Kept, and never claimed again, however long the worker runs.
    for (let i = 0; i < 3; i++) {
      t.clock.advance(3_600_000);
      await worker.runJobs();
    }
    expect(await jobRow(`deliver:${order}`)).toMatchObject({ state: 'discarded', attempts: 3 });
    expect(await orderStatus(order)).toBe(Paid);
    expect(game.state.grant(`order:${order}`)).toBeUndefined();
    const queue = await t.database.db
      .selectFrom('jobs')
      .select('id')
      .where('state', 'in', ['pending', 'running'])
      .where('id', '=', jobId)
      .execute();
    expect(queue).toEqual([]);
    // Hours went by: the console sessions idled out.
    support = await signInOperator(t, ['support']);

    const discardedList = await consoleCall(
      t.app,
      consoleApi.consoleJobsList,
      { state: 'discarded' },
      support,
    );
    expect(discardedList.result?.list.map((j) => j.id)).toContain(jobId);
    const problems = await consoleCall(t.app, consoleApi.consoleJobsList, {}, support);
    expect(problems.result?.list.map((j) => j.id)).not.toContain(jobId);
    const twice = await consoleCall(
      t.app,
      consoleApi.consoleJobsDiscard,
      { id: jobId, reason: 'again' },
      support,
    );
    expect(twice.code).toBe(ErrorCode.JobActionNotAllowed);
  });

  it('finds stuck jobs, filters by kind and pages with a keyset', async () => {
    const now = t.clock.now();
    const old = new Date(now.getTime() - (JOB_STUCK_AFTER_SECONDS + 60) * 1000);
    for (let i = 0; i < 3; i++)
      await enqueueJob(t.database.db, {
        kind: 'receipt',
        dedupeKey: `stuck:${randomUUID()}`,
        runAt: old,
      });
    await enqueueJob(t.database.db, {
      kind: 'receipt',
      dedupeKey: `fresh:${randomUUID()}`,
      runAt: now,
    });
    // A worker that died long ago holding a lease.
    const leaseKey = `lease:${randomUUID()}`;
    await enqueueJob(t.database.db, { kind: 'erase', dedupeKey: leaseKey, runAt: old });
    await t.database.db
      .updateTable('jobs')
      .set({ state: 'running', lease_until: old, attempts: 1 })
      .where('dedupe_key', '=', leaseKey)
      .execute();

    const stuck = await consoleCall(
      t.app,
      consoleApi.consoleJobsList,
      { state: 'stuck', kind: 'receipt', size: 2 },
      support,
    );
    expect(stuck.result?.list).toHaveLength(2);
    expect(stuck.result?.list.every((j) => j.stuck && j.kind === 'receipt')).toBe(true);
    const next = await consoleCall(
      t.app,
      consoleApi.consoleJobsList,
      { state: 'stuck', kind: 'receipt', size: 2, cursor: stuck.result?.nextCursor ?? 1 },
      support,
    );
    expect(next.result?.list).toHaveLength(1);
    expect(next.result?.nextCursor).toBeNull();
    const ids = [...(stuck.result?.list ?? []), ...(next.result?.list ?? [])].map((j) => j.id);
    expect(new Set(ids).size).toBe(3);

    const erase = await consoleCall(
      t.app,
      consoleApi.consoleJobsList,
      { state: 'stuck', kind: 'erase' },
      support,
    );
    const leased = erase.result?.list.find((j) => j.state === 'running');
    expect(leased).toMatchObject({ stuck: true, attempts: 1 });
    const summary = await consoleCall(t.app, consoleApi.consoleJobsSummary, {}, support);
    expect(summary.result?.stuck).toBeGreaterThanOrEqual(4);

    // A job a worker holds a live lease on is left alone.
    const liveKey = `live:${randomUUID()}`;
    await enqueueJob(t.database.db, { kind: 'erase', dedupeKey: liveKey, runAt: now });
    await t.database.db
      .updateTable('jobs')
      .set({ state: 'running', lease_until: new Date(now.getTime() + 60_000) })
      .where('dedupe_key', '=', liveKey)
      .execute();
    const live = await jobRow(liveKey);
    const refused = await consoleCall(
      t.app,
      consoleApi.consoleJobsDiscard,
      { id: Number(live.id), reason: 'stop' },
      support,
    );
    expect(refused.code).toBe(ErrorCode.JobActionNotAllowed);
    expect((await jobRow(liveKey)).state).toBe('running');
  });
});
