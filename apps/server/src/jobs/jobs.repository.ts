// Data access for the job outbox (jobs, 0005-topup): the statements of queue.ts, which keeps the
// queue's rules (backoff, dead letter) and its API (`enqueueJob(trx, …)`, `createJobQueue(db)`).
import { sql, type Kysely } from 'kysely';
import type { DB, JobState } from '../db/schema';
import { INVALIDATION_CHANNEL } from '../lib/invalidation.repository';

/**
 * The invalidation-bus topic that wakes the workers (ADR 0057): every inserted job notifies it in
 * the inserting transaction, so the workers hear of the job when, and only if, it commits.
 */
export const JOBS_TOPIC = 'jobs';

/**
 * The expression that wakes the workers once the transaction commits: in the RETURNING of every
 * statement that makes a job pending (it runs once per returned row, so only when one was).
 */
export const wakeWorkersSql = sql<string>`pg_notify(${INVALIDATION_CHANNEL}, ${JOBS_TOPIC})`;

/** A jobs row as claim() returns it (ids and payload as the driver gives them). */
export interface ClaimedJobRow {
  id: string | number;
  kind: string;
  dedupe_key: string;
  order_id: string | number | null;
  payload: Record<string, unknown> | string;
  attempts: number;
}

/**
 * `db` is the pool or a transaction (ADR 0037). `insert` and `complete` run on a repository
 * built from the caller's transaction when they belong with the change the job is about.
 */
export function createJobsRepository(db: Kysely<DB>) {
  return {
    /**
     * A new job, unless one with this dedupe key exists: whether it was inserted. An inserted job
     * also notifies JOBS_TOPIC in the same statement (no extra round trip); PostgreSQL delivers
     * it on commit and drops it on rollback. A job due later wakes a worker for nothing (one
     * claim that finds nothing): cheaper than knowing.
     */
    async insert(job: {
      kind: string;
      dedupeKey: string;
      orderId: number | null;
      payload: string;
      runAt: Date;
    }): Promise<boolean> {
      const row = await db
        .insertInto('jobs')
        .values({
          kind: job.kind,
          dedupe_key: job.dedupeKey,
          order_id: job.orderId,
          payload: job.payload,
          run_at: job.runAt,
          created_at: job.runAt,
          updated_at: job.runAt,
        })
        .onConflict((oc) => oc.column('dedupe_key').doNothing())
        .returning(['id', wakeWorkersSql.as('woken')])
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Leases up to `limit` due jobs in one statement: pending ones whose run_at has come and
     * running ones whose lease expired, taken FOR UPDATE SKIP LOCKED (concurrent workers claim
     * different jobs); each claim counts as an attempt. Done, dead and discarded jobs are never
     * taken (a console retry makes a dead or discarded job pending again).
     */
    async claim(now: Date, leaseUntil: Date, limit: number): Promise<ClaimedJobRow[]> {
      const result = await sql<ClaimedJobRow>`
        update jobs set state = 'running', lease_until = ${leaseUntil},
          attempts = attempts + 1, updated_at = ${now}
        where id in (
          select id from jobs
          where (state = 'pending' and run_at <= ${now})
             or (state = 'running' and lease_until < ${now})
          order by run_at, id
          limit ${limit}
          for update skip locked)
        returning id, kind, dedupe_key, order_id, payload, attempts`.execute(db);
      return result.rows;
    },

    /** The earliest run_at of a pending job (jobs_due_idx), or undefined when none waits. */
    async nextRunAt(): Promise<Date | undefined> {
      const row = await db
        .selectFrom('jobs')
        .select((eb) => eb.fn.min('run_at').as('next'))
        .where('state', '=', 'pending')
        .executeTakeFirst();
      return row?.next ?? undefined;
    },

    /** Done with `result` (JSON text), if the job is still running. */
    async complete(id: number, now: Date, result: string): Promise<void> {
      await db
        .updateTable('jobs')
        .set({
          state: 'done',
          lease_until: null,
          last_error: null,
          result,
          updated_at: now,
        })
        .where('id', '=', id)
        .where('state', '=', 'running')
        .execute();
    },

    /** Back to `state` (pending or dead) after a failed attempt, if the job is still running. */
    async release(
      id: number,
      r: { state: JobState; lastError: string; runAt: Date; now: Date },
    ): Promise<void> {
      await db
        .updateTable('jobs')
        .set({
          state: r.state,
          lease_until: null,
          last_error: r.lastError,
          run_at: r.runAt,
          updated_at: r.now,
        })
        .where('id', '=', id)
        .where('state', '=', 'running')
        .execute();
    },

    /** Jobs waiting or leased, per kind and state (the partial index jobs_due_idx covers them). */
    async depth(): Promise<Array<{ kind: string; state: JobState; count: number }>> {
      const rows = await db
        .selectFrom('jobs')
        .select(['kind', 'state', (eb) => eb.fn.countAll<string>().as('count')])
        .where('state', 'in', ['pending', 'running'])
        .groupBy(['kind', 'state'])
        .execute();
      return rows.map((r) => ({ kind: r.kind, state: r.state, count: Number(r.count) }));
    },

    /** Counts per kind and state. */
    async stats(): Promise<Array<{ kind: string; state: JobState; count: number }>> {
      const rows = await db
        .selectFrom('jobs')
        .select(['kind', 'state', (eb) => eb.fn.countAll<string>().as('count')])
        .groupBy(['kind', 'state'])
        .execute();
      return rows.map((r) => ({ kind: r.kind, state: r.state, count: Number(r.count) }));
    },

    /** The state of the job with this dedupe key (undefined: never enqueued). */
    async stateByDedupeKey(dedupeKey: string): Promise<JobState | undefined> {
      const row = await db
        .selectFrom('jobs')
        .select('state')
        .where('dedupe_key', '=', dedupeKey)
        .executeTakeFirst();
      return row?.state;
    },
  };
}

export type JobsRepository = ReturnType<typeof createJobsRepository>;
