// The audit log as CSV (docs/console.md#audit-log): RFC 4180 by csv-stringify, streamed, times
// in ISO 8601 UTC, before/after as JSON text. A cell that starts with = + - @ tab or CR gets a
// leading single quote, so a spreadsheet shows it as text instead of running it as a formula
// (OWASP "CSV injection").
import { AUDIT_CSV_COLUMNS } from '@hc/contract';
import { stringify } from 'csv-stringify';
import { Readable } from 'node:stream';
import { safeCsvCell } from '../../lib/csv-cells';
import type { AuditRow } from './audit.repository';

/** A cell a spreadsheet will not evaluate (lib/csv-cells.ts). */
export const neutraliseCell = (value: string): string => safeCsvCell(value);

function cells(r: AuditRow): string[] {
  const json = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v));
  return [
    String(r.id),
    r.at.toISOString(),
    r.actorKind,
    r.actor,
    r.ip ?? '',
    r.action,
    r.target ?? '',
    json(r.before),
    json(r.after),
  ].map(neutraliseCell);
}

/** The CSV text of the rows, header first, as a stream. */
export function auditCsv(rows: AsyncIterable<AuditRow>): NodeJS.ReadableStream {
  const csv = stringify({ header: true, columns: [...AUDIT_CSV_COLUMNS], record_delimiter: '\n' });
  return Readable.from(
    (async function* () {
      for await (const r of rows) yield cells(r);
    })(),
  ).pipe(csv);
}
