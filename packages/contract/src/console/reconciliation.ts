// Reconciliation of provider settlements against orders (docs/console.md#finance-reconciliation,
// ADR 0056). A run reads one provider's settlement lines for a period, either from an uploaded
// report file (Stripe balance transactions CSV, PayPal settlement report STL, the sandbox's own
// settlement CSV; the format is recognised from the file) or from the provider's API, matches
// them against the portal's orders and stores the differences. Each difference is then acted on:
// apply the payment or the refund here (the webhook's own path, idempotent) or mark it resolved
// with a note.
import { z } from 'zod';
import { defineCall, pageOf } from '../call';
import { currencyCode, numericId, pageQuery, unixSeconds } from '../common';
import { builtOnFirstUse } from '../lazy';

export const RECONCILIATION_PROVIDERS = ['sandbox', 'stripe', 'paypal'] as const;
export type ReconciliationProvider = (typeof RECONCILIATION_PROVIDERS)[number];

/** Where a run's lines came from: an uploaded report file, or the provider's API. */
export const RECONCILIATION_SOURCES = ['upload', 'fetch'] as const;

/** The report file formats accepted by `reconciliation/import` (recognised from the file). */
export const RECONCILIATION_FORMATS = ['stripe_csv', 'paypal_stl', 'sandbox_csv', 'api'] as const;

/**
 * provider_only: paid at the provider, not paid here. portal_only: paid here, not at the
 * provider. amount_mismatch: both paid, amount or currency differs. refund_provider_only:
 * refunded at the provider, not here. refund_portal_only: refunded here, not at the provider.
 */
export const RECONCILIATION_KINDS = [
  'provider_only',
  'portal_only',
  'amount_mismatch',
  'refund_provider_only',
  'refund_portal_only',
] as const;
export type ReconciliationKind = (typeof RECONCILIATION_KINDS)[number];

export const RECONCILIATION_STATUSES = ['open', 'resolved'] as const;

/** How a difference was resolved: the payment or refund applied here, or a note. */
export const RECONCILIATION_RESOLUTIONS = ['payment_applied', 'refund_applied', 'noted'] as const;

/** Content types the import accepts (the bytes decide the format). */
export const RECONCILIATION_UPLOAD_CONTENT_TYPES = [
  'text/csv',
  'text/plain',
  'application/vnd.ms-excel',
  'application/octet-stream',
] as const;

/** Largest report file accepted by the import, in bytes. */
export const RECONCILIATION_MAX_BYTES = 10 * 1024 * 1024;
/** Longest period of one run, in seconds (93 days). */
export const RECONCILIATION_MAX_PERIOD_SECONDS = 93 * 24 * 3600;

const spec = 'docs/console.md#finance-reconciliation';
const tag = 'console' as const;

export const reconciliationRunSchema = builtOnFirstUse(() =>
  z.object({
    id: numericId,
    provider: z.enum(RECONCILIATION_PROVIDERS),
    source: z.enum(RECONCILIATION_SOURCES),
    format: z.enum(RECONCILIATION_FORMATS),
    /** The period matched: `from` inclusive, `to` exclusive. */
    periodFrom: unixSeconds,
    periodTo: unixSeconds,
    /** SHA-256 of the uploaded file (hex), or of the fetched lines. */
    fileSha256: z.string(),
    /** Settlement lines read (payments and refunds; fees, payouts and others are not counted). */
    lines: z.number().int().nonnegative(),
    matched: z.number().int().nonnegative(),
    differences: z.number().int().nonnegative(),
    /** Differences not yet resolved. */
    open: z.number().int().nonnegative(),
    createdBy: z.string(),
    createdAt: unixSeconds,
  }),
);
export type ReconciliationRun = z.infer<typeof reconciliationRunSchema>;

export const reconciliationDifferenceSchema = builtOnFirstUse(() =>
  z.object({
    id: numericId,
    runId: numericId,
    kind: z.enum(RECONCILIATION_KINDS),
    /** The portal order number, when known (from the report or the order). */
    orderRef: z.string().nullable(),
    /** The portal order's id, when such an order exists. */
    orderId: numericId.nullable(),
    /** The provider's id of the line (charge, capture, sandbox payment), when there is a line. */
    providerRef: z.string().nullable(),
    /** What the provider reports. */
    providerAmount: z.number().int().nullable(),
    providerCurrency: currencyCode.nullable(),
    /** What the order says. */
    portalAmount: z.number().int().nullable(),
    portalCurrency: currencyCode.nullable(),
    /** The order's status here (ServerOrderStatus), when there is an order. */
    portalStatus: z.number().int().nullable(),
    /** When it happened at the provider, or was paid here. */
    occurredAt: unixSeconds.nullable(),
    status: z.enum(RECONCILIATION_STATUSES),
    resolution: z.enum(RECONCILIATION_RESOLUTIONS).nullable(),
    resolvedBy: z.string().nullable(),
    resolvedAt: unixSeconds.nullable(),
    note: z.string().nullable(),
  }),
);
export type ReconciliationDifference = z.infer<typeof reconciliationDifferenceSchema>;

const periodFields = {
  from: unixSeconds.describe('Start of the period (inclusive)'),
  to: unixSeconds.describe('End of the period (exclusive)'),
};

