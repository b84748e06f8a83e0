// Reading the audit log for the console (docs/console.md#audit-log): a page of a filter, and
// every row of it as a CSV stream.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { auditCsv } from './audit-csv';
import { createAuditRepository, type AuditQuery } from './audit.repository';

export function createAuditService(deps: { db: Kysely<DB>; clock: Clock }) {
  const repo = createAuditRepository(deps.db);
  return {
    page: (q: AuditQuery, page: number, size: number) => repo.page(q, page, size),
    /** The CSV export: a file name with today's date, and the streamed text. */
    exportCsv: (q: AuditQuery) => ({
      filename: `audit-${deps.clock.now().toISOString().slice(0, 10)}.csv`,
      body: auditCsv(repo.each(q)),
    }),
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
