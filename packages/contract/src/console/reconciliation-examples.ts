// Examples of the reconciliation calls (docs/console.md#finance-reconciliation).
import type { ConsoleExamples } from './examples';

const now = 1_767_225_600; // 2026-01-01T00:00:00Z
const run = {
  id: 4,
  provider: 'stripe' as const,
  source: 'upload' as const,
  format: 'stripe_csv' as const,
  periodFrom: now - 7 * 86_400,
  periodTo: now,
  fileSha256: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
  lines: 120,
  matched: 118,
  differences: 2,
  open: 1,
  createdBy: 'operator',
  createdAt: now,
};
const difference = {
  id: 31,
  runId: 4,
  kind: 'provider_only' as const,
  orderRef: 'HC20251231000017',
  orderId: 17,
  providerRef: 'pi_3QxYz2ABCdef',
  providerAmount: 499,
  providerCurrency: 'USD',
  portalAmount: 499,
  portalCurrency: 'USD',
  portalStatus: 4,
  occurredAt: now - 3600,
  status: 'open' as const,
  resolution: null,
  resolvedBy: null,
  resolvedAt: null,
  note: null,
};
const resolved = {
  ...difference,
  status: 'resolved' as const,
  resolution: 'payment_applied' as const,
  portalStatus: 6,
  resolvedBy: 'operator',
  resolvedAt: now,
};

type ReconciliationNames =
  | 'consoleReconciliationRunsList'
  | 'consoleReconciliationRunsGet'
  | 'consoleReconciliationImport'
  | 'consoleReconciliationFetch'
  | 'consoleReconciliationDifferences'
  | 'consoleReconciliationApply'
  | 'consoleReconciliationResolve'
  | 'consoleReconciliationSandboxReport';

export const reconciliationExamples: Pick<ConsoleExamples, ReconciliationNames> = {
  consoleReconciliationRunsList: {
    body: { page: 1, size: 20 },
    result: { list: [run], total: 1, page: 1, size: 20 },
  },
  consoleReconciliationRunsGet: { body: { id: 4 }, result: run },
  consoleReconciliationImport: { body: {}, result: run },
  consoleReconciliationFetch: {
    body: { provider: 'sandbox', from: now - 86_400, to: now },
    result: { ...run, provider: 'sandbox', source: 'fetch', format: 'api' },
  },
  consoleReconciliationDifferences: {
    body: { runId: 4, kind: 'provider_only', page: 1, size: 20 },
    result: { list: [difference], total: 1, page: 1, size: 20 },
  },
  consoleReconciliationApply: { body: { id: 31 }, result: resolved },
  consoleReconciliationResolve: {
    body: { id: 31, note: 'Paid twice by the player; refunded at Stripe' },
    result: {
      ...resolved,
      resolution: 'noted',
      note: 'Paid twice by the player; refunded at Stripe',
    },
  },
  consoleReconciliationSandboxReport: {
    body: { from: now - 86_400, to: now },
    result:
      'payment_id,order_id,type,amount,currency,method,occurred_at\n' +
      ',,period_start,,,,2025-12-31T00:00:00.000Z\n' +
      ',,period_end,,,,2026-01-01T00:00:00.000Z\n' +
      'sbx_abc,HC20251231000017,payment,499,USD,card,2025-12-31T08:00:00.000Z\n',
  },
};