export const consoleReconciliationRunsList = defineCall({
  path: '/api/console/reconciliation/runs/list',
  method: 'POST',
  auth: 'console',
  roles: ['finance'],
  body: () => z.object({ provider: z.enum(RECONCILIATION_PROVIDERS).optional(), ...pageQuery }),
  result: () => pageOf(reconciliationRunSchema),
  summary: 'Reconciliation runs, newest first, paged',
  spec,
  chosen: 'Paged like the audit log; `open` counts the differences not yet resolved.',
  tag,
});

export const consoleReconciliationRunsGet = defineCall({
  path: '/api/console/reconciliation/runs/get',
  method: 'POST',
  auth: 'console',
  roles: ['finance'],
  body: () => z.object({ id: numericId }),
  result: () => reconciliationRunSchema,
  summary: 'One reconciliation run with its counts',
  spec,
  chosen: 'ReconciliationRunNotFound for an unknown id.',
  tag,
});

export const consoleReconciliationImport = defineCall({
  path: '/api/console/reconciliation/import',
  method: 'POST',
  auth: 'console',
  roles: ['finance'],
  upload: RECONCILIATION_UPLOAD_CONTENT_TYPES,
  body: () => z.object({}).describe('The body is the settlement report file itself'),
  result: () => reconciliationRunSchema,
  summary: 'Imports a provider settlement report file and stores a reconciliation run',
  spec,
  chosen:
    'The request body is the raw file: a Stripe balance transactions CSV, a PayPal settlement report (STL) or the sandbox settlement CSV, ' +
    'recognised from its first line. The provider and the period come from the file. A malformed file is ReconciliationFileInvalid ' +
    '(data.line, data.message) and nothing is stored; larger than RECONCILIATION_MAX_BYTES is ReconciliationFileTooLarge.',
  tag,
});

export const consoleReconciliationFetch = defineCall({
  path: '/api/console/reconciliation/fetch',
  method: 'POST',
  auth: 'console',
  roles: ['finance'],
  body: () => z.object({ provider: z.enum(RECONCILIATION_PROVIDERS), ...periodFields }),
  result: () => reconciliationRunSchema,
  summary: "Reads a period's settlement lines from the provider and stores a reconciliation run",
  spec,
  chosen:
    'Stripe: GET /v1/balance_transactions (created[gte]/[lt], paged with starting_after); PayPal: GET /v1/reporting/transactions ' +
    '(start_date, end_date, page; at most 31 days); sandbox: its own records. ReconciliationProviderUnavailable when the provider ' +
    'is not configured, ReconciliationFetchFailed when its API refuses, ReconciliationPeriodInvalid for an empty or too long period.',
  tag,
});

export const consoleReconciliationDifferences = defineCall({
  path: '/api/console/reconciliation/differences/list',
  method: 'POST',
  auth: 'console',
  roles: ['finance'],
  body: () =>
    z.object({
      runId: numericId,
      kind: z.enum(RECONCILIATION_KINDS).optional(),
      status: z.enum(RECONCILIATION_STATUSES).optional(),
      ...pageQuery,
    }),
  result: () => pageOf(reconciliationDifferenceSchema),
  summary: "A run's differences, filtered by kind and status, paged",
  spec,
  chosen:
    'In the order found; portalStatus is the order status now. ReconciliationRunNotFound for an unknown run.',
  tag,
});

export const consoleReconciliationApply = defineCall({
  path: '/api/console/reconciliation/differences/apply',
  method: 'POST',
  auth: 'console',
  roles: ['finance'],
  body: () => z.object({ id: numericId, note: z.string().trim().max(500).optional() }),
  result: () => reconciliationDifferenceSchema,
  summary: 'Applies the payment (provider_only) or the refund (refund_provider_only) here',
  spec,
  chosen:
    'A payment goes through the webhook path (one payment event per difference, so a retry changes nothing); a refund through the ' +
    'order refund path. The difference is then resolved. A resolved difference answers as it is. ReconciliationActionNotAllowed for other kinds or when no order exists; ReconciliationActionRefused (data.outcome) when the order refuses it.',
  tag,
});

export const consoleReconciliationResolve = defineCall({
  path: '/api/console/reconciliation/differences/resolve',
  method: 'POST',
  auth: 'console',
  roles: ['finance'],
  body: () => z.object({ id: numericId, note: z.string().trim().min(3).max(500) }),
  result: () => reconciliationDifferenceSchema,
  summary: 'Marks a difference resolved with a note',
  spec,
  chosen: 'A resolved difference answers as it is (its first resolution is kept).',
  tag,
});

export const consoleReconciliationSandboxReport = defineCall({
  path: '/api/console/reconciliation/sandbox-report',
  method: 'POST',
  auth: 'console',
  roles: ['finance'],
  download: 'text/csv',
  body: () => z.object({ ...periodFields }),
  result: () => z.string().describe('The sandbox settlement CSV'),
  summary: "The sandbox provider's settlement report of a period, as a CSV download",
  spec,
  chosen:
    'The header `payment_id,order_id,type,amount,currency,method,occurred_at`, a `period_start` and a `period_end` row (ISO 8601 UTC in occurred_at), ' +
    'then one line per payment and per refund (amount in minor units, refunds negative).',
  tag,
});
