// `npm run portal -- refund <sdk_order_id>`: an operator refunds a paid or
// delivered order in full.
// - Paid by card/PayPal: the provider refunds the payment (provider.refund, idempotent per
//   order at Stripe/PayPal). The provider then sends its refund webhook; this command also
//   applies the same "refunded" event itself at once, so a lost or late webhook cannot leave the
//   order half-done. Both paths end in refundOrder (refunds.ts), whose every step is keyed per
//   order (status guard 6/2 -> 5, ledger keys `<order>:refund`, job `takeback:<order>`): whichever
//   arrives second changes nothing.
// - Paid with HC Point (provider 'epoint'): the HC Point goes back to the wallet
//   (`<order>:epoint-refund`), status 5 and a take-back job, in one transaction.
// Prints what happened; exit code 0 when the order ends refunded, 1 otherwise.
import { ServerOrderStatus } from '@hc/contract';
import type { ProviderName } from '../adapters/payments/types';
import { createOrdersRepository } from '../modules/orders/orders.repository';
import { refundOrder } from '../modules/orders/refunds';
import { createWalletRepository } from '../modules/wallet/wallet.repository';
import { playerMovement } from '../modules/wallet/wallet.service';
import { createAuditRepository } from '../modules/audit/audit.repository';
import { CommandUsageError, type Command, type CommandContext } from './types';

const { Paid, Delivered, Refunded } = ServerOrderStatus;

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
  usage: '<sdk_order_id>',

  async run(ctx, args) {
    if (args.length !== 1 || args[0] === undefined || args[0] === '')
      throw new CommandUsageError('refund takes exactly one order number (sdk_order_id)');
    const sdkOrderId = args[0];
    const { db } = ctx.container.database;
    const repo = createOrdersRepository(db);
    const order = await repo.bySdkId(sdkOrderId);
    if (order === undefined) {
      ctx.out(`order ${sdkOrderId}: not found`);
      return 1;
    }
    if (order.status !== Paid && order.status !== Delivered) {
      ctx.out(`order ${sdkOrderId}: status ${order.status}; only paid (6) or delivered (2) orders`);
      return 1;
    }

    if (order.provider === 'epoint') {
      const outcome = await db.transaction().execute(async (trx) => {
        const locked = await createOrdersRepository(trx).bySdkId(sdkOrderId, { forUpdate: true });
        if (locked === undefined) return undefined;
        const now = ctx.container.clock.now();
        const done = await refundOrder(trx, locked, now, 'operator_refund');
        if (done.refunded)
          await createAuditRepository(trx).append({
            actorKind: 'cli',
            actor: 'cli',
            action: 'order.refund',
            target: `order:${sdkOrderId}`,
            before: { status: locked.status },
            after: { refunded: true, provider: 'epoint' },
            at: now,
          });
        return done;
      });
      ctx.out(
        outcome?.refunded === true
          ? `order ${sdkOrderId}: refunded (paid with HC Point)`
          : `order ${sdkOrderId}: changed meanwhile; not refunded by this run`,
      );
      return report(ctx, order.id, sdkOrderId);
    }

    const provider = ctx.container.providers.byName(order.provider as ProviderName);
    if (provider === undefined || order.provider_ref === null) {
      ctx.out(
        `order ${sdkOrderId}: provider ${order.provider} is not configured or has no payment`,
      );
      return 1;
    }
    const ref = { orderId: order.sdk_order_id, providerRef: order.provider_ref };
    const { refundId } = await provider.refund({
      ...ref,
      amount: order.price,
      currency: order.currency,
    });
    ctx.out(`order ${sdkOrderId}: refunded at ${provider.name} (refund ${refundId})`);
    // The provider has refunded: recorded at once, before the state change below (which the
    // provider's webhook may also make), so the log keeps who asked even if the rest fails.
    await ctx.container.database.db.transaction().execute((trx) =>
      createAuditRepository(trx).append({
        actorKind: 'cli',
        actor: 'cli',
        action: 'order.refund',
        target: `order:${sdkOrderId}`,
        before: { status: order.status },
        after: { refunded: true, provider: provider.name, refundId },
        at: ctx.container.clock.now(),
      }),
    );
    // The webhook will come too; applying the same event now is harmless (keyed per order).
    const applied = await ctx.container.orders.applyPaymentEvent(provider.name, {
      kind: 'refunded',
      eventId: `operator-refund:${refundId}`,
      type: 'operator.refund',
      payload: { refundId, by: 'portal refund' },
      ...ref,
      amount: order.price,
      currency: order.currency,
    });
    ctx.out(
      applied === 'refunded'
        ? 'applied now (the provider webhook will change nothing)'
        : `already applied (${applied}), e.g. by the provider webhook`,
    );
    return report(ctx, order.id, sdkOrderId);
  },
};
