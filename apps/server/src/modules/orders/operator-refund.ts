// An operator refunds a paid or delivered order in full (docs/console.md#support-and-finance-orders,
// ADR 0053): the one flow behind the CLI's `refund` command and the console's orders/refund call.
// - Paid by card/PayPal: the provider refunds the payment (provider.refund, idempotent per order
//   at the sandbox, Stripe and PayPal). The provider then sends its refund webhook; this also
//   applies the same "refunded" event itself at once, so a lost or late webhook cannot leave the
//   order half-done. Both paths end in refundOrder (refunds.ts), whose every step is keyed per
//   order (status guard 6/2 -> 5, ledger keys `<order>:refund`, job `takeback:<order>`): whichever
//   arrives second changes nothing.
// - Paid with HC Point (provider 'epoint'): the HC Point goes back to the wallet
//   (`<order>:epoint-refund`), status 5 and a take-back job, in one transaction with the audit row.
// An order already refunded answers `already_refunded` and nothing is called or written.
import { ServerOrderStatus } from '@hc/contract';
import type { Kysely } from 'kysely';
import type { PaymentProviders } from '../../adapters/payments';
import type { PaymentEvent, ProviderName } from '../../adapters/payments/types';
import type { DB } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { createAuditRepository } from '../audit/audit.repository';
import type { ConsoleActor } from '../games/games-console.service';
import { createOrdersRepository, type OrderRow } from './orders.repository';
import type { ApplyOutcome } from './orders.types';
import { refundOrder, type RefundOutcome } from './refunds';

const { Paid, Delivered, Refunded } = ServerOrderStatus;

export interface OperatorRefundDeps {
  db: Kysely<DB>;
  clock: Clock;
  providers: Pick<PaymentProviders, 'byName'>;
  /** The webhook path (orders service): applies one provider event exactly once. */
  applyPaymentEvent: (provider: ProviderName, event: PaymentEvent) => Promise<ApplyOutcome>;
}

/** Why a refund was not made; nothing changed. */
export type OperatorRefundRefusal =
  | { refused: 'not_found' }
  | { refused: 'status'; status: number }
  | { refused: 'provider_unavailable'; provider: string }
  | { refused: 'provider_failed'; provider: string; message: string };

export type OperatorRefundResult =
  | OperatorRefundRefusal
  | {
      refused?: undefined;
      outcome: 'refunded' | 'already_refunded';
      order: OrderRow;
      provider: string;
      refundId: string | null;
      /** What applying the refund event answered (provider orders; the webhook may be first). */
      applied: ApplyOutcome | null;
      /** HC Point orders: what refundOrder did; undefined for provider orders. */
      refund?: RefundOutcome;
    };

/** The order's refund, as the operator `actor` asked with `reason` (audited as order.refund). */
export async function operatorRefund(
  deps: OperatorRefundDeps,
  sdkOrderId: string,
  actor: ConsoleActor,
  reason: string | null,
): Promise<OperatorRefundResult> {
  const { db, clock } = deps;
  const order = await createOrdersRepository(db).bySdkId(sdkOrderId);
  if (order === undefined) return { refused: 'not_found' };
  const done = (o: OrderRow, outcome: 'refunded' | 'already_refunded') => ({
    outcome,
    order: o,
    provider: o.provider,
    refundId: null,
    applied: null,
  });
  if (order.status === Refunded) return done(order, 'already_refunded');
  if (order.status !== Paid && order.status !== Delivered)
    return { refused: 'status', status: order.status };
  const audit = (before: OrderRow, after: Record<string, unknown>) => ({
    actorKind: actor.kind,
    actor: actor.name,
    ip: actor.ip ?? null,
    action: 'order.refund',
    target: `order:${sdkOrderId}`,
    before: { status: before.status },
    after: { ...after, ...(reason === null ? {} : { reason }) },
    at: clock.now(),
  });

  if (order.provider === 'epoint') {
    return db.transaction().execute(async (trx): Promise<OperatorRefundResult> => {
      const locked = await createOrdersRepository(trx).bySdkId(sdkOrderId, { forUpdate: true });
      if (locked === undefined) return { refused: 'not_found' };
      if (locked.status === Refunded) return done(locked, 'already_refunded');
      const refund = await refundOrder(trx, locked, clock.now(), 'operator_refund');
      if (!refund.refunded) return { refused: 'status', status: locked.status };
      await createAuditRepository(trx).append(
        audit(locked, { status: Refunded, provider: 'epoint', returned: refund.returned }),
      );
      return {
        ...done({ ...locked, status: Refunded }, 'refunded'),
        refund,
      };
    });
  }

  const provider = deps.providers.byName(order.provider as ProviderName);
  if (provider === undefined || order.provider_ref === null)
    return { refused: 'provider_unavailable', provider: order.provider };
  const ref = { orderId: order.sdk_order_id, providerRef: order.provider_ref };
  let refundId: string;
  try {
    ({ refundId } = await provider.refund({
      ...ref,
      amount: order.price,
      currency: order.currency,
    }));
  } catch (err) {
    return {
      refused: 'provider_failed',
      provider: provider.name,
      message: (err instanceof Error ? err.message : String(err)).slice(0, 300),
    };
  }
  // The provider has refunded: recorded at once, before the state change below (which the
  // provider's webhook may also make), so the log keeps who asked even if the rest fails.
  await db
    .transaction()
    .execute((trx) =>
      createAuditRepository(trx).append(
        audit(order, { status: Refunded, provider: provider.name, refundId }),
      ),
    );
  // The webhook will come too; applying the same event now is harmless (keyed per order).
  const applied = await deps.applyPaymentEvent(provider.name, {
    kind: 'refunded',
    eventId: `operator-refund:${refundId}`,
    type: 'operator.refund',
    payload: { refundId, by: 'portal refund' },
    ...ref,
    amount: order.price,
    currency: order.currency,
  });
  const after = (await createOrdersRepository(db).byId(order.id)) ?? order;
  return { ...done(after, 'refunded'), refundId, applied };
}
