// The HC Point ledger export (docs/console.md#jobs-and-exports, ADR 0054): every ledger entry of a
// period, optionally of one player, as CSV for finance. Both sides of each transfer are
// included (a player's bucket and the system counterparty), so the rows of a transfer sum to zero.
import { z } from 'zod';
import { defineCall } from '../call';
import { numericId, unixSeconds } from '../common';
import { builtOnFirstUse } from '../lazy';

/** Longest period of one export, in days. */
export const LEDGER_EXPORT_MAX_DAYS = 366;

/**
 * Columns of the CSV, in order. `bucket`: the ledger account kind (basic, present, or a system
 * account such as system_purchase); `amount`: signed HC Point; `at`: ISO 8601 UTC. The player
 * columns are empty on system accounts.
 */
export const LEDGER_CSV_COLUMNS = [
  'entry_id',
  'at',
  'transfer_id',
  'transfer_key',
  'transfer_kind',
  'ledger_account_id',
  'bucket',
  'account_id',
  'account',
  'game_account_id',
  'game_id',
  'game_uid',
  'amount',
] as const;

export const ledgerExportBodySchema = builtOnFirstUse(() =>
  z.object({
    /** From this time on (inclusive). */
    from: unixSeconds,
    /** Before this time (exclusive). */
    to: unixSeconds,
    /** Only this player's (portal account's) entries. */
    accountId: numericId.optional(),
  }),
);

export const consoleLedgerExport = defineCall({
  path: '/api/console/ledger/export',
  method: 'POST',
  auth: 'console',
  roles: ['finance'],
  download: 'text/csv',
  body: () => ledgerExportBodySchema,
  result: () => z.string().describe('CSV text (RFC 4180), header row first'),
  summary: 'The HC Point ledger entries of a period (optionally one player) as a CSV file',
  spec: 'docs/console.md#jobs-and-exports',
  chosen:
    'Streamed from the database in batches (constant memory), oldest first; at most LEDGER_EXPORT_MAX_DAYS days (LedgerExportRangeInvalid). Text cells (keys, names, uids) starting with = + - @ tab or CR get a leading single quote (spreadsheet formula injection); numbers, including negative amounts, are written as numbers.',
  tag: 'console',
});
