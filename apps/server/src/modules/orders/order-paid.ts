// What a payment sets going, in the transaction that records it (webhook event or HC Point):
// a game pack gets its rebate credited and a delivery job; an HC Point pack is credited to the
// wallet and completed at once, with a receipt job.
import { ServerOrderStatus } from '@hc/contract';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { enqueueJob } from '../../jobs/queue';
import { creditHcPoint } from '../wallet/wallet.service';
import { createOrdersRepository, type OrderRow } from './orders.repository';

const { Paid, Delivered } = ServerOrderStatus;

/** After a webhook or HC Point payment: the follow-up work, in the same transaction. */
export async function onPaid(trx: Transaction<DB>, order: OrderRow, now: Date): Promise<void> {
  if (order.kind === 'game' && order.hc_gift > 0) {
    await creditHcPoint(trx, {
      gameAccountId: order.game_account_id,
      basic: 0,
      present: order.hc_gift,
      idempotencyKey: `${order.sdk_order_id}:rebate`,
    });
  }
  if (order.kind === 'coin') {
    // HC Point pack: basic = amount, present = gift, exactly as the product showed (docs/product/hc-point.md#balance).
    await creditHcPoint(trx, {
      gameAccountId: order.game_account_id,
      basic: order.hc_amount ?? 0,
      present: order.hc_gift,
      idempotencyKey: `${order.sdk_order_id}:credit`,
    });
    await createOrdersRepository(trx).transition(order, [Paid], Delivered, now, {
      completedAt: now,
    });
    await enqueueJob(trx, {
      kind: 'receipt',
      dedupeKey: `receipt:${order.sdk_order_id}`,
      orderId: order.id,
      runAt: now,
    });
    return;
  }
  await enqueueJob(trx, {
    kind: 'deliver',
    dedupeKey: `deliver:${order.sdk_order_id}`,
    orderId: order.id,
    runAt: now,
  });
}
