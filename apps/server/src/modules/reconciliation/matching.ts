// Matches a provider's settlement lines against the portal's orders
// (docs/console.md#finance-reconciliation). A line finds its order by the order number the
// provider carries (Stripe metadata order_id, PayPal invoice id, sandbox order_id) or by any of its
// ids stored on an order (orders.provider_ref: the checkout; orders.payment_ref: the payment). Then:
// - provider_only: a payment line whose order is missing or not paid here;
// - amount_mismatch: the order is paid here, but the payment lines' sum or currency differs;
// - refund_provider_only: a refund line whose order is not refunded here;
// - portal_only: an order of the provider paid here within the period with no payment line;
// - refund_portal_only: an order refunded here within the period with no refund line.
import { ServerOrderStatus } from '@hc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import {
  createReconciliationRepository,
  type ReconciliationRepository,
} from './reconciliation.repository';
import type { SettlementLine, SettlementReport } from './settlement';

const { Paid, Delivered, Refunded } = ServerOrderStatus;
const PAID_HERE: readonly number[] = [Paid, Delivered, Refunded];

export interface OrderFacts {
  id: number;
  sdkOrderId: string;
  providerRef: string | null;
  paymentRef: string | null;
  price: number;
  currency: string;
  status: number;
  paidAt: Date | null;
}

export interface FoundDifference {
  kind:
    | 'provider_only'
    | 'portal_only'
    | 'amount_mismatch'
    | 'refund_provider_only'
    | 'refund_portal_only';
  orderRef: string | null;
  orderId: number | null;
  providerRef: string | null;
  providerAmount: number | null;
  providerCurrency: string | null;
  portalAmount: number | null;
  portalCurrency: string | null;
  occurredAt: Date | null;
}

export interface MatchResult {
  differences: FoundDifference[];
  /** Lines that found their order and agree with it. */
  matched: number;
}

const CHUNK = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

function facts(r: {
  id: number | string;
  sdk_order_id: string;
  provider_ref: string | null;
  payment_ref: string | null;
  price: number | string;
  currency: string;
  status: number;
  paid_at: Date | null;
}): OrderFacts {
  return {
    id: Number(r.id),
    sdkOrderId: r.sdk_order_id,
    providerRef: r.provider_ref,
    paymentRef: r.payment_ref,
    price: Number(r.price),
    currency: r.currency,
    status: Number(r.status),
    paidAt: r.paid_at,
  };
}

/** The provider's orders that the lines name, by order number or stored provider id. */
async function ordersNamed(
  repo: ReconciliationRepository,
  provider: string,
  lines: readonly SettlementLine[],
): Promise<OrderFacts[]> {
  const numbers = [...new Set(lines.flatMap((l) => (l.orderRef === null ? [] : [l.orderRef])))];
  const refs = [...new Set(lines.flatMap((l) => l.refs))];
  const found = new Map<number, OrderFacts>();
  for (const part of chunks(numbers)) {
    const rows = await repo.ordersByNumbers(provider, part);
    for (const r of rows) found.set(Number(r.id), facts(r));
  }
  for (const part of chunks(refs)) {
    const rows = await repo.ordersByRefs(provider, part);
    for (const r of rows) found.set(Number(r.id), facts(r));
  }
  return [...found.values()];
}

export async function matchReport(db: Kysely<DB>, report: SettlementReport): Promise<MatchResult> {
  const { provider, lines, periodFrom: from, periodTo: to } = report;
  const repo = createReconciliationRepository(db);
  const orders = await ordersNamed(repo, provider, lines);
  const byNumber = new Map(orders.map((o) => [o.sdkOrderId, o]));
  const byRef = new Map<string, OrderFacts>();
  for (const o of orders) {
    if (o.providerRef !== null) byRef.set(o.providerRef, o);
    if (o.paymentRef !== null) byRef.set(o.paymentRef, o);
  }
  const orderOf = (l: SettlementLine): OrderFacts | undefined =>
    (l.orderRef === null ? undefined : byNumber.get(l.orderRef)) ??
    l.refs.map((r) => byRef.get(r)).find((o) => o !== undefined);

  const differences: FoundDifference[] = [];
  let matched = 0;
  const portal = (o: OrderFacts | undefined) => ({
    orderId: o?.id ?? null,
    portalAmount: o?.price ?? null,
    portalCurrency: o?.currency ?? null,
  });
  const fromLine = (l: SettlementLine, o: OrderFacts | undefined) => ({
    orderRef: o?.sdkOrderId ?? l.orderRef,
    providerRef: l.providerRef,
    providerAmount: l.amount,
    providerCurrency: l.currency,
    occurredAt: l.occurredAt,
    ...portal(o),
  });

  // Lines grouped by their order; lines without an order each stand alone.
  const groups = new Map<
    number,
    { order: OrderFacts; payments: SettlementLine[]; refunds: SettlementLine[] }
  >();
  for (const line of lines) {
    const order = orderOf(line);
    if (order === undefined) {
      differences.push({
        kind: line.type === 'payment' ? 'provider_only' : 'refund_provider_only',
        ...fromLine(line, undefined),
      });
      continue;
    }
    const group = groups.get(order.id) ?? { order, payments: [], refunds: [] };
    (line.type === 'payment' ? group.payments : group.refunds).push(line);
    groups.set(order.id, group);
  }

  for (const { order, payments, refunds } of groups.values()) {
    const [payment] = payments;
    if (payment !== undefined) {
      const sum = payments.reduce((s, l) => s + l.amount, 0);
      const currencies = new Set(payments.map((l) => l.currency));
      if (!PAID_HERE.includes(order.status))
        differences.push({
          kind: 'provider_only',
          ...fromLine(payment, order),
          providerAmount: sum,
        });
      else if (sum !== order.price || currencies.size !== 1 || !currencies.has(order.currency))
        differences.push({
          kind: 'amount_mismatch',
          ...fromLine(payment, order),
          providerAmount: sum,
        });
      else matched += payments.length;
    }
    const [refund] = refunds;
    if (refund !== undefined) {
      if (order.status !== Refunded)
        differences.push({
          kind: 'refund_provider_only',
          ...fromLine(refund, order),
          providerAmount: refunds.reduce((s, l) => s + l.amount, 0),
        });
      else matched += refunds.length;
    }
  }

  const withPayment = new Set(
    [...groups.values()].filter((g) => g.payments.length > 0).map((g) => g.order.id),
  );
  for (const r of await repo.ordersPaidWithin(
    provider,
    PAID_HERE as ServerOrderStatus[],
    from,
    to,
  )) {
    const o = facts(r);
    if (withPayment.has(o.id)) continue;
    differences.push({
      kind: 'portal_only',
      orderRef: o.sdkOrderId,
      providerRef: o.paymentRef ?? o.providerRef,
      providerAmount: null,
      providerCurrency: null,
      occurredAt: o.paidAt,
      ...portal(o),
    });
  }
  const withRefund = new Set(
    [...groups.values()].filter((g) => g.refunds.length > 0).map((g) => g.order.id),
  );
  for (const r of await repo.ordersRefundedWithin(provider, from, to)) {
    const o = facts(r);
    if (withRefund.has(o.id)) continue;
    differences.push({
      kind: 'refund_portal_only',
      orderRef: o.sdkOrderId,
      providerRef: o.paymentRef ?? o.providerRef,
      providerAmount: null,
      providerCurrency: null,
      occurredAt: r.refunded_at,
      ...portal(o),
    });
  }
  return { differences, matched };
}
