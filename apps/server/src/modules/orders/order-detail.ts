// The order screen (docs/product/top-up.md#order-status-screen): only the owner sees it; anyone
// else gets OrderNotFound.
import {
  ErrorCode,
  ServerOrderStatus,
  type CallResult,
  type api,
  toUnixSeconds,
} from '@hc/contract';
import { AppError } from '../../lib/app-error';
import { channelName, localized } from '../catalog/catalog.service';
import { createOrdersRepository } from './orders.repository';
import type { OrdersDeps } from './orders.types';

export async function orderDetail(
  deps: OrdersDeps,
  accountId: number,
  sdkOrderId: string,
  language: string,
): Promise<CallResult<typeof api.orderDetail>> {
  const repo = createOrdersRepository(deps.db);
  const order = await repo.bySdkId(sdkOrderId);
  if (order === undefined || order.account_id !== accountId)
    throw new AppError(ErrorCode.OrderNotFound);
  const [timeline, account, game] = await Promise.all([
    repo.timeline(order.id),
    repo.accountName(accountId),
    repo.gameName(order.game_id),
  ]);
  const payable = order.status === ServerOrderStatus.Unpaid && order.expires_at > deps.clock.now();
  return {
    sdk_order_id: order.sdk_order_id,
    // Names in the reader's language, from the snapshot taken at creation.
    name: localized(order.item_names, language) || order.item_name,
    status: order.status,
    channel_name: channelName(order.channel_code, language),
    account: account ?? '',
    game_name: game ?? '',
    server_name: order.server_name,
    role_name: order.role_name,
    amount: order.price,
    currency: order.currency,
    create_ts: toUnixSeconds(order.created_at),
    pay_url: payable ? order.pay_url : null,
    timeline: timeline.map((e) => ({ status: e.status, ts: toUnixSeconds(e.created_at) })),
  };
}
