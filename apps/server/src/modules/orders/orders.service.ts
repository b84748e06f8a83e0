// Orders (SPEC §2 Top-up / Order status screens, §3, §4; DESIGN §5, §7): creation with a price
// snapshot after checking product, channel, server and role; payment by a provider (webhook
// events, applied exactly once) or by HC Point; the timeline; expiry of unpaid orders.
//
// Server statuses (SPEC §3): 1 unpaid, 6 paid (shown "processing"), 2 delivered (completed),
// 3 failed, 4 closed (timed out), 5 refunded. A paid game pack gets a delivery job in the same
// transaction; a paid HC Point pack is credited to the wallet in the same transaction.
import { randomBytes } from 'node:crypto';
import { ErrorCode, ServerOrderStatus, type CallResult, type api } from '@hc/contract';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Config } from '../../config';
import type { DB, OrderStatusValue } from '../../db/schema';
import type { GameGateway } from '../../adapters/game-gateway/types';
import type { PaymentEvent, ProviderName } from '../../adapters/payments/types';
import type { PaymentProviders } from '../../adapters/payments';
import { AppError } from '../../lib/app-error';
import { unixSeconds, type Clock } from '../../lib/clock';
import {
  channelName,
  findProduct,
  isSoldOn,
  localized,
  resolveChannel,
} from '../catalog/catalog.service';
import { findServerAndRole } from '../game/game.service';
import { enqueueJob } from '../jobs/jobs';
import {
  creditHcPoint,
  createWalletService,
  debitHcPointWithBalance,
} from '../wallet/wallet.service';
import { createOrdersRepository, type OrderRow } from './orders.repository';
import { refundOrder } from './refunds';

/** 100 HC Point = 1 USD: a game pack paid with HC Point costs its USD price in cents (ADR 0017). */
export const HC_POINT_CURRENCY = 'USD';

const { Unpaid, Delivered, Failed, Closed, Paid } = ServerOrderStatus;

/** Order number: HC + yyyymmdd + 12 random base32 characters (60 bits: not guessable). */
export function newSdkOrderId(now: Date): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(12);
  let tail = '';
  for (const b of bytes) tail += alphabet[b % 32];
  const d = now.toISOString().slice(0, 10).replaceAll('-', '');
  return `HC${d}${tail}`;
}

function rebateActive(rebate: { end_ts: number | null } | null, now: Date): boolean {
  return rebate !== null && (rebate.end_ts === null || rebate.end_ts > unixSeconds(now));
}

function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';
}

export interface CreateOrderInput {
  accountId: number;
  gameId: number;
  gameAccountId: number;
  body: {
    role_id: string;
    server_id: number;
    cp_goods_id: string;
    channel_code: string;
  };
  idempotencyKey: string | undefined;
  language: string;
}

export type ApplyOutcome =
  | 'paid'
  | 'failed'
  | 'refunded'
  | 'duplicate'
  | 'ignored'
  | 'unknown_order'
  | 'amount_mismatch'
  | 'no_change';

export interface OrdersDeps {
  db: Kysely<DB>;
  clock: Clock;
  config: Config;
  gateway: GameGateway;
  providers: PaymentProviders;
  log: FastifyBaseLogger;
}

