// Reconciliation runs and their differences (docs/console.md#finance-reconciliation, ADR 0056).
// A run and all its differences are stored with their audit row in one transaction, so a file
// that cannot be read, or a provider that does not answer, stores nothing. Actions on a
// difference: apply the payment (the webhook's own path, applyPaymentEvent, with one event id per
// difference, so a retry changes nothing), apply the refund (refundOrder, with the difference and
// the audit row in the same transaction) or resolve with a note. A resolved difference keeps who
// resolved it, when, how and the note, and is answered as it is when acted on again.
import {
  ErrorCode,
  RECONCILIATION_MAX_PERIOD_SECONDS,
  toUnixSeconds,
  type ReconciliationDifference,
  type ReconciliationKind,
  type ReconciliationProvider,
  type ReconciliationRun,
} from '@hc/contract';
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { PaymentEvent, ProviderName } from '../../adapters/payments/types';
import type { Config } from '../../config';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { createAuditRepository } from '../audit/audit.repository';
import type { ConsoleActor } from '../games/games-console.service';
import type { ApplyOutcome } from '../orders/orders.types';
import { createOrdersRepository } from '../orders/orders.repository';
import { refundOrder } from '../orders/refunds';
import { matchReport } from './matching';
import {
  fetchPaypalLines,
  fetchStripeLines,
  sandboxLines,
  sandboxReportCsv,
} from './provider-fetch';
import {
  createReconciliationRepository,
  type DifferenceRow,
  type ReconciliationRepository,
  type RunRow,
} from './reconciliation.repository';
import { parseSettlementReport } from './report-parsers';
import { SettlementFileError, type SettlementReport } from './settlement';

export interface ReconciliationDeps {
  db: Kysely<DB>;
  clock: Clock;
  payments: Config['payments'];
  /** The webhook path (orders service): applies one provider event exactly once. */
  applyPaymentEvent: (provider: ProviderName, event: PaymentEvent) => Promise<ApplyOutcome>;
}

const PAYPAL_MAX_PERIOD_SECONDS = 31 * 24 * 3600;
const ts = (d: Date | null) => (d === null ? null : toUnixSeconds(d));
const num = (v: number | string | null) => (v === null ? null : Number(v));

function toRun(r: RunRow): ReconciliationRun {
  return {
    id: Number(r.id),
    provider: r.provider,
    source: r.source,
    format: r.format,
    periodFrom: toUnixSeconds(r.period_from),
    periodTo: toUnixSeconds(r.period_to),
    fileSha256: r.file_sha256,
    lines: Number(r.lines),
    matched: Number(r.matched),
    differences: Number(r.differences),
    open: Number(r.open),
    createdBy: r.created_by,
    createdAt: toUnixSeconds(r.created_at),
  };
}

function toDifference(r: DifferenceRow): ReconciliationDifference {
  return {
    id: Number(r.id),
    runId: Number(r.run_id),
    kind: r.kind,
    orderRef: r.order_ref,
    orderId: num(r.order_id),
    providerRef: r.provider_ref,
    providerAmount: num(r.provider_amount),
    providerCurrency: r.provider_currency,
    portalAmount: num(r.portal_amount),
    portalCurrency: r.portal_currency,
    portalStatus: num(r.portal_status),
    occurredAt: ts(r.occurred_at),
    status: r.status,
    resolution: r.resolution,
    resolvedBy: r.resolved_by,
    resolvedAt: ts(r.resolved_at),
    note: r.note,
  };
}

/** A Stripe payment intent or PayPal capture, as the order keeps it (orders.payment_ref). */
function paymentRefOf(provider: ReconciliationProvider, ref: string | null): string | undefined {
  if (ref === null) return undefined;
  if (provider === 'stripe') return ref.startsWith('pi_') ? ref : undefined;
  if (provider === 'paypal') return ref;
  return undefined;
}

