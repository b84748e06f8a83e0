// Paying an order with HC Point (docs/product/api.md#hc-point-calls /api/payment/order/epoint/pay,
// ADR 0023, ADR 0063): debit, mark paid and enqueue delivery in one transaction (in the common
// case one statement). Too little HC Point -> ePointNumInsufficient and nothing changes. Paying
// the same order again answers its current state without moving HC Point a second time.
import { ErrorCode, ServerOrderStatus } from '@hc/contract';
import type { Transaction } from 'kysely';
import type { DB, OrderStatusValue } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { metrics } from '../../lib/metrics';
import {
  createWalletService,
  debitHcPointWithBalance,
  isBalanceCheckViolation,
} from '../wallet/wallet.service';
import { onPaid } from './order-paid';
import { createOrdersRepository, type OrderRow } from './orders.repository';
import type { OrdersDeps } from './orders.types';

const { Unpaid, Paid, Delivered } = ServerOrderStatus;

export async function payWithHcPoint(deps: OrdersDeps, accountId: number, sdkOrderId: string) {
  const { db, clock } = deps;
  const now = clock.now();
  const idempotencyKey = `${sdkOrderId}:epoint-pay`;
  // The common case in one statement (ADR 0063): an unpaid game pack of this player that the
  // balance covers is paid, debited and queued for delivery, or nothing changes.
  let fast;
  try {
    fast = await createOrdersRepository(db).payHcPointGamePack(
      accountId,
      sdkOrderId,
      idempotencyKey,
      now,
    );
  } catch (err) {
    if (isBalanceCheckViolation(err)) throw new AppError(ErrorCode.ePointNumInsufficient);
    throw err;
  }
  if (fast !== undefined) {
    metrics.ordersPaid.inc({ provider: 'epoint' });
    const fromPresent = fast.applied ? Math.min(fast.present, fast.amount) : 0;
    const fromBasic = fast.applied ? fast.amount - fromPresent : 0;
    return {
      sdk_order_id: fast.sdk_order_id,
      status: Paid as OrderStatusValue,
      balance: { basicNum: fast.basic - fromBasic, presentNum: fast.present - fromPresent },
    };
  }
  // Everything else, step by step in one transaction (ADR 0023): a repeat, another player's or
  // an unpayable order, too little HC Point, a game pack with a rebate.
  const result = await db.transaction().execute(async (trx) => {
    // The order's own changes first and the money move last (ADR 0023): the debit takes the
    // shared system_spend row lock, which every payment waits for until COMMIT. Too little
    // HC Point throws there and the whole transaction, order change included, rolls back.
    const order = await markPaid(trx, accountId, sdkOrderId, now);
    if (order.repeat) return { order: order.row, status: order.row.status, balance: undefined };
    const debit = await debitHcPointWithBalance(trx, {
      gameAccountId: order.row.game_account_id,
      amount: order.row.hc_price ?? 0,
      idempotencyKey,
    });
    return { order: order.row, status: Paid as OrderStatusValue, balance: debit.balance };
  });
  // Paid by this call (a repeat call answers without a balance): counted once committed.
  if (result.balance !== undefined) metrics.ordersPaid.inc({ provider: 'epoint' });
  return {
    sdk_order_id: result.order.sdk_order_id,
    status: result.status,
    // The balance after payment is known from the locked buckets; a repeat call reads it.
    balance:
      result.balance ??
      (await createWalletService({ db }).getBalance(result.order.game_account_id)),
  };
}

/**
 * Moves the player's order to paid, with its follow-up work (the common case in one statement,
 * ADR 0023; otherwise under the row lock). `repeat`: already paid or delivered, nothing done.
 */
async function markPaid(
  trx: Transaction<DB>,
  accountId: number,
  sdkOrderId: string,
  now: Date,
): Promise<{ row: OrderRow; repeat: boolean }> {
  const repo = createOrdersRepository(trx);
  const fast = await repo.markHcPointGamePackPaid(accountId, sdkOrderId, now);
  if (fast !== undefined) return { row: fast, repeat: false };
  // Not an unpaid, payable game pack of this player: find out why, under the row lock.
  const order = await repo.bySdkId(sdkOrderId, { forUpdate: true });
  if (order === undefined || order.account_id !== accountId)
    throw new AppError(ErrorCode.OrderNotFound);
  if (order.provider !== 'epoint' || order.hc_price === null)
    throw new AppError(ErrorCode.OrderNotPayable);
  if (order.status === Paid || order.status === Delivered) return { row: order, repeat: true };
  if (order.status !== Unpaid || order.expires_at <= now)
    throw new AppError(ErrorCode.OrderNotPayable);
  await repo.transition(order, [Unpaid], Paid, now, { paidAt: now });
  await onPaid(trx, order, now);
  return { row: order, repeat: false };
}
