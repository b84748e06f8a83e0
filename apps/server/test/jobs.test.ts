// The job outbox (ADR 0016): enqueue dedupes, claims respect run_at and leases, a dead worker's
// job is taken again after its lease, backoff is capped with full jitter, and concurrent
// workers on PostgreSQL never claim the same job twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database';
import { backoffDelayMs, createJobQueue, enqueueJob } from '../src/jobs/queue';
import { openTestDatabase, testDatabases } from './support/databases';

describe('backoffDelayMs', () => {
  const policy = { baseMs: 2000, maxMs: 300_000 };
  it('grows exponentially up to the cap, with full jitter below it', () => {
    expect(backoffDelayMs(1, policy, () => 0.999)).toBe(1998);
    expect(backoffDelayMs(4, policy, () => 0.999)).toBe(15_984);
    expect(backoffDelayMs(30, policy, () => 0.999)).toBe(299_700);
    expect(backoffDelayMs(30, policy, () => 0)).toBe(1000);
  });
});

describe.each(testDatabases())('job queue on %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database.close());
  const t0 = new Date('2026-03-01T00:00:00Z');
  const at = (s: number) => new Date(t0.getTime() + s * 1000);

  it('enqueues once per dedupe key and claims only due jobs', async () => {
    const q = createJobQueue(database.db);
    expect(await enqueueJob(database.db, { kind: 'deliver', dedupeKey: 'a', runAt: at(10) })).toBe(
      true,
    );
    expect(await enqueueJob(database.db, { kind: 'deliver', dedupeKey: 'a', runAt: at(0) })).toBe(
      false,
    );
    expect(await q.claim(at(5), 60, 10)).toEqual([]);
    const [job] = await q.claim(at(10), 60, 10);
    expect(job).toMatchObject({ dedupeKey: 'a', attempts: 1 });
    expect(await q.claim(at(20), 60, 10)).toEqual([]);
    // The worker died: after the lease the job is claimed again, as a second attempt.
    const [again] = await q.claim(at(71), 60, 10);
    expect(again).toMatchObject({ dedupeKey: 'a', attempts: 2 });
    if (again === undefined) throw new Error('unreachable');
    await q.complete(database.db, again, at(72), { ok: true });
    expect(await q.claim(at(1000), 60, 10)).toEqual([]);
  });

  it('retries a failure later and ends dead after the limit', async () => {
    const q = createJobQueue(database.db);
    await enqueueJob(database.db, { kind: 'deliver', dedupeKey: 'b', runAt: at(0) });
    const opts = { maxAttempts: 2, backoff: { baseMs: 1000, maxMs: 1000 }, random: () => 0.5 };
    const [first] = await q.claim(at(0), 60, 10);
    if (first === undefined) throw new Error('no job');
    expect(await q.fail(first, at(0), 'boom', opts)).toBe('pending');
    expect(await q.claim(at(0), 60, 10)).toEqual([]);
    const [second] = await q.claim(at(2), 60, 10);
    if (second === undefined) throw new Error('no retry');
    expect(await q.fail(second, at(2), 'boom again', opts)).toBe('dead');
    expect(await q.claim(at(10_000), 60, 10)).toEqual([]);
    const row = await database.db
      .selectFrom('jobs')
      .select(['state', 'attempts', 'last_error'])
      .where('dedupe_key', '=', 'b')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ state: 'dead', attempts: 2, last_error: 'boom again' });
  });

  if (kind === 'postgres') {
    it('never hands one job to two concurrent workers (FOR UPDATE SKIP LOCKED)', async () => {
      const q = createJobQueue(database.db);
      for (let i = 0; i < 40; i++)
        await enqueueJob(database.db, { kind: 'receipt', dedupeKey: `c${i}`, runAt: at(0) });
      const claims = await Promise.all(Array.from({ length: 8 }, () => q.claim(at(1), 60, 10)));
      const ids = claims.flat().map((j) => j.dedupeKey);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.filter((k) => k.startsWith('c'))).toHaveLength(40);
    });
  }
});
