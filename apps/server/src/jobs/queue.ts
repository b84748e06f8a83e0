// The job outbox (ARCHITECTURE.md#jobs-and-the-worker Delivery, ADR 0016): a job is inserted in the same transaction as
// the change that needs it, so it exists exactly when that change committed. Workers claim due
// jobs with FOR UPDATE SKIP LOCKED under a lease; a worker that dies mid-job loses the lease and
// another takes the job again (handlers are idempotent: the game dedupes on the delivery id).
// Failures retry with capped exponential backoff and full jitter, then go to the dead state.
// Enqueueing a job wakes the workers once its transaction commits (ADR 0057); they also poll.
// The statements are in jobs.repository.ts.
import type { Kysely, Transaction } from 'kysely';
import type { DB, JobState } from '../db/schema';
import { createJobsRepository } from './jobs.repository';

export { JOBS_TOPIC } from './jobs.repository';

/** deliver/receipt: paid orders; takeback: refunded game packs; redeem: gift-code packs; erase: a deleted account's personal data (ADR 0049). */
export type JobKind = 'deliver' | 'receipt' | 'takeback' | 'redeem' | 'erase';

/** Runs one claimed job; throwing records a failed attempt (retry with backoff, then dead). */
export type JobHandler = (job: Job) => Promise<void>;

export interface Job {
  id: number;
  kind: JobKind;
  dedupeKey: string;
  orderId: number | null;
  payload: Record<string, unknown>;
  attempts: number;
}

export interface EnqueueInput {
  kind: JobKind;
  /** Unique forever: enqueueing the same key twice keeps the first job. */
  dedupeKey: string;
  orderId?: number;
  payload?: Record<string, unknown>;
  runAt: Date;
}

/**
 * Inside the caller's transaction. Returns false when a job with this key already exists. The
 * insert notifies the `jobs` topic of the invalidation bus in that transaction: every worker is
 * woken right after the commit, and none if it rolls back (ADR 0057).
 */
export async function enqueueJob(
  trx: Transaction<DB> | Kysely<DB>,
  input: EnqueueInput,
): Promise<boolean> {
  return createJobsRepository(trx).insert({
    kind: input.kind,
    dedupeKey: input.dedupeKey,
    orderId: input.orderId ?? null,
    payload: JSON.stringify(input.payload ?? {}),
    runAt: input.runAt,
  });
}

export interface BackoffPolicy {
  baseMs: number;
  maxMs: number;
}

/** Full jitter: uniform in [0, min(max, base·2^(attempt-1))], at least 1 s apart from now. */
export function backoffDelayMs(
  attempt: number,
  policy: BackoffPolicy,
  random: () => number = Math.random,
): number {
  const exp = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.max(Math.min(1000, policy.baseMs), Math.floor(random() * exp));
}

export function createJobQueue(db: Kysely<DB>) {
  const jobs = createJobsRepository(db);
  return {
    /**
     * Claims up to `limit` due jobs: pending ones whose run_at has come, and running ones whose
     * lease expired (their worker died). Each claim counts as an attempt.
     */
    async claim(now: Date, leaseSeconds: number, limit: number): Promise<Job[]> {
      const leaseUntil = new Date(now.getTime() + leaseSeconds * 1000);
      const rows = await jobs.claim(now, leaseUntil, limit);
      return rows.map((r) => ({
        id: Number(r.id),
        kind: r.kind as JobKind,
        dedupeKey: r.dedupe_key,
        orderId: r.order_id === null ? null : Number(r.order_id),
        payload:
          typeof r.payload === 'string'
            ? (JSON.parse(r.payload) as Record<string, unknown>)
            : r.payload,
        attempts: r.attempts,
      }));
    },

    /** Done, in the caller's transaction (with the change the job made), if still leased by us. */
    async complete(
      trx: Transaction<DB> | Kysely<DB>,
      job: Job,
      now: Date,
      result: unknown,
    ): Promise<void> {
      await createJobsRepository(trx).complete(job.id, now, JSON.stringify(result ?? null));
    },

    /** A failed attempt: retry later with backoff, or dead after `maxAttempts`. */
    async fail(
      job: Job,
      now: Date,
      error: string,
      options: { maxAttempts: number; backoff: BackoffPolicy; random?: () => number },
    ): Promise<JobState> {
      const dead = job.attempts >= options.maxAttempts;
      const state: JobState = dead ? 'dead' : 'pending';
      const runAt = new Date(
        now.getTime() + (dead ? 0 : backoffDelayMs(job.attempts, options.backoff, options.random)),
      );
      await jobs.release(job.id, { state, lastError: error.slice(0, 2000), runAt, now });
      return state;
    },

    /** When the earliest pending job is due (undefined: none waits). */
    nextRunAt(): Promise<Date | undefined> {
      return jobs.nextRunAt();
    },

    /** Jobs waiting or leased, per kind and state (the partial index jobs_due_idx covers them). */
    depth(): Promise<Array<{ kind: string; state: JobState; count: number }>> {
      return jobs.depth();
    },

    /** Operator view: counts per kind and state. */
    stats(): Promise<Array<{ kind: string; state: JobState; count: number }>> {
      return jobs.stats();
    },

    /** Operator view: the state of the job with this dedupe key (undefined: none). */
    stateOf(dedupeKey: string): Promise<JobState | undefined> {
      return jobs.stateByDedupeKey(dedupeKey);
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;
