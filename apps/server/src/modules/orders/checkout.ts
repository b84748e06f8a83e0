// The provider checkout of an order (docs/payments.md, ADR 0031): exactly one request creates
// it (the checkout_until claim, a lease in case that request dies); any other request for the
// same order waits for that checkout and answers the same URL.
import { ErrorCode, ServerOrderStatus } from '@hc/contract';
import type { PaymentProvider, ProviderName } from '../../adapters/payments/types';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import { createOrdersRepository, type OrderRow } from './orders.repository';
import type { CreateOrderResult, OrdersDeps } from './orders.types';

const { Unpaid, Failed } = ServerOrderStatus;

/** How long one request may hold the right to create an order's checkout (provider calls). */
export const CHECKOUT_LEASE_MS = 30_000;
/** How long a second request for the same order waits for that checkout before SystemBusy. */
const CHECKOUT_WAIT_MS = 20_000;
const CHECKOUT_POLL_MS = 50;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The order screen's address: where the player returns from the provider. */
export function orderUrl(config: Pick<Config, 'publicBaseUrl'>, sdkOrderId: string): string {
  return `${config.publicBaseUrl}/main/recharge/detail/${encodeURIComponent(sdkOrderId)}`;
}

function createResult(config: Config, order: OrderRow): CreateOrderResult {
  return {
    pay_url: order.pay_url ?? orderUrl(config, order.sdk_order_id),
    sdk_order_id: order.sdk_order_id,
  };
}

/** Creates the provider checkout of an order this request has claimed (checkoutOf). */
export async function makeCheckout(
  deps: OrdersDeps,
  order: OrderRow,
  provider: PaymentProvider,
): Promise<CreateOrderResult> {
  const { db, clock, config, log } = deps;
  const repo = createOrdersRepository(db);
  try {
    const checkout = await provider.createCheckout({
      orderId: order.sdk_order_id,
      method: order.channel_code === 'paypal' ? 'paypal' : 'card',
      amount: order.price,
      currency: order.currency,
      itemName: order.item_name,
      language: order.language,
      returnUrl: orderUrl(config, order.sdk_order_id),
      cancelUrl: `${config.publicBaseUrl}/main/recharge`,
    });
    if (!(await repo.saveCheckout(order.id, checkout, clock.now()))) {
      // Our claim had lapsed and another request recorded its checkout: that one is the
      // order's (events for ours would not match the recorded reference).
      log.warn({ order: order.sdk_order_id }, 'checkout created after its claim lapsed; unused');
      const current = await repo.byId(order.id);
      if (current !== undefined) return createResult(config, current);
    }
    return { pay_url: checkout.payUrl, sdk_order_id: order.sdk_order_id };
  } catch (err) {
    // "Failed to initiate payment": the order cannot be paid, so it ends failed.
    log.error({ err, order: order.sdk_order_id, provider: provider.name }, 'checkout failed');
    await db.transaction().execute((trx) =>
      createOrdersRepository(trx).transition(order, [Unpaid], Failed, clock.now(), {
        note: 'checkout_failed',
      }),
    );
    throw new AppError(ErrorCode.SystemBusy);
  }
}

/**
 * The answer to a create for `order`: its pay_url, creating the provider checkout first when
 * it has none (SystemBusy if another request's checkout takes longer than CHECKOUT_WAIT_MS).
 */
export async function checkoutOf(deps: OrdersDeps, order: OrderRow): Promise<CreateOrderResult> {
  const { clock, config, providers } = deps;
  const repo = createOrdersRepository(deps.db);
  const provider =
    order.provider === 'epoint' ? undefined : providers.byName(order.provider as ProviderName);
  const deadline = Date.now() + CHECKOUT_WAIT_MS;
  let current = order;
  for (;;) {
    if (provider === undefined || current.pay_url !== null || current.status !== Unpaid)
      return createResult(config, current);
    const now = clock.now();
    const until = new Date(now.getTime() + CHECKOUT_LEASE_MS);
    if (await repo.claimCheckout(current.id, now, until))
      return makeCheckout(deps, current, provider);
    if (Date.now() > deadline) throw new AppError(ErrorCode.SystemBusy);
    await sleep(CHECKOUT_POLL_MS);
    const again = await repo.byId(current.id);
    if (again === undefined) throw new AppError(ErrorCode.OrderNotFound);
    current = again;
  }
}
