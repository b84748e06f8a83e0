// Orders (docs/product/top-up.md#top-up-screen, docs/product/top-up.md#order-status-screen, docs/product/top-up.md#order-statuses, docs/product/top-up.md#order-lifecycle, docs/decisions/0009-order-status-meaning.md, docs/payments.md): creation with a price
// snapshot after checking product, channel, server and role; payment by a provider (webhook
// events, applied exactly once) or by HC Point; the timeline; expiry of unpaid orders.
//
// Server statuses (docs/product/top-up.md#order-statuses): 1 unpaid, 6 paid (shown "processing"), 2 delivered (completed),
// 3 failed, 4 closed (timed out), 5 refunded. A paid game pack gets a delivery job in the same
// transaction; a paid HC Point pack is credited to the wallet in the same transaction.
//
// This is the module's facade: each use case lives in its own file of this folder and every
// query in orders.repository.ts (ADR 0037).
import type { CallResult, api } from '@hc/contract';
import type { PaymentEvent, ProviderName } from '../../adapters/payments/types';
import { cancelOrder } from './cancel-order';
import { orderUrl } from './checkout';
import { createOrder } from './create-order';
import { orderDetail } from './order-detail';
import type { ApplyOutcome, CreateOrderInput, CreateOrderResult, OrdersDeps } from './orders.types';
import { payWithHcPoint } from './pay-with-hc-point';
import { applyPaymentEvent } from './payment-events';
import { sweepUnpaid } from './unpaid-sweep';

export { HC_POINT_CURRENCY, newSdkOrderId } from './create-order';
export type { ApplyOutcome, CreateOrderInput, OrdersDeps } from './orders.types';

export function createOrdersService(deps: OrdersDeps) {
  return {
    orderUrl: (sdkOrderId: string): string => orderUrl(deps.config, sdkOrderId),

    /** create-order.ts: a new (or the reused open) order and where to pay it. */
    create(input: CreateOrderInput): Promise<CreateOrderResult> {
      return createOrder(deps, input);
    },

    /** order-detail.ts: the order screen, for its owner only. */
    detail(
      accountId: number,
      sdkOrderId: string,
      language: string,
    ): Promise<CallResult<typeof api.orderDetail>> {
      return orderDetail(deps, accountId, sdkOrderId, language);
    },

    /** pay-with-hc-point.ts: debit, mark paid and enqueue delivery in one transaction. */
    payWithHcPoint(accountId: number, sdkOrderId: string) {
      return payWithHcPoint(deps, accountId, sdkOrderId);
    },

    /** cancel-order.ts: the player's unpaid order closed as cancelled (idempotent). */
    cancel(accountId: number, sdkOrderId: string) {
      return cancelOrder(deps, accountId, sdkOrderId);
    },

    /** payment-events.ts: applies one verified provider event exactly once. */
    applyPaymentEvent(provider: ProviderName, event: PaymentEvent): Promise<ApplyOutcome> {
      return applyPaymentEvent(deps, provider, event);
    },

    /** unpaid-sweep.ts (worker): asks providers about stuck checkouts, closes expired orders. */
    sweepUnpaid(limit = 50): Promise<{ closed: number; recovered: number }> {
      return sweepUnpaid(deps, (provider, event) => this.applyPaymentEvent(provider, event), limit);
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
