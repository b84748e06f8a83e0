// The worker's sweep of unpaid orders (ADR 0031): unpaid orders past their expiry, and unpaid
// orders with a checkout older than PAYMENT_CHECK_AFTER_MINUTES (a lost webhook). Each is first
// asked about at its provider: paid there -> applied as paid; failed -> failed; otherwise an
// expired one is closed. Fair under a flood: one bounded batch per call, claimed and stamped in
// one statement (payment_checked_at), least recently looked at first (never looked at: oldest
// first), so an order asked about goes to the back of the line and no set of orders can keep
// another from its turn; SKIP LOCKED lets several workers share the line.
import { ServerOrderStatus } from '@hc/contract';
import type { PaymentEvent, ProviderName } from '../../adapters/payments/types';
import { createOrdersRepository, type SweptOrder } from './orders.repository';
import type { ApplyOutcome, OrdersDeps } from './orders.types';

const { Unpaid, Closed } = ServerOrderStatus;

/** Applies a provider event (the service's applyPaymentEvent). */
export type ApplyEvent = (provider: ProviderName, event: PaymentEvent) => Promise<ApplyOutcome>;

/** What the provider said about an order: applied as paid or failed, else nothing known. */
type Checked = 'recovered' | 'applied' | 'retry' | 'unknown';

export async function sweepUnpaid(
  deps: OrdersDeps,
  applyEvent: ApplyEvent,
  limit: number,
): Promise<{ closed: number; recovered: number }> {
  const { db, clock, config } = deps;
  const now = clock.now();
  const checkBefore = new Date(now.getTime() - config.worker.paymentCheckAfterMinutes * 60_000);
  const due = await createOrdersRepository(db).claimUnpaidForCheck(now, checkBefore, limit);
  let closed = 0;
  let recovered = 0;
  for (const o of due) {
    const checked = await askProvider(deps, applyEvent, o);
    if (checked === 'recovered') recovered += 1;
    if (checked !== 'unknown') continue;
    if (new Date(o.expires_at) > now) continue;
    const moved = await db.transaction().execute((trx) =>
      createOrdersRepository(trx).transition({ id: Number(o.id) }, [Unpaid], Closed, now, {
        note: 'expired',
      }),
    );
    if (moved) closed += 1;
  }
  return { closed, recovered };
}

/** Asks the order's provider about its payment and applies what it reports as an event. */
async function askProvider(
  deps: OrdersDeps,
  applyEvent: ApplyEvent,
  o: SweptOrder,
): Promise<Checked> {
  const provider =
    o.provider === 'epoint' ? undefined : deps.providers.byName(o.provider as ProviderName);
  if (provider === undefined || o.provider_ref === null) return 'unknown';
  let state;
  try {
    state = await provider.queryPayment({ orderId: o.sdk_order_id, providerRef: o.provider_ref });
  } catch (err) {
    deps.log.warn({ err, order: o.sdk_order_id }, 'payment query failed; will retry');
    return 'retry';
  }
  if (state.status === 'paid' && state.amount !== undefined && state.currency !== undefined) {
    const outcome = await applyEvent(provider.name, {
      kind: 'paid',
      eventId: `query:${o.provider_ref}`,
      type: 'query.paid',
      payload: state,
      orderId: o.sdk_order_id,
      providerRef: o.provider_ref,
      ...(state.paymentRef === undefined ? {} : { paymentRef: state.paymentRef }),
      amount: state.amount,
      currency: state.currency,
    });
    return outcome === 'paid' ? 'recovered' : 'applied';
  }
  if (state.status === 'failed') {
    await applyEvent(provider.name, {
      kind: 'failed',
      eventId: `query-failed:${o.provider_ref}`,
      type: 'query.failed',
      payload: state,
      orderId: o.sdk_order_id,
      providerRef: o.provider_ref,
      reason: 'provider_reports_failed',
    });
    return 'applied';
  }
  return 'unknown';
}
