// The console's jobs page (docs/console.md#jobs-and-exports, ADR 0054): the jobs that need a
// person and the two things a person can do about one.
//
// Retry makes the job pending and due now with its attempts back at zero, so it gets the whole
// DELIVERY_MAX_ATTEMPTS budget with backoff again (kept at the old count, one more failure would
// send it straight back to dead); the audit entry keeps the old count. Discard marks it
// `discarded`: kept for the record and never claimed (the worker claims pending and running jobs
// only). Neither touches a job a worker holds a live lease on, nor a done job. The action, its
// check and its audit entry happen in one transaction on the locked row.
import {
  ErrorCode,
  JOB_STUCK_AFTER_SECONDS,
  toUnixSeconds,
  type ConsoleJob,
  type ConsoleJobsSummary,
} from '@hc/contract';
import type { Kysely, Selectable } from 'kysely';
import type { DB, JobsTable } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { createAuditRepository } from '../audit/audit.repository';
import type { ConsoleActor } from '../games/games-console.service';
import { keysetPage } from '../support/players-support.service';
import {
  createJobsConsoleRepository,
  type JobListState,
  type JobRow,
} from './jobs-console.repository';

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

function stuckBefore(now: Date): Date {
  return new Date(now.getTime() - JOB_STUCK_AFTER_SECONDS * 1000);
}

function isStuck(j: Selectable<JobsTable>, now: Date): boolean {
  const limit = stuckBefore(now);
  if (j.state === 'pending') return j.run_at < limit;
  if (j.state === 'running') return j.lease_until !== null && j.lease_until < limit;
  return false;
}

/** A worker holds the job and may still finish it. */
function leaseLive(j: Selectable<JobsTable>, now: Date): boolean {
  return j.state === 'running' && (j.lease_until === null || j.lease_until >= now);
}

function toJob(r: JobRow, now: Date): ConsoleJob {
  return {
    id: Number(r.id),
    kind: r.kind,
    state: r.state,
    stuck: isStuck(r, now),
    orderId: r.order_id === null ? null : Number(r.order_id),
    orderNumber: r.order_number,
    attempts: r.attempts,
    lastError: r.last_error,
    runAt: toUnixSeconds(r.run_at),
    leaseUntil: r.lease_until === null ? null : toUnixSeconds(r.lease_until),
    createdAt: toUnixSeconds(r.created_at),
    updatedAt: toUnixSeconds(r.updated_at),
  };
}

/** The fields an action changes, for the audit entry. */
function snapshot(j: Selectable<JobsTable>) {
  return {
    state: j.state,
    attempts: j.attempts,
    runAt: iso(j.run_at),
    leaseUntil: iso(j.lease_until),
    lastError: j.last_error,
  };
}

export function createJobsConsoleService(deps: { db: Kysely<DB>; clock: Clock }) {
  const { db, clock } = deps;
  const repo = createJobsConsoleRepository(db);

  async function act(
    id: number,
    action: 'retry' | 'discard',
    reason: string | undefined,
    actor: ConsoleActor,
  ): Promise<ConsoleJob> {
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      const jobsIn = createJobsConsoleRepository(trx);
      const job = await jobsIn.lock(id);
      if (job === undefined) throw new AppError(ErrorCode.JobNotFound);
      const allowed =
        job.state !== 'done' &&
        !leaseLive(job, now) &&
        (action === 'retry' || job.state !== 'discarded');
      if (!allowed) throw new AppError(ErrorCode.JobActionNotAllowed, { state: job.state });
      const change =
        action === 'retry'
          ? { state: 'pending' as const, attempts: 0, run_at: now, lease_until: null }
          : { state: 'discarded' as const, lease_until: null };
      const after = await jobsIn.update(id, change, now);
      await createAuditRepository(trx).append({
        actorKind: actor.kind,
        actor: actor.name,
        ip: actor.ip ?? null,
        action: `job.${action}`,
        target: `job:${id}`,
        before: { kind: job.kind, orderId: job.order_id, ...snapshot(job) },
        after: {
          ...snapshot(after),
          reason: reason === undefined || reason === '' ? null : reason,
        },
        at: now,
      });
    });
    const row = await repo.byId(id);
    if (row === undefined) throw new AppError(ErrorCode.JobNotFound);
    return toJob(row, now);
  }

  return {
    async summary(): Promise<ConsoleJobsSummary> {
      const now = clock.now();
      const [counts, byKind] = await Promise.all([
        repo.counts(),
        repo.problemsByKind(stuckBefore(now)),
      ]);
      const of = (state: string) => counts.find((c) => c.state === state)?.count ?? 0;
      return {
        counts: {
          pending: of('pending'),
          running: of('running'),
          done: of('done'),
          dead: of('dead'),
          discarded: of('discarded'),
        },
        stuck: byKind.reduce((n, k) => n + k.stuck, 0),
        stuckAfterSeconds: JOB_STUCK_AFTER_SECONDS,
        byKind,
      };
    },

    async list(q: {
      state?: JobListState | undefined;
      kind?: string | undefined;
      cursor?: number | undefined;
      size: number;
    }) {
      const now = clock.now();
      const rows = await repo.list({
        state: q.state,
        kind: q.kind,
        cursor: q.cursor,
        limit: q.size + 1,
        stuckBefore: stuckBefore(now),
      });
      const page = keysetPage(rows, q.size, (r) => Number(r.id));
      return { list: page.list.map((r) => toJob(r, now)), nextCursor: page.nextCursor };
    },

    retry: (id: number, reason: string | undefined, actor: ConsoleActor) =>
      act(id, 'retry', reason, actor),
    discard: (id: number, reason: string, actor: ConsoleActor) => act(id, 'discard', reason, actor),
  };
}

export type JobsConsoleService = ReturnType<typeof createJobsConsoleService>;
