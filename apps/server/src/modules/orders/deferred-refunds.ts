// Refunds that arrive before their payment (ADR 0031): kept as `deferred` payment events and
// applied by that payment, in its transaction.
import { ServerOrderStatus } from '@hc/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { OrderRow, OrdersRepository } from './orders.repository';
import type { ApplyOutcome, DeferredRefund } from './orders.types';

const { Paid, Refunded } = ServerOrderStatus;

/**
 * Does a refund naming `ref` belong to this order's payment? The checkout's id always says
 * so; the payment's own id (Stripe PaymentIntent, PayPal capture) only once the payment has
 * recorded it. `unknown`: not the checkout, and the payment's id is not known yet.
 */
export function refundRefMatch(order: OrderRow, ref: string): 'match' | 'mismatch' | 'unknown' {
  if (order.provider_ref !== null && ref === order.provider_ref) return 'match';
  if (order.payment_ref === null) return 'unknown';
  return ref === order.payment_ref ? 'match' : 'mismatch';
}

/** Is a kept event a refund of exactly this order's payment? */
function keptRefundApplies(order: OrderRow, event: unknown): boolean {
  const raw: unknown = typeof event === 'string' ? JSON.parse(event) : event;
  const ev = raw as Partial<DeferredRefund> | null;
  return (
    ev?.kind === 'refunded' &&
    typeof ev.providerRef === 'string' &&
    refundRefMatch(order, ev.providerRef) === 'match' &&
    ev.amount === order.price &&
    ev.currency === order.currency
  );
}

/**
 * Refunds kept for an order that has just been paid, applied with `repo` built from that
 * payment's transaction: a matching one moves it on to refunded at once, without delivery or
 * credit; one that names another payment is marked ref_mismatch. true when the order ended
 * refunded.
 */
export async function applyDeferredRefunds(
  repo: OrdersRepository,
  log: FastifyBaseLogger,
  order: OrderRow,
  now: Date,
): Promise<boolean> {
  const kept = await repo.lockDeferredEvents(order.id);
  let refunded = false;
  for (const row of kept) {
    let outcome: ApplyOutcome = 'ref_mismatch';
    if (keptRefundApplies(order, row.event)) {
      if (!refunded)
        refunded = await repo.transition(order, [Paid], Refunded, now, {
          note: 'provider_refund',
        });
      outcome = refunded ? 'refunded' : 'no_change';
    } else {
      log.warn(
        { order: order.sdk_order_id, event: row.event_id, recorded: order.payment_ref },
        'kept refund names another payment than the order; not applied',
      );
    }
    await repo.setPaymentEventOutcome(row.id, outcome);
  }
  return refunded;
}