export function createOrdersService(deps: OrdersDeps) {
  const { db, clock, config, gateway, providers, log } = deps;
  const repo = createOrdersRepository(db);
  const wallet = createWalletService({ db });

  function orderUrl(sdkOrderId: string): string {
    return `${config.publicBaseUrl}/main/recharge/detail/${encodeURIComponent(sdkOrderId)}`;
  }

  function createResult(order: OrderRow) {
    return {
      pay_url: order.pay_url ?? orderUrl(order.sdk_order_id),
      sdk_order_id: order.sdk_order_id,
    };
  }

  /** After a webhook or HC Point payment: the follow-up work, in the same transaction. */
  async function onPaid(trx: Transaction<DB>, order: OrderRow, now: Date): Promise<void> {
    if (order.kind === 'game' && order.hc_gift > 0) {
      await creditHcPoint(trx, {
        gameAccountId: order.game_account_id,
        basic: 0,
        present: order.hc_gift,
        idempotencyKey: `${order.sdk_order_id}:rebate`,
      });
    }
    if (order.kind === 'coin') {
      // HC Point pack: basic = amount, present = gift, exactly as the product showed (SPEC §3).
      await creditHcPoint(trx, {
        gameAccountId: order.game_account_id,
        basic: order.hc_amount ?? 0,
        present: order.hc_gift,
        idempotencyKey: `${order.sdk_order_id}:credit`,
      });
      await repo.transition(trx, order, [Paid], Delivered, now, { completedAt: now });
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

  /**
   * The common HC Point payment in one statement (ADR 0023): an unpaid, unexpired game pack of
   * this player, priced in HC Point and with no rebate to credit, moves to paid with its
   * timeline row and its delivery job (the row enqueueJob writes, same dedupe key), exactly what
   * transition + onPaid do for it. The UPDATE holds the order's row lock until COMMIT.
   * undefined: not such an order (the caller checks why, as before).
   */
  async function markPaidForDelivery(
    trx: Transaction<DB>,
    accountId: number,
    sdkOrderId: string,
    now: Date,
  ): Promise<OrderRow | undefined> {
    const { rows } = await sql<OrderRow>`with paid as (
        update orders set status = ${Paid}, updated_at = ${now}, paid_at = ${now}
        where sdk_order_id = ${sdkOrderId} and account_id = ${accountId}
          and provider = 'epoint' and hc_price is not null and status = ${Unpaid}
          and expires_at > ${now} and kind = 'game' and hc_gift = 0
        returning *),
      timeline as (
        insert into order_events (order_id, status, note, created_at)
        select id, ${Paid}::smallint, null, ${now}::timestamptz from paid),
      job as (
        insert into jobs (kind, dedupe_key, order_id, payload, run_at, created_at, updated_at)
        select 'deliver', 'deliver:' || sdk_order_id, id, '{}', ${now}::timestamptz,
          ${now}::timestamptz, ${now}::timestamptz from paid
        on conflict (dedupe_key) do nothing)
      select * from paid`.execute(trx);
    const row = rows[0];
    return row === undefined
      ? undefined
      : {
          ...row,
          id: Number(row.id),
          account_id: Number(row.account_id),
          game_account_id: Number(row.game_account_id),
          product_id: Number(row.product_id),
        };
  }

  return {
    orderUrl,

    async create(input: CreateOrderInput): Promise<{ pay_url: string; sdk_order_id: string }> {
      const { body } = input;
      // A double-click or a retry with the same Idempotency-Key gets the same order.
      if (input.idempotencyKey !== undefined) {
        const existing = await repo.byIdempotencyKey(input.accountId, input.idempotencyKey);
        if (existing !== undefined) return createResult(existing);
      }
      const product = await findProduct(db, input.gameId, body.cp_goods_id, input.language);
      if (product === undefined) throw new AppError(ErrorCode.ProductNotFound);
      const channel = resolveChannel(config, product, body.channel_code);
      if (channel.method === 'epoint' && product.currency !== HC_POINT_CURRENCY)
        throw new AppError(ErrorCode.PayChannelUnavailable);
      if (!isSoldOn(product, body.server_id)) throw new AppError(ErrorCode.ProductNotFound);
      // Names come from the game, never from the client (SPEC §7 role_name/server_name).
      const { server, role } = await findServerAndRole(
        gateway,
        input.gameId,
        input.gameAccountId,
        body.server_id,
        body.role_id,
        log,
      );
      const provider =
        channel.method === 'epoint' ? undefined : providers.forMethod(channel.method);
      if (channel.method !== 'epoint' && provider === undefined)
        throw new AppError(ErrorCode.PayChannelUnavailable);

      const now = clock.now();
      const itemName = product.name;
      const sdkOrderId = newSdkOrderId(now);
      let order: OrderRow;
      try {
        // The order and its first timeline row in one statement (atomic on its own, ADR 0023).
        const row = await db
          .with('o', (qb) =>
            qb
              .insertInto('orders')
              .values({
                sdk_order_id: sdkOrderId,
                account_id: input.accountId,
                game_account_id: input.gameAccountId,
                game_id: input.gameId,
                server_id: server.server_id,
                server_name: server.server_name,
                role_id: role.role_id,
                role_name: role.role_name,
                product_id: product.id,
                cp_goods_id: body.cp_goods_id,
                kind: product.kind,
                item_name: itemName,
                item_names: JSON.stringify(product.names),
                price: product.price,
                currency: product.currency,
                hc_amount: product.kind === 'coin' ? product.amount : null,
                // Coin packs: the gift goes to present. Game packs bought with money: the running
                // rebate (SPEC §3 rebate information) is credited to present on payment.
                hc_gift:
                  product.kind === 'coin'
                    ? product.gift
                    : channel.method !== 'epoint' && rebateActive(product.rebate, now)
                      ? (product.rebate?.amount ?? 0)
                      : 0,
                hc_price: channel.method === 'epoint' ? product.price : null,
                items: JSON.stringify(product.items),
                channel_code: body.channel_code,
                provider: provider?.name ?? 'epoint',
                pay_url: channel.method === 'epoint' ? orderUrl(sdkOrderId) : null,
                status: Unpaid,
                language: input.language,
                idempotency_key: input.idempotencyKey ?? null,
                expires_at: new Date(now.getTime() + config.orderUnpaidTtlMinutes * 60_000),
                created_at: now,
                updated_at: now,
              })
              .returningAll(),
          )
          .with('e', (qb) =>
            qb
              .insertInto('order_events')
              .columns(['order_id', 'status', 'note', 'created_at'])
              .expression((eb) =>
                eb
                  .selectFrom('o')
                  .select([
                    'o.id',
                    sql<OrderStatusValue>`${Unpaid}::smallint`.as('status'),
                    sql<null>`null`.as('note'),
                    sql<Date>`${now}::timestamptz`.as('created_at'),
                  ]),
              ),
          )
          .selectFrom('o')
          .selectAll()
          .executeTakeFirstOrThrow();
        order = { ...row, id: Number(row.id) };
      } catch (err) {
        // Two requests with the same key raced: the other one's order wins.
        if (isUniqueViolation(err) && input.idempotencyKey !== undefined) {
          const existing = await repo.byIdempotencyKey(input.accountId, input.idempotencyKey);
          if (existing !== undefined) return createResult(existing);
        }
        throw err;
      }
      if (provider === undefined) return createResult(order);

      try {
        const checkout = await provider.createCheckout({
          orderId: order.sdk_order_id,
          method: channel.method === 'paypal' ? 'paypal' : 'card',
          amount: order.price,
          currency: order.currency,
          itemName,
          language: input.language,
          returnUrl: orderUrl(order.sdk_order_id),
          cancelUrl: `${config.publicBaseUrl}/main/recharge`,
        });
        await db
          .updateTable('orders')
          .set({
            provider_ref: checkout.providerRef,
            pay_url: checkout.payUrl,
            updated_at: clock.now(),
          })
          .where('id', '=', order.id)
          .execute();
        return { pay_url: checkout.payUrl, sdk_order_id: order.sdk_order_id };
      } catch (err) {
        // SPEC §8 "Failed to initiate payment": the order cannot be paid, so it ends failed.
        log.error({ err, order: order.sdk_order_id, provider: provider.name }, 'checkout failed');
        await db
          .transaction()
          .execute((trx) =>
            repo.transition(trx, order, [Unpaid], Failed, clock.now(), { note: 'checkout_failed' }),
          );
        throw new AppError(ErrorCode.SystemBusy);
      }
    },

    /** The order screen (SPEC §2): only the owner sees it; anyone else gets OrderNotFound. */
    async detail(
      accountId: number,
      sdkOrderId: string,
      language: string,
    ): Promise<CallResult<typeof api.orderDetail>> {
      const order = await repo.bySdkId(db, sdkOrderId);
      if (order === undefined || order.account_id !== accountId)
        throw new AppError(ErrorCode.OrderNotFound);
      const [timeline, account, game] = await Promise.all([
        repo.timeline(order.id),
        db.selectFrom('accounts').select('account').where('id', '=', accountId).executeTakeFirst(),
        db.selectFrom('games').select('name').where('id', '=', order.game_id).executeTakeFirst(),
      ]);
      const payable = order.status === Unpaid && order.expires_at > clock.now();
      return {
        sdk_order_id: order.sdk_order_id,
        // Names in the reader's language, from the snapshot taken at creation.
        name: localized(order.item_names, language) || order.item_name,
        status: order.status,
        channel_name: channelName(order.channel_code, language),
        account: account?.account ?? '',
        game_name: game?.name ?? '',
        server_name: order.server_name,
        role_name: order.role_name,
        amount: order.price,
        currency: order.currency,
        create_ts: unixSeconds(order.created_at),
        pay_url: payable ? order.pay_url : null,
        timeline: timeline.map((e) => ({ status: e.status, ts: unixSeconds(e.created_at) })),
      };
    },

    /**
     * SPEC §7 /api/payment/order/epoint/pay: debit, mark paid and enqueue delivery in one
     * transaction. Too little HC Point -> ePointNumInsufficient and nothing changes. Paying the
     * same order again answers its current state without moving HC Point a second time.
     */
    async payWithHcPoint(accountId: number, sdkOrderId: string) {
      const now = clock.now();
      const result = await db.transaction().execute(async (trx) => {
        // The order's own changes first and the money move last (ADR 0023): the debit takes the
        // shared system_spend row lock, which every payment waits for until COMMIT. Too little
        // HC Point throws there and the whole transaction, order change included, rolls back.
        let order = await markPaidForDelivery(trx, accountId, sdkOrderId, now);
        if (order === undefined) {
          // Not an unpaid, payable game pack of this player: find out why, under the row lock.
          order = await repo.bySdkId(trx, sdkOrderId, { forUpdate: true });
          if (order === undefined || order.account_id !== accountId)
            throw new AppError(ErrorCode.OrderNotFound);
          if (order.provider !== 'epoint' || order.hc_price === null)
            throw new AppError(ErrorCode.OrderNotPayable);
          if (order.status === Paid || order.status === Delivered)
            return { order, status: order.status, balance: undefined };
          if (order.status !== Unpaid || order.expires_at <= now)
            throw new AppError(ErrorCode.OrderNotPayable);
          await repo.transition(trx, order, [Unpaid], Paid, now, { paidAt: now });
          await onPaid(trx, order, now);
        }
        const debit = await debitHcPointWithBalance(trx, {
          gameAccountId: order.game_account_id,
          amount: order.hc_price ?? 0,
          idempotencyKey: `${order.sdk_order_id}:epoint-pay`,
        });
        return { order, status: Paid as OrderStatusValue, balance: debit.balance };
      });
      return {
        sdk_order_id: result.order.sdk_order_id,
        status: result.status,
        // The balance after payment is known from the locked buckets; a repeat call reads it.
        balance: result.balance ?? (await wallet.getBalance(result.order.game_account_id)),
      };
    },

    /**
     * Applies one verified provider event exactly once: the event row (unique provider +
     * event id), the order change and the follow-up work commit together or not at all.
     */
    async applyPaymentEvent(provider: ProviderName, event: PaymentEvent): Promise<ApplyOutcome> {
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('payment_events')
          .values({
            provider,
            event_id: event.eventId,
            type: event.type,
            outcome: 'pending',
            payload: JSON.stringify(event.payload ?? null),
            received_at: now,
          })
          .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (inserted === undefined) return 'duplicate';
        const record = async (outcome: ApplyOutcome, orderId: number | null) => {
          await trx
            .updateTable('payment_events')
            .set({ outcome, order_id: orderId })
            .where('id', '=', inserted.id)
            .execute();
          return outcome;
        };
        if (event.kind === 'ignored') return record('ignored', null);
        const order = await repo.bySdkId(trx, event.orderId, { forUpdate: true });
        if (order === undefined || order.provider !== provider)
          return record('unknown_order', null);

        if (event.kind === 'paid') {
          if (event.amount !== order.price || event.currency.toUpperCase() !== order.currency) {
            log.warn(
              { order: order.sdk_order_id, provider, paid: [event.amount, event.currency] },
              'payment amount does not match the order; not applied',
            );
            return record('amount_mismatch', order.id);
          }
          // Money arrived: even an order closed as timed out or failed is paid and delivered
          // ("no paid order is ever lost"). Paid, delivered or refunded orders stay as they are.
          const moved = await repo.transition(trx, order, [Unpaid, Failed, Closed], Paid, now, {
            paidAt: now,
          });
          if (!moved) return record('no_change', order.id);
          if (order.provider_ref === null || order.provider_ref !== event.providerRef) {
            await trx
              .updateTable('orders')
              .set({ provider_ref: event.providerRef })
              .where('id', '=', order.id)
              .execute();
          }
          await onPaid(trx, order, now);
          return record('paid', order.id);
        }
        if (event.kind === 'failed') {
          const moved = await repo.transition(trx, order, [Unpaid], Failed, now, {
            note: event.reason.slice(0, 200),
          });
          return record(moved ? 'failed' : 'no_change', order.id);
        }
        // Refunds (issue 5): status 5, HC Point taken back (shortfall -> debt), items taken back
        // by a job, all in this transaction (refunds.ts). Full refunds only: a partial refund
        // is left for an operator.
        if (event.amount < order.price || event.currency.toUpperCase() !== order.currency) {
          log.warn(
            { order: order.sdk_order_id, provider, refunded: [event.amount, event.currency] },
            'partial or foreign-currency refund; order not changed',
          );
          return record('amount_mismatch', order.id);
        }
        const refund = await refundOrder(trx, order, now, 'provider_refund');
        return record(refund.refunded ? 'refunded' : 'no_change', order.id);
      });
    },

    /**
     * Worker: unpaid orders past their expiry. An order with a provider checkout is first asked
     * about at its provider (stuck "paying"): paid there -> applied as paid; otherwise closed.
     */
    async sweepUnpaid(limit = 50): Promise<{ closed: number; recovered: number }> {
      const now = clock.now();
      const checkBefore = new Date(now.getTime() - config.worker.paymentCheckAfterMinutes * 60_000);
      const due = await db
        .selectFrom('orders')
        .select(['id', 'sdk_order_id', 'provider', 'provider_ref', 'expires_at', 'created_at'])
        .where('status', '=', Unpaid)
        .where((eb) =>
          eb.or([
            eb('expires_at', '<=', now),
            eb.and([eb('provider_ref', 'is not', null), eb('created_at', '<=', checkBefore)]),
          ]),
        )
        .orderBy('expires_at')
        .limit(limit)
        .execute();
      let closed = 0;
      let recovered = 0;
      for (const o of due) {
        const provider =
          o.provider === 'epoint' ? undefined : providers.byName(o.provider as ProviderName);
        if (provider !== undefined && o.provider_ref !== null) {
          let state;
          try {
            state = await provider.queryPayment({
              orderId: o.sdk_order_id,
              providerRef: o.provider_ref,
            });
          } catch (err) {
            log.warn({ err, order: o.sdk_order_id }, 'payment query failed; will retry');
            continue;
          }
          if (
            state.status === 'paid' &&
            state.amount !== undefined &&
            state.currency !== undefined
          ) {
            const outcome = await this.applyPaymentEvent(provider.name, {
              kind: 'paid',
              eventId: `query:${o.provider_ref}`,
              type: 'query.paid',
              payload: state,
              orderId: o.sdk_order_id,
              providerRef: o.provider_ref,
              amount: state.amount,
              currency: state.currency,
            });
            if (outcome === 'paid') recovered += 1;
            continue;
          }
          if (state.status === 'failed') {
            await this.applyPaymentEvent(provider.name, {
              kind: 'failed',
              eventId: `query-failed:${o.provider_ref}`,
              type: 'query.failed',
              payload: state,
              orderId: o.sdk_order_id,
              providerRef: o.provider_ref,
              reason: 'provider_reports_failed',
            });
            continue;
          }
        }
        if (o.expires_at > now) continue;
        const moved = await db
          .transaction()
          .execute((trx) =>
            repo.transition(trx, { id: Number(o.id) }, [Unpaid], Closed, now, { note: 'expired' }),
          );
        if (moved) closed += 1;
      }
      return { closed, recovered };
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
