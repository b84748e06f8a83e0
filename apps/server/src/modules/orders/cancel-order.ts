// Cancelling an unpaid order from the top-up page (docs/product/top-up.md#unpaid-orders,
// /api/order/cancel): the player's unpaid order becomes closed with a "cancelled" timeline step,
// under its row lock, in one transaction. Idempotent: an order that is no longer unpaid is left
// as it is and its status answered. A payment that still arrives for it is applied as a late
// payment (docs/decisions/0017-order-rules.md).
import { ErrorCode, ServerOrderStatus } from '@hc/contract';
import type { OrderStatusValue } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { createOrdersRepository } from './orders.repository';
import type { OrdersDeps } from './orders.types';

const { Unpaid, Closed } = ServerOrderStatus;

export async function cancelOrder(
  deps: Pick<OrdersDeps, 'db' | 'clock'>,
  accountId: number,
  sdkOrderId: string,
): Promise<{ sdk_order_id: string; status: OrderStatusValue }> {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const repo = createOrdersRepository(trx);
    const order = await repo.bySdkId(sdkOrderId, { forUpdate: true });
    if (order === undefined || order.account_id !== accountId)
      throw new AppError(ErrorCode.OrderNotFound);
    if (order.status !== Unpaid) return { sdk_order_id: order.sdk_order_id, status: order.status };
    await repo.transition({ id: order.id }, [Unpaid], Closed, now, { note: 'cancelled' });
    return { sdk_order_id: order.sdk_order_id, status: Closed };
  });
}