export function createReconciliationService(deps: ReconciliationDeps) {
  const { db, clock } = deps;
  /** Over the pool: reads outside any action's transaction. */
  const reconciliation = createReconciliationRepository(db);

  async function getRun(repo: ReconciliationRepository, id: number): Promise<ReconciliationRun> {
    const r = await repo.runById(id);
    if (r === undefined) throw new AppError(ErrorCode.ReconciliationRunNotFound);
    return toRun(r);
  }

  async function getDifference(
    repo: ReconciliationRepository,
    id: number,
  ): Promise<ReconciliationDifference> {
    const r = await repo.differenceById(id);
    if (r === undefined) throw new AppError(ErrorCode.ReconciliationDifferenceNotFound);
    return toDifference(r);
  }

  /** Matches and stores a run with its differences and its audit row, in one transaction. */
  async function store(
    report: SettlementReport,
    source: 'upload' | 'fetch',
    sha256: string,
    actor: ConsoleActor,
  ): Promise<ReconciliationRun> {
    return db.transaction().execute(async (trx) => {
      const { differences, matched } = await matchReport(trx, report);
      const now = clock.now();
      const repo = createReconciliationRepository(trx);
      const runId = await repo.insertRun({
        provider: report.provider,
        source,
        format: report.format,
        period_from: report.periodFrom,
        period_to: report.periodTo,
        file_sha256: sha256,
        lines: report.lines.length,
        matched,
        differences: differences.length,
        created_by: actor.name,
        created_at: now,
      });
      await repo.insertDifferences(
        differences.map((d) => ({
          run_id: runId,
          kind: d.kind,
          order_ref: d.orderRef,
          order_id: d.orderId,
          provider_ref: d.providerRef,
          provider_amount: d.providerAmount,
          provider_currency: d.providerCurrency,
          portal_amount: d.portalAmount,
          portal_currency: d.portalCurrency,
          occurred_at: d.occurredAt,
        })),
      );
      const counts: Partial<Record<ReconciliationKind, number>> = {};
      for (const d of differences) counts[d.kind] = (counts[d.kind] ?? 0) + 1;
      await createAuditRepository(trx).append({
        actorKind: actor.kind,
        actor: actor.name,
        ip: actor.ip ?? null,
        action: 'reconciliation.run',
        target: `reconciliation_run:${runId}`,
        after: {
          provider: report.provider,
          source,
          format: report.format,
          periodFrom: toUnixSeconds(report.periodFrom),
          periodTo: toUnixSeconds(report.periodTo),
          fileSha256: sha256,
          lines: report.lines.length,
          matched,
          differences: counts,
        },
        at: now,
      });
      return getRun(repo, runId);
    });
  }

  function checkPeriod(from: number, to: number, max: number): { from: Date; to: Date } {
    if (from >= to || to - from > max) throw new AppError(ErrorCode.ReconciliationPeriodInvalid);
    return { from: new Date(from * 1000), to: new Date(to * 1000) };
  }

  /**
   * Resolves an open difference with `resolution` inside `trx` (the row locked), and writes its
   * audit row; answers the difference as stored.
   */
  async function markResolved(
    trx: Kysely<DB>,
    diff: ReconciliationDifference,
    resolution: 'payment_applied' | 'refund_applied' | 'noted',
    note: string | undefined,
    actor: ConsoleActor,
    extra: Record<string, unknown> = {},
  ): Promise<ReconciliationDifference> {
    const now = clock.now();
    const repo = createReconciliationRepository(trx);
    await repo.resolve(diff.id, {
      resolution,
      by: actor.name,
      at: now,
      note: note ?? null,
    });
    const action =
      resolution === 'payment_applied'
        ? 'reconciliation.apply_payment'
        : resolution === 'refund_applied'
          ? 'reconciliation.apply_refund'
          : 'reconciliation.resolve';
    await createAuditRepository(trx).append({
      actorKind: actor.kind,
      actor: actor.name,
      ip: actor.ip ?? null,
      action,
      target: `reconciliation_difference:${diff.id}`,
      before: { status: 'open', orderStatus: diff.portalStatus },
      after: {
        status: 'resolved',
        resolution,
        kind: diff.kind,
        runId: diff.runId,
        order: diff.orderRef,
        providerRef: diff.providerRef,
        ...(note === undefined ? {} : { note }),
        ...extra,
      },
      at: now,
    });
    return getDifference(repo, diff.id);
  }

  /** The difference locked for an action, or undefined when it is already resolved. */
  async function lockOpen(trx: Kysely<DB>, id: number) {
    const repo = createReconciliationRepository(trx);
    const row = await repo.lockDifference(id);
    if (row === undefined) throw new AppError(ErrorCode.ReconciliationDifferenceNotFound);
    return row.status === 'open' ? getDifference(repo, id) : undefined;
  }

  async function applyPayment(
    diff: ReconciliationDifference,
    note: string | undefined,
    actor: ConsoleActor,
  ): Promise<ReconciliationDifference> {
    const run = await getRun(reconciliation, diff.runId);
    const order =
      diff.orderId === null ? undefined : await createOrdersRepository(db).byId(diff.orderId);
    if (
      order === undefined ||
      order.provider_ref === null ||
      diff.providerAmount === null ||
      diff.providerCurrency === null
    )
      throw new AppError(ErrorCode.ReconciliationActionNotAllowed);
    const paymentRef = paymentRefOf(run.provider, diff.providerRef);
    // The same path and rules as the provider's webhook; one event id per difference.
    const outcome = await deps.applyPaymentEvent(run.provider, {
      eventId: `reconciliation:${diff.id}`,
      type: 'reconciliation.payment',
      payload: { runId: run.id, differenceId: diff.id, by: actor.name },
      kind: 'paid',
      orderId: order.sdk_order_id,
      providerRef: order.provider_ref,
      ...(paymentRef === undefined ? {} : { paymentRef }),
      amount: diff.providerAmount,
      currency: diff.providerCurrency,
    });
    if (outcome !== 'paid' && outcome !== 'no_change' && outcome !== 'duplicate')
      throw new AppError(ErrorCode.ReconciliationActionRefused, { outcome });
    return db.transaction().execute(async (trx) => {
      const open = await lockOpen(trx, diff.id);
      if (open === undefined) return getDifference(createReconciliationRepository(trx), diff.id);
      return markResolved(trx, open, 'payment_applied', note, actor, { outcome });
    });
  }

  async function applyRefund(
    id: number,
    note: string | undefined,
    actor: ConsoleActor,
  ): Promise<ReconciliationDifference> {
    return db.transaction().execute(async (trx) => {
      const diff = await lockOpen(trx, id);
      if (diff === undefined) return getDifference(createReconciliationRepository(trx), id);
      if (diff.orderId === null) throw new AppError(ErrorCode.ReconciliationActionNotAllowed);
      const order = await createOrdersRepository(trx).byId(diff.orderId, { forUpdate: true });
      if (order === undefined) throw new AppError(ErrorCode.ReconciliationActionNotAllowed);
      if (diff.providerAmount !== order.price || diff.providerCurrency !== order.currency)
        throw new AppError(ErrorCode.ReconciliationActionRefused, { outcome: 'amount_mismatch' });
      const outcome = await refundOrder(trx, order, clock.now(), 'provider_refund');
      if (!outcome.refunded && order.status !== 5)
        throw new AppError(ErrorCode.ReconciliationActionRefused, { outcome: 'not_paid' });
      return markResolved(trx, diff, 'refund_applied', note, actor, {
        refunded: outcome.refunded,
        takenBack: outcome.takenBack,
        shortfall: outcome.shortfall,
      });
    });
  }

  return {
    async runs(q: { provider?: ReconciliationProvider | undefined; page: number; size: number }) {
      const { rows, total } = await reconciliation.runsPage({
        provider: q.provider,
        limit: q.size,
        offset: (q.page - 1) * q.size,
      });
      return { list: rows.map(toRun), total, page: q.page, size: q.size };
    },

    run: (id: number) => getRun(reconciliation, id),

    async differences(q: {
      runId: number;
      kind?: ReconciliationKind | undefined;
      status?: 'open' | 'resolved' | undefined;
      page: number;
      size: number;
    }) {
      await getRun(reconciliation, q.runId);
      const { rows, total } = await reconciliation.differencesPage({
        runId: q.runId,
        kind: q.kind,
        status: q.status,
        limit: q.size,
        offset: (q.page - 1) * q.size,
      });
      return { list: rows.map(toDifference), total, page: q.page, size: q.size };
    },

    /** An uploaded report file; a malformed one is ReconciliationFileInvalid and nothing is stored. */
    async importFile(bytes: Buffer, actor: ConsoleActor): Promise<ReconciliationRun> {
      let report: SettlementReport;
      try {
        report = parseSettlementReport(bytes);
      } catch (err) {
        if (err instanceof SettlementFileError)
          throw new AppError(ErrorCode.ReconciliationFileInvalid, {
            line: err.line,
            message: err.message,
          });
        throw err;
      }
      const sha = createHash('sha256').update(bytes).digest('hex');
      return store(report, 'upload', sha, actor);
    },

    async fetch(
      provider: ReconciliationProvider,
      fromSeconds: number,
      toSeconds: number,
      actor: ConsoleActor,
    ): Promise<ReconciliationRun> {
      const max =
        provider === 'paypal' ? PAYPAL_MAX_PERIOD_SECONDS : RECONCILIATION_MAX_PERIOD_SECONDS;
      const { from, to } = checkPeriod(fromSeconds, toSeconds, max);
      let lines;
      const { payments } = deps;
      if (provider === 'sandbox') {
        if (!payments.sandbox.enabled)
          throw new AppError(ErrorCode.ReconciliationProviderUnavailable);
        lines = await sandboxLines(db, from, to);
      } else {
        const stripe = payments.stripe;
        const paypal = payments.paypalApi;
        if (provider === 'stripe' ? stripe === undefined : paypal === undefined)
          throw new AppError(ErrorCode.ReconciliationProviderUnavailable);
        try {
          lines =
            provider === 'stripe'
              ? await fetchStripeLines(stripe!, from, to)
              : await fetchPaypalLines(paypal!, clock, from, to);
        } catch (err) {
          throw new AppError(ErrorCode.ReconciliationFetchFailed, {
            provider,
            reason: err instanceof Error ? err.message.slice(0, 300) : 'unknown',
          });
        }
      }
      const sha = createHash('sha256').update(JSON.stringify(lines)).digest('hex');
      return store(
        { provider, format: 'api', periodFrom: from, periodTo: to, lines },
        'fetch',
        sha,
        actor,
      );
    },

    /** The sandbox's settlement CSV of a period (the same lines the sandbox fetch reads). */
    async sandboxReport(fromSeconds: number, toSeconds: number) {
      const { from, to } = checkPeriod(fromSeconds, toSeconds, RECONCILIATION_MAX_PERIOD_SECONDS);
      if (!deps.payments.sandbox.enabled)
        throw new AppError(ErrorCode.ReconciliationProviderUnavailable);
      const csv = sandboxReportCsv(await sandboxLines(db, from, to), from, to);
      return {
        filename: `sandbox-settlement-${from.toISOString().slice(0, 10)}-${to.toISOString().slice(0, 10)}.csv`,
        text: csv,
      };
    },

    async apply(id: number, note: string | undefined, actor: ConsoleActor) {
      const diff = await getDifference(reconciliation, id);
      if (diff.status === 'resolved') return diff;
      if (diff.kind === 'provider_only') return applyPayment(diff, note, actor);
      if (diff.kind === 'refund_provider_only') return applyRefund(id, note, actor);
      throw new AppError(ErrorCode.ReconciliationActionNotAllowed);
    },

    async resolve(id: number, note: string, actor: ConsoleActor) {
      return db.transaction().execute(async (trx) => {
        const open = await lockOpen(trx, id);
        if (open === undefined) return getDifference(createReconciliationRepository(trx), id);
        return markResolved(trx, open, 'noted', note, actor);
      });
    },
  };
}

export type ReconciliationService = ReturnType<typeof createReconciliationService>;
