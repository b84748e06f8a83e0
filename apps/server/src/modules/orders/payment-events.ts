// Provider payment events (docs/payments.md, ADR 0031), each applied exactly once: the event
// row (unique provider + event id), the order change and the follow-up work commit together or
// not at all. An event must name the payment recorded on the order (the checkout's id, or the
// payment's own id once paid) and its currency; otherwise it is recorded and refused. A refund
// that arrives before its payment is kept (`deferred`) and applied by that payment.
import { ServerOrderStatus } from '@hc/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { PaymentEvent, ProviderName } from '../../adapters/payments/types';
import type { DB } from '../../db/schema';
import { metrics } from '../../lib/metrics';
import { applyDeferredRefunds, refundRefMatch } from './deferred-refunds';
import { onPaid } from './order-paid';
import { createOrdersRepository, type OrderRow, type OrdersRepository } from './orders.repository';
import type { ApplyOutcome, DeferredRefund, OrdersDeps } from './orders.types';
import { refundOrder } from './refunds';

const { Unpaid, Failed, Closed } = ServerOrderStatus;

type EventOf<K extends PaymentEvent['kind']> = Extract<PaymentEvent, { kind: K }>;
type OrderEvent = EventOf<'paid' | 'failed' | 'refunded'>;

/** One event being applied, inside its transaction. */
interface EventRun {
  trx: Transaction<DB>;
  /** Built from `trx`. */
  repo: OrdersRepository;
  log: FastifyBaseLogger;
  provider: ProviderName;
  /** The event's payment_events row. */
  rowId: number;
  now: Date;
}

export async function applyPaymentEvent(
  deps: OrdersDeps,
  provider: ProviderName,
  event: PaymentEvent,
): Promise<ApplyOutcome> {
  const now = deps.clock.now();
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const repo = createOrdersRepository(trx);
    const inserted = await repo.insertPaymentEvent({
      provider,
      eventId: event.eventId,
      type: event.type,
      payload: event.payload,
      receivedAt: now,
    });
    if (inserted === undefined) return 'duplicate';
    const run: EventRun = { trx, repo, log: deps.log, provider, rowId: inserted.id, now };
    if (event.kind === 'ignored') return record(run, 'ignored', null);
    const order = await repo.bySdkId(event.orderId, { forUpdate: true });
    if (order === undefined || order.provider !== provider)
      return record(run, 'unknown_order', null);
    if (event.kind === 'paid') return applyPaid(run, event, order);
    if (event.kind === 'failed') return applyFailed(run, event, order);
    return applyRefund(run, event, order);
  });
  // Counted once committed (lib/metrics.ts).
  if (outcome === 'paid') metrics.ordersPaid.inc({ provider });
  return outcome;
}

/** Records what applying the event did (and, for a kept event, what it keeps of itself). */
async function record(
  run: EventRun,
  outcome: ApplyOutcome,
  orderId: number | null,
  kept?: DeferredRefund,
): Promise<ApplyOutcome> {
  await run.repo.recordPaymentEvent(run.rowId, outcome, orderId, kept);
  return outcome;
}

/** An event naming another payment than the order's: logged and recorded, not applied. */
function refused(
  run: EventRun,
  event: OrderEvent,
  order: OrderRow,
  why: string,
  outcome: ApplyOutcome,
): Promise<ApplyOutcome> {
  run.log.warn(
    {
      order: order.sdk_order_id,
      provider: run.provider,
      event: event.eventId,
      ref: event.providerRef,
      recorded: [order.provider_ref, order.payment_ref],
    },
    why,
  );
  return record(run, outcome, order.id);
}

