// The HC Point ledger export (docs/console.md#jobs-and-exports, ADR 0054): the entries of a period,
// optionally of one player, as CSV. Read in batches in (created_at, id) order
// (ledger-export.repository.ts) and written to the reply as a stream: Readable.from pulls the next
// batch only when csv-stringify and the socket have taken the previous rows, so memory holds about
// one batch whatever the size of the period. Text cells go through safeCsvCell (spreadsheet
// formula injection).
import { ErrorCode, LEDGER_CSV_COLUMNS, LEDGER_EXPORT_MAX_DAYS, toUnixSeconds } from '@hc/contract';
import { stringify } from 'csv-stringify';
import type { Kysely } from 'kysely';
import { pipeline, Readable } from 'node:stream';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { safeCsvCell } from '../../lib/csv-cells';
import { createLedgerExportRepository, type EntryRow } from './ledger-export.repository';

const text = (v: string | null) => (v === null ? '' : safeCsvCell(v));
const num = (v: string | number | null) => (v === null ? '' : String(v));

function cells(r: EntryRow): string[] {
  return [
    num(r.id),
    r.at.toISOString(),
    num(r.transfer_id),
    text(r.transfer_key),
    text(r.transfer_kind),
    num(r.ledger_account_id),
    text(r.bucket),
    num(r.account_id),
    text(r.account),
    num(r.game_account_id),
    num(r.game_id),
    text(r.game_uid),
    num(r.amount),
  ];
}

/**
 * The CSV text of the rows, header first, as a stream. A database error half way destroys the
 * returned stream with it (pipeline, not pipe), so the reply is cut off instead of the error
 * going unhandled; the client sees an incomplete download, never a truncated file passing as whole.
 */
export function ledgerCsv(rows: AsyncIterable<EntryRow>): NodeJS.ReadableStream {
  const csv = stringify({ header: true, columns: [...LEDGER_CSV_COLUMNS], record_delimiter: '\n' });
  const source = Readable.from(
    (async function* () {
      for await (const r of rows) yield cells(r);
    })(),
  );
  return pipeline(source, csv, () => {});
}

export function createLedgerExport(deps: { db: Kysely<DB>; clock: Clock }) {
  const repo = createLedgerExportRepository(deps.db);
  return {
    /** Checks the query, then answers the file name and the streamed CSV. */
    async exportCsv(body: { from: number; to: number; accountId?: number | undefined }) {
      if (body.to <= body.from || body.to - body.from > LEDGER_EXPORT_MAX_DAYS * 86_400)
        throw new AppError(ErrorCode.LedgerExportRangeInvalid, { maxDays: LEDGER_EXPORT_MAX_DAYS });
      if (body.accountId !== undefined && !(await repo.accountExists(body.accountId)))
        throw new AppError(ErrorCode.LedgerExportPlayerNotFound);
      const from = new Date(body.from * 1000);
      const to = new Date(body.to * 1000);
      const day = (d: Date) => d.toISOString().slice(0, 10);
      const who = body.accountId === undefined ? '' : `-account-${body.accountId}`;
      return {
        filename: `hc-ledger-${day(from)}-to-${day(to)}${who}-${toUnixSeconds(deps.clock.now())}.csv`,
        body: ledgerCsv(repo.entries({ from, to, accountId: body.accountId })),
      };
    },
  };
}
