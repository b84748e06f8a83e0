// Reads a period's settlement lines straight from a provider (docs/console.md#finance-reconciliation):
// Stripe `GET /v1/balance_transactions` (created[gte]/[lt], expand data.source, paged with
// starting_after while has_more), PayPal Transaction Search `GET /v1/reporting/transactions`
// (start_date, end_date, page up to total_pages) and the sandbox's own records. Both APIs are
// reached at the configured base URL with the configured credentials, as the payment adapters are.
import { toUnixSeconds } from '@hc/contract';
import type { Kysely } from 'kysely';
import type Stripe from 'stripe';
import { fromDecimalString } from '../../adapters/payments/money';
import { createPaypalApi } from '../../adapters/payments/paypal-api';
import { stripeClient } from '../../adapters/payments/stripe';
import type { Config } from '../../config';
import type { DB } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { createReconciliationRepository } from './reconciliation.repository';
import { paypalLineType, STRIPE_PAYMENT_TYPES, STRIPE_REFUND_TYPES } from './report-parsers';
import type { SettlementLine } from './settlement';

/** A Stripe id, or the id of an expanded object. */
function idOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && value !== null && 'id' in value) {
    const id = value.id;
    return typeof id === 'string' ? id : undefined;
  }
  return undefined;
}

function stripeLine(tx: Stripe.BalanceTransaction): SettlementLine | undefined {
  const isPayment = STRIPE_PAYMENT_TYPES.has(tx.type);
  if (!isPayment && !STRIPE_REFUND_TYPES.has(tx.type)) return undefined;
  const source: unknown = tx.source;
  const sourceId = idOf(source) ?? tx.id;
  const expanded =
    typeof source === 'object' && source !== null ? (source as Record<string, unknown>) : {};
  const intent = idOf(expanded.payment_intent);
  const metadata = expanded.metadata as Record<string, string> | undefined;
  const orderRef = metadata?.order_id;
  return {
    type: isPayment ? 'payment' : 'refund',
    line: null,
    orderRef: orderRef === undefined || orderRef === '' ? null : orderRef,
    refs: intent === undefined ? [sourceId] : [sourceId, intent],
    // The payment intent is what the order keeps (orders.payment_ref); the charge otherwise.
    providerRef: intent ?? sourceId,
    amount: Math.abs(tx.amount),
    currency: tx.currency.toUpperCase(),
    occurredAt: new Date(tx.created * 1000),
  };
}

export async function fetchStripeLines(
  config: NonNullable<Config['payments']['stripe']>,
  from: Date,
  to: Date,
): Promise<SettlementLine[]> {
  const stripe = stripeClient(config.secretKey, config.apiBase);
  const lines: SettlementLine[] = [];
  let startingAfter: string | undefined;
  for (;;) {
    const page = await stripe.balanceTransactions.list({
      created: { gte: toUnixSeconds(from), lt: toUnixSeconds(to) },
      limit: 100,
      expand: ['data.source'],
      ...(startingAfter === undefined ? {} : { starting_after: startingAfter }),
    });
    for (const tx of page.data) {
      const line = stripeLine(tx);
      if (line !== undefined) lines.push(line);
    }
    const last = page.data[page.data.length - 1];
    if (!page.has_more || last === undefined) return lines;
    startingAfter = last.id;
  }
}

/** PayPal's time form for Transaction Search: `2026-01-15T08:00:00-0000`. */
const paypalTime = (d: Date) => `${d.toISOString().slice(0, 19)}-0000`;

export async function fetchPaypalLines(
  config: NonNullable<Config['payments']['paypalApi']>,
  clock: Clock,
  from: Date,
  to: Date,
): Promise<SettlementLine[]> {
  const api = createPaypalApi({ ...config, clock });
  const lines: SettlementLine[] = [];
  // PayPal's end_date is inclusive: stop a second before `to`.
  const end = new Date(to.getTime() - 1000);
  for (let page = 1; ; page++) {
    const answer = await api.searchTransactions({
      startDate: paypalTime(from),
      endDate: paypalTime(end),
      page,
    });
    for (const { transaction_info: t } of answer.transaction_details) {
      const type = paypalLineType(t.transaction_event_code ?? '');
      if (type === undefined || t.transaction_amount === undefined) continue;
      const currency = t.transaction_amount.currency_code.toUpperCase();
      const orderRef = t.invoice_id ?? t.custom_field;
      lines.push({
        type,
        line: null,
        orderRef: orderRef === undefined || orderRef === '' ? null : orderRef,
        refs:
          t.paypal_reference_id === undefined
            ? [t.transaction_id]
            : [t.transaction_id, t.paypal_reference_id],
        providerRef: t.transaction_id,
        amount: Math.abs(fromDecimalString(t.transaction_amount.value, currency)),
        currency,
        occurredAt: new Date(t.transaction_initiation_date.replace(/([+-]\d{2})(\d{2})$/, '$1:$2')),
      });
    }
    if (page >= (answer.total_pages ?? 1)) return lines;
  }
}

/** One sandbox payment's lines: its payment, and its refund when refunded. */
interface SandboxRow {
  id: string;
  order_ref: string;
  amount: number;
  currency: string;
  status: string;
  method: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface SandboxLine extends SettlementLine {
  method: string | null;
}

/**
 * The sandbox's settlement lines of a period: a payment line when paid (at its last change, or at
 * its creation once refunded, the sandbox keeping no separate payment time) and a refund line at
 * the refund, each within [from, to).
 */
export async function sandboxLines(db: Kysely<DB>, from: Date, to: Date): Promise<SandboxLine[]> {
  const rows: SandboxRow[] = await createReconciliationRepository(db).sandboxPaymentsWithin(
    from,
    to,
  );
  const lines: SandboxLine[] = [];
  const within = (d: Date) => d >= from && d < to;
  for (const r of rows) {
    const base = {
      line: null,
      orderRef: r.order_ref,
      refs: [r.id],
      providerRef: r.id,
      amount: Number(r.amount),
      currency: r.currency,
      method: r.method,
    };
    const paidAt = r.status === 'paid' ? r.updated_at : r.created_at;
    if (within(paidAt)) lines.push({ ...base, type: 'payment', occurredAt: paidAt });
    if (r.status === 'refunded' && within(r.updated_at))
      lines.push({ ...base, type: 'refund', occurredAt: r.updated_at });
  }
  return lines;
}

/** The sandbox settlement CSV of a period (the format report-parsers.ts reads back). */
export function sandboxReportCsv(lines: readonly SandboxLine[], from: Date, to: Date): string {
  const out = [
    'payment_id,order_id,type,amount,currency,method,occurred_at',
    `,,period_start,,,,${from.toISOString()}`,
    `,,period_end,,,,${to.toISOString()}`,
  ];
  for (const l of lines)
    out.push(
      [
        l.providerRef,
        l.orderRef ?? '',
        l.type,
        String(l.type === 'refund' ? -l.amount : l.amount),
        l.currency,
        l.method ?? '',
        l.occurredAt.toISOString(),
      ]
        .map(csvCell)
        .join(','),
    );
  return `${out.join('\n')}\n`;
}

/** Quotes a cell when needed; a leading formula character gets a `'` (as the audit export). */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-\d+$/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
