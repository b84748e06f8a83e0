// Examples of the jobs and ledger export calls (docs/console.md#jobs-and-exports).
import type { ConsoleExamples } from './examples';

const now = 1_767_225_600; // 2026-01-01T00:00:00Z
const job = {
  id: 812,
  kind: 'deliver',
  state: 'dead' as const,
  stuck: false,
  orderId: 17,
  orderNumber: 'HC20251231000017',
  attempts: 8,
  lastError: 'game gateway answered 503',
  runAt: now - 3600,
  leaseUntil: null,
  createdAt: now - 7200,
  updatedAt: now - 3600,
};

export const jobsExamples: Pick<
  ConsoleExamples,
  | 'consoleJobsSummary'
  | 'consoleJobsList'
  | 'consoleJobsRetry'
  | 'consoleJobsDiscard'
  | 'consoleLedgerExport'
> = {
  consoleJobsSummary: {
    body: {},
    result: {
      counts: { pending: 3, running: 1, done: 15_230, dead: 1, discarded: 0 },
      stuck: 0,
      stuckAfterSeconds: 900,
      byKind: [{ kind: 'deliver', dead: 1, stuck: 0 }],
    },
  },
  consoleJobsList: {
    body: { state: 'dead', kind: 'deliver', size: 20 },
    result: { list: [job], nextCursor: null },
  },
  consoleJobsRetry: {
    body: { id: 812, reason: 'The game is back up' },
    result: { ...job, state: 'pending', attempts: 0, runAt: now, updatedAt: now },
  },
  consoleJobsDiscard: {
    body: { id: 812, reason: 'Refunded to the player instead' },
    result: { ...job, state: 'discarded', updatedAt: now },
  },
  consoleLedgerExport: {
    body: { from: now - 86_400, to: now, accountId: 1001 },
    result:
      'entry_id,at,transfer_id,transfer_key,transfer_kind,ledger_account_id,bucket,account_id,account,game_account_id,game_id,game_uid,amount\n' +
      '5120,2025-12-31T08:00:00.000Z,2560,HC20251231000017:credit,purchase,12,basic,1001,alice,1001,1,1001,500\n',
  },
};
