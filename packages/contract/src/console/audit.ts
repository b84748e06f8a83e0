// The audit log in the console (docs/console.md#audit-log, ADR 0040): a filtered, paged list and
// a CSV export of the same filter.
import { z } from 'zod';
import { defineCall, pageOf } from '../call';
import { numericId, pageQuery, unixSeconds } from '../common';
import { builtOnFirstUse } from '../lazy';

export const AUDIT_ACTOR_KINDS = ['publisher', 'operator', 'cli', 'player'] as const;

const filterFields = {
  /** Exact actor: an operator's name, a publisher key id, `cli`. */
  actor: z.string().min(1).max(128).optional(),
  actorKind: z.enum(AUDIT_ACTOR_KINDS).optional(),
  /** Exact action (`operator.invite`) or a prefix ending in `.` (`operator.`). */
  action: z.string().min(1).max(128).optional(),
  /** Exact target, e.g. `operator:3`, `account:1001`. */
  target: z.string().min(1).max(256).optional(),
  /** From this time on (inclusive). */
  from: unixSeconds.optional(),
  /** Before this time (exclusive). */
  to: unixSeconds.optional(),
};
export const auditFilterSchema = builtOnFirstUse(() => z.object(filterFields));
export type AuditFilter = z.infer<typeof auditFilterSchema>;

export const auditEntrySchema = builtOnFirstUse(() =>
  z.object({
    id: numericId,
    at: unixSeconds,
    actorKind: z.enum(AUDIT_ACTOR_KINDS),
    actor: z.string(),
    ip: z.string().nullable(),
    action: z.string(),
    target: z.string().nullable(),
    /** The changed fields before and after, as JSON (never secrets). */
    before: z.unknown(),
    after: z.unknown(),
  }),
);
export type AuditEntryItem = z.infer<typeof auditEntrySchema>;

/** Columns of the CSV export, in order (times as ISO 8601 UTC, before/after as JSON text). */
export const AUDIT_CSV_COLUMNS = [
  'id',
  'at',
  'actor_kind',
  'actor',
  'ip',
  'action',
  'target',
  'before',
  'after',
] as const;

const tag = 'console' as const;

export const consoleAuditList = defineCall({
  path: '/api/console/audit/list',
  method: 'POST',
  auth: 'console',
  roles: ['owner'],
  body: () => z.object({ ...filterFields, ...pageQuery }),
  result: () => pageOf(auditEntrySchema),
  summary: 'The audit log, newest first, filtered and paged',
  spec: 'docs/console.md#audit-log',
  chosen: 'POST with the filter in the body, like every call with a body.',
  tag,
});

export const consoleAuditExport = defineCall({
  path: '/api/console/audit/export',
  method: 'POST',
  auth: 'console',
  roles: ['owner'],
  download: 'text/csv',
  body: () => auditFilterSchema,
  result: () => z.string().describe('CSV text (RFC 4180), header row first'),
  summary: 'The audit log as a CSV file (the same filter as the list, every row)',
  spec: 'docs/console.md#audit-log',
  chosen:
    'Answers `text/csv` (Content-Disposition attachment), streamed, not an envelope; refusals are envelopes. Cells starting with = + - @ tab or CR get a leading single quote (spreadsheet formula injection).',
  tag,
});