async function applyPaid(
  run: EventRun,
  event: EventOf<'paid'>,
  order: OrderRow,
): Promise<ApplyOutcome> {
  const { trx, repo, now } = run;
  if (event.providerRef !== order.provider_ref)
    return refused(
      run,
      event,
      order,
      'payment names another checkout than the order; not applied',
      'ref_mismatch',
    );
  if (event.amount !== order.price || event.currency.toUpperCase() !== order.currency) {
    run.log.warn(
      { order: order.sdk_order_id, provider: run.provider, paid: [event.amount, event.currency] },
      'payment amount does not match the order; not applied',
    );
    return record(run, 'amount_mismatch', order.id);
  }
  // Money arrived: even an order closed as timed out or failed is paid and delivered
  // ("no paid order is ever lost"). Paid, delivered or refunded orders stay as they are.
  const moved = await repo.transition(
    order,
    [Unpaid, Failed, Closed],
    ServerOrderStatus.Paid,
    now,
    {
      paidAt: now,
    },
  );
  if (!moved) return record(run, 'no_change', order.id);
  const paid: OrderRow = { ...order, payment_ref: event.paymentRef ?? order.payment_ref };
  if (event.paymentRef !== undefined && event.paymentRef !== order.payment_ref)
    await repo.setPaymentRef(order.id, event.paymentRef);
  // A refund of this payment that came first: the order goes straight on to refunded,
  // with nothing delivered or credited (the money is already back with the player).
  if (await applyDeferredRefunds(repo, run.log, paid, now)) return record(run, 'paid', order.id);
  await onPaid(trx, order, now);
  return record(run, 'paid', order.id);
}

async function applyFailed(
  run: EventRun,
  event: EventOf<'failed'>,
  order: OrderRow,
): Promise<ApplyOutcome> {
  if (event.providerRef !== order.provider_ref)
    return refused(
      run,
      event,
      order,
      'failure names another checkout than the order; not applied',
      'ref_mismatch',
    );
  const moved = await run.repo.transition(order, [Unpaid], Failed, run.now, {
    note: event.reason.slice(0, 200),
  });
  return record(run, moved ? 'failed' : 'no_change', order.id);
}

/**
 * Refunds (refunds.ts): status 5, HC Point taken back (shortfall -> debt), items taken back by
 * a job, all in this transaction. Only a refund of the whole price changes the order: more than
 * was paid is refused and alerted; a partial or foreign-currency refund is recorded and left for
 * an operator (docs/payments.md).
 */
async function applyRefund(
  run: EventRun,
  event: EventOf<'refunded'>,
  order: OrderRow,
): Promise<ApplyOutcome> {
  const { log, provider } = run;
  const currency = event.currency.toUpperCase();
  if (currency === order.currency && event.amount > order.price) {
    log.error(
      { order: order.sdk_order_id, provider, refunded: event.amount, price: order.price },
      'refund larger than the payment; order not changed',
    );
    return record(run, 'refund_exceeds_payment', order.id);
  }
  if (event.amount !== order.price || currency !== order.currency) {
    log.warn(
      { order: order.sdk_order_id, provider, refunded: [event.amount, event.currency] },
      'partial or foreign-currency refund; order not changed',
    );
    return record(run, 'amount_mismatch', order.id);
  }
  const why = 'refund names another payment than the order; not applied';
  const ref = refundRefMatch(order, event.providerRef);
  if (ref === 'mismatch') return refused(run, event, order, why, 'ref_mismatch');
  if (order.status === Unpaid || order.status === Failed || order.status === Closed) {
    // The refund came before its payment: kept until the payment arrives (in the same
    // transaction as that payment, so a crash in between loses neither).
    log.info(
      { order: order.sdk_order_id, provider, event: event.eventId },
      'refund before its payment; kept until the payment arrives',
    );
    const kept: DeferredRefund = {
      kind: 'refunded',
      providerRef: event.providerRef,
      amount: event.amount,
      currency,
    };
    return record(run, 'deferred', order.id, kept);
  }
  if (ref === 'unknown') return refused(run, event, order, why, 'ref_mismatch');
  const refund = await refundOrder(run.trx, order, run.now, 'provider_refund');
  return record(run, refund.refunded ? 'refunded' : 'no_change', order.id);
}
