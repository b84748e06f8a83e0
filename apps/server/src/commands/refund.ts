// `npm run portal -- refund <sdk_order_id> [--reason T]`: an operator refunds a paid or
// delivered order in full, by the flow the console's orders/refund call uses too
// (modules/orders/operator-refund.ts): the provider refunds and the refund is applied at once;
// an order paid with HC Point gets its HC Point back. Audited with actor `cli`.
// Prints what happened; exit code 0 when this run refunded the order, 1 otherwise.
import { ServerOrderStatus } from '@hc/contract';
import { operatorRefund } from '../modules/orders/operator-refund';
import { createOrdersRepository } from '../modules/orders/orders.repository';
import { createWalletRepository } from '../modules/wallet/wallet.repository';
import { playerMovement } from '../modules/wallet/wallet.service';
import { CommandUsageError, type Command, type CommandContext } from './types';

const { Refunded } = ServerOrderStatus;

/** After the refund: what the ledger, debts and jobs say (whoever applied it). */
async function report(ctx: CommandContext, orderId: number, sdkOrderId: string): Promise<number> {
  const { db } = ctx.container.database;
  const order = await createOrdersRepository(db).byId(orderId);
  if (order === undefined) return 1;
  ctx.out(`status: ${order.status}${order.status === Refunded ? ' (refunded)' : ''}`);
  const taken = await playerMovement(db, `${sdkOrderId}:refund`, order.game_account_id);
  if (taken !== undefined)
    ctx.out(`HC Point taken back: basic ${-taken.basic}, present ${-taken.present}`);
  const returned = await playerMovement(db, `${sdkOrderId}:epoint-refund`, order.game_account_id);
  if (returned !== undefined)
    ctx.out(`HC Point returned to the wallet: ${returned.basic + returned.present}`);
  const debt = await createWalletRepository(db).refundShortfallOfOrder(orderId);
  if (debt !== undefined)
    ctx.out(
      `already spent, recorded as debt on game account ${order.game_account_id}: ${debt.amount}` +
        ` (settled ${debt.settled})`,
    );
  const jobState = await ctx.container.queue.stateOf(`takeback:${sdkOrderId}`);
  if (jobState !== undefined) ctx.out(`take-back of the items in the game: job ${jobState}`);
  return order.status === Refunded ? 0 : 1;
}

export const refund: Command = {
  summary: 'Refund a paid or delivered order in full (provider or HC Point)',
  usage: '<sdk_order_id> [--reason T]',

  async run(ctx, args) {
    const [sdkOrderId, flag, reason, ...rest] = args;
    if (
      sdkOrderId === undefined ||
      sdkOrderId === '' ||
      rest.length > 0 ||
      (flag !== undefined && (flag !== '--reason' || reason === undefined || reason === ''))
    )
      throw new CommandUsageError('refund takes exactly one order number (sdk_order_id)');
    const { container } = ctx;
    const result = await operatorRefund(
      {
        db: container.database.db,
        clock: container.clock,
        providers: container.providers,
        applyPaymentEvent: (provider, event) => container.orders.applyPaymentEvent(provider, event),
      },
      sdkOrderId,
      { kind: 'cli', name: 'cli' },
      reason ?? null,
    );
    switch (result.refused) {
      case 'not_found':
        ctx.out(`order ${sdkOrderId}: not found`);
        return 1;
      case 'status':
        ctx.out(
          `order ${sdkOrderId}: status ${result.status}; only paid (6) or delivered (2) orders`,
        );
        return 1;
      case 'provider_unavailable':
        ctx.out(
          `order ${sdkOrderId}: provider ${result.provider} is not configured or has no payment`,
        );
        return 1;
      case 'provider_failed':
        ctx.out(`order ${sdkOrderId}: ${result.provider} refused the refund: ${result.message}`);
        return 1;
      default:
        break;
    }
    if (result.outcome === 'already_refunded') {
      ctx.out(`order ${sdkOrderId}: already refunded (status ${Refunded}); nothing changed`);
      return 1;
    }
    if (result.provider === 'epoint') ctx.out(`order ${sdkOrderId}: refunded (paid with HC Point)`);
    else {
      ctx.out(`order ${sdkOrderId}: refunded at ${result.provider} (refund ${result.refundId})`);
      ctx.out(
        result.applied === 'refunded'
          ? 'applied now (the provider webhook will change nothing)'
          : `already applied (${result.applied}), e.g. by the provider webhook`,
      );
    }
    return (await report(ctx, result.order.id, sdkOrderId)) === 0 ? 0 : 1;
  },
};
