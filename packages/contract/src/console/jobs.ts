// Jobs in the console (docs/console.md#jobs-and-exports, ADR 0054): the background jobs that need
// a person: dead ones (every attempt failed) and stuck ones (leased by a worker that stopped long
// ago, or due long ago and never claimed), a summary of counts per state, and two actions:
// retry (due now, attempts counted again from zero) and discard with a reason (kept, never
// claimed again). Support acts (owner always); finance may read.
import { z } from 'zod';
import { defineCall } from '../call';
import { numericId, unixSeconds } from '../common';
import { keysetPageOf, keysetQuery } from './players';
import { builtOnFirstUse } from '../lazy';

/** Every state a job row can be in; `discarded` is set by an operator only. */
export const JOB_STATES = ['pending', 'running', 'done', 'dead', 'discarded'] as const;
export type ConsoleJobState = (typeof JOB_STATES)[number];

/** The kinds of job the worker runs (apps/server/src/jobs/queue.ts JobKind). */
export const JOB_KINDS = ['deliver', 'receipt', 'takeback', 'redeem', 'erase'] as const;

/**
 * What the list shows: `dead`; `stuck` (pending and due, or leased with the lease run out, for
 * longer than JOB_STUCK_AFTER_SECONDS); `discarded`. Without a filter: dead and stuck.
 */
export const JOB_LIST_STATES = ['dead', 'stuck', 'discarded'] as const;

/** A due or abandoned job not taken for this long counts as stuck (15 minutes). */
export const JOB_STUCK_AFTER_SECONDS = 900;

/** Longest discard reason, in characters. */
export const JOB_REASON_MAX = 500;

const spec = 'docs/console.md#jobs-and-exports';
const tag = 'console' as const;

export const consoleJobSchema = builtOnFirstUse(() =>
  z.object({
    id: numericId,
    kind: z.string(),
    state: z.enum(JOB_STATES),
    /** Pending or leased, and not taken for longer than JOB_STUCK_AFTER_SECONDS. */
    stuck: z.boolean(),
    orderId: numericId.nullable(),
    /** The order number (sdk_order_id) of the job's order, when it has one. */
    orderNumber: z.string().nullable(),
    /** Claims so far (each claim is an attempt); a retry counts again from zero. */
    attempts: z.number().int().nonnegative(),
    lastError: z.string().nullable(),
    /** When it is (or was) due. */
    runAt: unixSeconds,
    /** The worker's lease end while running, else null. */
    leaseUntil: unixSeconds.nullable(),
    createdAt: unixSeconds,
    updatedAt: unixSeconds,
  }),
);
export type ConsoleJob = z.infer<typeof consoleJobSchema>;

const countsSchema = builtOnFirstUse(() =>
  z.object({
    pending: z.number().int().nonnegative(),
    running: z.number().int().nonnegative(),
    done: z.number().int().nonnegative(),
    dead: z.number().int().nonnegative(),
    discarded: z.number().int().nonnegative(),
  }),
);

export const consoleJobsSummaryResultSchema = builtOnFirstUse(() =>
  z.object({
    /** Jobs per state. */
    counts: countsSchema,
    /** Pending or running jobs that are stuck (counted in `counts` too). */
    stuck: z.number().int().nonnegative(),
    stuckAfterSeconds: z.number().int().positive(),
    /** Dead and stuck jobs per kind (kinds with none are left out). */
    byKind: z.array(
      z.object({
        kind: z.string(),
        dead: z.number().int().nonnegative(),
        stuck: z.number().int().nonnegative(),
      }),
    ),
  }),
);
export type ConsoleJobsSummary = z.infer<typeof consoleJobsSummaryResultSchema>;

export const consoleJobsSummary = defineCall({
  path: '/api/console/jobs/summary',
  method: 'POST',
  auth: 'console',
  roles: ['support', 'finance'],
  body: () => z.object({}),
  result: () => consoleJobsSummaryResultSchema,
  summary: 'Jobs per state, and the dead and stuck ones per kind',
  spec,
  chosen: 'Counts over the whole jobs table; stuck is derived from JOB_STUCK_AFTER_SECONDS.',
  tag,
});

export const consoleJobsList = defineCall({
  path: '/api/console/jobs/list',
  method: 'POST',
  auth: 'console',
  roles: ['support', 'finance'],
  body: () =>
    z.object({
      /** Absent: dead and stuck. */
      state: z.enum(JOB_LIST_STATES).optional(),
      kind: z.enum(JOB_KINDS).optional(),
      ...keysetQuery,
    }),
  result: () => keysetPageOf(consoleJobSchema),
  summary: 'Dead, stuck or discarded jobs, newest first, keyset-paged',
  spec,
  chosen: 'Keyset paging on the job id (send `nextCursor` as `cursor`).',
  tag,
});

export const consoleJobsRetry = defineCall({
  path: '/api/console/jobs/retry',
  method: 'POST',
  auth: 'console',
  roles: ['support'],
  body: () =>
    z.object({
      id: numericId,
      /** Optional note kept in the audit log. */
      reason: z.string().trim().max(JOB_REASON_MAX).optional(),
    }),
  result: () => consoleJobSchema,
  summary: 'Makes a dead, discarded or stuck job due now, its attempts counted from zero',
  spec,
  chosen:
    'Refused (JobActionNotAllowed) for a done job and for one a worker holds a live lease on. Attempts restart at zero so the job gets the full DELIVERY_MAX_ATTEMPTS again; the audit entry keeps the old count.',
  tag,
});

export const consoleJobsDiscard = defineCall({
  path: '/api/console/jobs/discard',
  method: 'POST',
  auth: 'console',
  roles: ['support'],
  body: () =>
    z.object({
      id: numericId,
      /** Why: required, kept in the audit log. */
      reason: z.string().trim().min(1).max(JOB_REASON_MAX),
    }),
  result: () => consoleJobSchema,
  summary: 'Marks a dead, pending or stuck job discarded: kept, never claimed again',
  spec,
  chosen:
    'Refused (JobActionNotAllowed) for a done or already discarded job and for one a worker holds a live lease on. A discarded job can be retried.',
  tag,
});
