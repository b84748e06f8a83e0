// Orders (docs/product/top-up.md#top-up-screen, docs/product/top-up.md#order-status-screen, docs/product/top-up.md#order-statuses, docs/product/top-up.md#order-lifecycle, docs/decisions/0009-order-status-meaning.md, docs/payments.md): creation with a price
// snapshot after checking product, channel, server and role; payment by a provider (webhook
// events, applied exactly once) or by HC Point; the timeline; expiry of unpaid orders.
//
// Server statuses (docs/product/top-up.md#order-statuses): 1 unpaid, 6 paid (shown "processing"), 2 delivered (completed),
// 3 failed, 4 closed (timed out), 5 refunded. A paid game pack gets a delivery job in the same
// transaction; a paid HC Point pack is credited to the wallet in the same transaction.
import { randomBytes } from 'node:crypto';
import { ErrorCode, ServerOrderStatus, type CallResult, type api } from '@hc/contract';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Config } from '../../config';
import type { DB, OrderStatusValue } from '../../db/schema';
import type { GameGateway } from '../../adapters/game-gateway/types';
import type { PaymentEvent, PaymentProvider, ProviderName } from '../../adapters/payments/types';
import type { PaymentProviders } from '../../adapters/payments';
import { AppError } from '../../lib/app-error';
import { unixSeconds, type Clock } from '../../lib/clock';
import { metrics } from '../../lib/metrics';
import type { RateCounter } from '../../lib/rate-counter';
import {
  channelName,
  findProduct,
  isSoldOn,
  localized,
  resolveChannel,
} from '../catalog/catalog.service';
import { findServerAndRole } from '../games/games.service';
import { enqueueJob } from '../../jobs/queue';
import {
  creditHcPoint,
  createWalletService,
  debitHcPointWithBalance,
} from '../wallet/wallet.service';
import { createOrdersRepository, normaliseOrder, type OrderRow } from './orders.repository';
import { refundOrder } from './refunds';

/** 100 HC Point = 1 USD: a game pack paid with HC Point costs its USD price in cents (ADR 0017). */
export const HC_POINT_CURRENCY = 'USD';

const { Unpaid, Delivered, Failed, Closed, Paid, Refunded } = ServerOrderStatus;

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

/** How long one request may hold the right to create an order's checkout (provider calls). */
const CHECKOUT_LEASE_MS = 30_000;
/** How long a second request for the same order waits for that checkout before SystemBusy. */
const CHECKOUT_WAIT_MS = 20_000;
const CHECKOUT_POLL_MS = 50;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

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
  /** The event names another payment than the one recorded on the order: refused. */
  | 'ref_mismatch'
  /** A refund larger than what was paid: refused, alerted in the log. */
  | 'refund_exceeds_payment'
  /** A refund that came before its payment: kept, applied when the payment arrives. */
  | 'deferred'
  | 'no_change';

/** What a deferred event keeps of itself (payment_events.event). */
interface DeferredRefund {
  kind: 'refunded';
  providerRef: string;
  amount: number;
  currency: string;
}

export interface OrdersDeps {
  db: Kysely<DB>;
  clock: Clock;
  config: Config;
  gateway: GameGateway;
  providers: PaymentProviders;
  log: FastifyBaseLogger;
  /** The per-player creation limit's counter (shared by every node); the API passes one. */
  rate?: RateCounter;
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

  /** Creates the provider checkout of an order this request has claimed (checkoutOf). */
  async function makeCheckout(order: OrderRow, provider: PaymentProvider) {
    try {
      const checkout = await provider.createCheckout({
        orderId: order.sdk_order_id,
        method: order.channel_code === 'paypal' ? 'paypal' : 'card',
        amount: order.price,
        currency: order.currency,
        itemName: order.item_name,
        language: order.language,
        returnUrl: orderUrl(order.sdk_order_id),
        cancelUrl: `${config.publicBaseUrl}/main/recharge`,
      });
      const saved = await db
        .updateTable('orders')
        .set({
          provider_ref: checkout.providerRef,
          pay_url: checkout.payUrl,
          checkout_until: null,
          updated_at: clock.now(),
        })
        .where('id', '=', order.id)
        .where('pay_url', 'is', null)
        .executeTakeFirst();
      if (Number(saved.numUpdatedRows) === 0) {
        // Our claim had lapsed and another request recorded its checkout: that one is the
        // order's (events for ours would not match the recorded reference).
        log.warn({ order: order.sdk_order_id }, 'checkout created after its claim lapsed; unused');
        const current = await repo.byId(db, order.id);
        if (current !== undefined) return createResult(current);
      }
      return { pay_url: checkout.payUrl, sdk_order_id: order.sdk_order_id };
    } catch (err) {
      // "Failed to initiate payment": the order cannot be paid, so it ends failed.
      log.error({ err, order: order.sdk_order_id, provider: provider.name }, 'checkout failed');
      await db
        .transaction()
        .execute((trx) =>
          repo.transition(trx, order, [Unpaid], Failed, clock.now(), { note: 'checkout_failed' }),
        );
      throw new AppError(ErrorCode.SystemBusy);
    }
  }

  /**
   * The answer to a create for `order`: its pay_url, creating the provider checkout first when
   * it has none. Exactly one request creates it (the checkout_until claim, a lease in case that
   * request dies); any other request for the same order waits for that checkout and answers the
   * same URL (SystemBusy if it takes longer than CHECKOUT_WAIT_MS).
   */
  async function checkoutOf(order: OrderRow): Promise<{ pay_url: string; sdk_order_id: string }> {
    const provider =
      order.provider === 'epoint' ? undefined : providers.byName(order.provider as ProviderName);
    const deadline = Date.now() + CHECKOUT_WAIT_MS;
    let current = order;
    for (;;) {
      if (provider === undefined || current.pay_url !== null || current.status !== Unpaid)
        return createResult(current);
      const now = clock.now();
      const claimed = await db
        .updateTable('orders')
        .set({ checkout_until: new Date(now.getTime() + CHECKOUT_LEASE_MS) })
        .where('id', '=', current.id)
        .where('status', '=', Unpaid)
        .where('pay_url', 'is', null)
        .where((eb) => eb.or([eb('checkout_until', 'is', null), eb('checkout_until', '<=', now)]))
        .returning('id')
        .executeTakeFirst();
      if (claimed !== undefined) return makeCheckout(current, provider);
      if (Date.now() > deadline) throw new AppError(ErrorCode.SystemBusy);
      await sleep(CHECKOUT_POLL_MS);
      const again = await repo.byId(db, current.id);
      if (again === undefined) throw new AppError(ErrorCode.OrderNotFound);
      current = again;
    }
  }

  /**
   * Does a refund naming `ref` belong to this order's payment? The checkout's id always says
   * so; the payment's own id (Stripe PaymentIntent, PayPal capture) only once the payment has
   * recorded it. `unknown`: not the checkout, and the payment's id is not known yet.
   */
  function refundRefMatch(order: OrderRow, ref: string): 'match' | 'mismatch' | 'unknown' {
    if (order.provider_ref !== null && ref === order.provider_ref) return 'match';
    if (order.payment_ref === null) return 'unknown';
    return ref === order.payment_ref ? 'match' : 'mismatch';
  }

  /**
   * Refunds kept for an order that has just been paid (inside that payment's transaction): a
   * matching one moves it on to refunded at once, without delivery or credit; one that names
   * another payment is marked ref_mismatch. true when the order ended refunded.
   */
  async function applyDeferredRefunds(
    trx: Transaction<DB>,
    order: OrderRow,
    now: Date,
  ): Promise<boolean> {
    const kept = await trx
      .selectFrom('payment_events')
      .select(['id', 'event_id', 'event'])
      .where('order_id', '=', order.id)
      .where('outcome', '=', 'deferred')
      .orderBy('id')
      .forUpdate()
      .execute();
    let refunded = false;
    for (const row of kept) {
      const raw: unknown = typeof row.event === 'string' ? JSON.parse(row.event) : row.event;
      const ev = raw as Partial<DeferredRefund> | null;
      const applies =
        ev?.kind === 'refunded' &&
        typeof ev.providerRef === 'string' &&
        refundRefMatch(order, ev.providerRef) === 'match' &&
        ev.amount === order.price &&
        ev.currency === order.currency;
      let outcome: ApplyOutcome = 'ref_mismatch';
      if (applies) {
        if (!refunded)
          refunded = await repo.transition(trx, order, [Paid], Refunded, now, {
            note: 'provider_refund',
          });
        outcome = refunded ? 'refunded' : 'no_change';
      } else {
        log.warn(
          { order: order.sdk_order_id, event: row.event_id, recorded: order.payment_ref },
          'kept refund names another payment than the order; not applied',
        );
      }
      await trx.updateTable('payment_events').set({ outcome }).where('id', '=', row.id).execute();
    }
    return refunded;
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
      // HC Point pack: basic = amount, present = gift, exactly as the product showed (docs/product/hc-point.md#balance).
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
        if (existing !== undefined) return checkoutOf(existing);
      }
      // Every attempt counts, before the game is asked anything (ADR 0031).
      if (deps.rate !== undefined) {
        const hit = await deps.rate.hit(`orders:create:${input.accountId}`);
        if (hit.count > config.orderCreatesPerMinute)
          throw new AppError(ErrorCode.TooManyRequests, { retry_after: hit.resetInS });
      }
      const product = await findProduct(db, input.gameId, body.cp_goods_id, input.language);
      if (product === undefined) throw new AppError(ErrorCode.ProductNotFound);
      const channel = resolveChannel(config, product, body.channel_code);
      if (channel.method === 'epoint' && product.currency !== HC_POINT_CURRENCY)
        throw new AppError(ErrorCode.PayChannelUnavailable);
      if (!isSoldOn(product, body.server_id)) throw new AppError(ErrorCode.ProductNotFound);
      // Names come from the game, never from the client (docs/product/api.md#top-up-calls role_name/server_name).
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
      // A new order with a provider is created already claimed for its checkout (checkoutOf).
      let created = false;
      try {
        // One creation per player at a time (the account row lock, held until COMMIT): the cap
        // and the reuse below see every order the player's other requests made, on any node.
        order = await db.transaction().execute(async (trx) => {
          await trx
            .selectFrom('accounts')
            .select('id')
            .where('id', '=', input.accountId)
            .forNoKeyUpdate()
            .execute();
          if (input.idempotencyKey !== undefined) {
            const same = await trx
              .selectFrom('orders')
              .selectAll()
              .where('account_id', '=', input.accountId)
              .where('idempotency_key', '=', input.idempotencyKey)
              .executeTakeFirst();
            if (same !== undefined) return normaliseOrder(same);
          }
          const open = await trx
            .selectFrom('orders')
            .selectAll()
            .where('account_id', '=', input.accountId)
            .where('status', '=', Unpaid)
            .where('expires_at', '>', now)
            .orderBy('created_at', 'desc')
            .limit(100)
            .execute();
          // The same item for the same role, paid the same way, at the same price: the open
          // order is the answer (its checkout is still valid), not a new one.
          const reuse = open.find(
            (o) =>
              o.game_id === input.gameId &&
              o.cp_goods_id === body.cp_goods_id &&
              o.server_id === server.server_id &&
              o.role_id === role.role_id &&
              o.channel_code === body.channel_code &&
              o.price === product.price &&
              o.currency === product.currency,
          );
          if (reuse !== undefined) return normaliseOrder(reuse);
          if (open.length >= config.orderMaxUnpaid) {
            const soonest = Math.min(...open.map((o) => o.expires_at.getTime()));
            throw new AppError(ErrorCode.TooManyRequests, {
              retry_after: Math.max(1, Math.ceil((soonest - now.getTime()) / 1000)),
            });
          }
          // The order and its first timeline row in one statement (ADR 0023).
          const row = await trx
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
                  // Coin packs: the gift goes to present. Game packs bought with money: the
                  // rebate the product shows is credited to present on payment.
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
                  checkout_until:
                    provider === undefined ? null : new Date(now.getTime() + CHECKOUT_LEASE_MS),
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
          created = true;
          return normaliseOrder(row);
        });
      } catch (err) {
        // The key's unique index has the last word should the lock above ever not apply.
        if (isUniqueViolation(err) && input.idempotencyKey !== undefined) {
          const existing = await repo.byIdempotencyKey(input.accountId, input.idempotencyKey);
          if (existing !== undefined) return checkoutOf(existing);
        }
        throw err;
      }
      return created && provider !== undefined ? makeCheckout(order, provider) : checkoutOf(order);
    },

    /** The order screen (docs/product/top-up.md#order-status-screen): only the owner sees it; anyone else gets OrderNotFound. */
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
     * docs/product/api.md#hc-point-calls /api/payment/order/epoint/pay: debit, mark paid and enqueue delivery in one
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
      // Paid by this call (a repeat call answers without a balance): counted once committed.
      if (result.balance !== undefined) metrics.ordersPaid.inc({ provider: 'epoint' });
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
     * An event must name the payment recorded on the order (the checkout's id, or the payment's
     * own id once paid) and its currency; otherwise it is recorded and refused. A refund that
     * arrives before its payment is kept (`deferred`) and applied by that payment (ADR 0031).
     */
    async applyPaymentEvent(provider: ProviderName, event: PaymentEvent): Promise<ApplyOutcome> {
      const now = clock.now();
      const outcome = await db.transaction().execute(async (trx) => {
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
        const record = async (
          outcome: ApplyOutcome,
          orderId: number | null,
          kept?: DeferredRefund,
        ) => {
          await trx
            .updateTable('payment_events')
            .set({
              outcome,
              order_id: orderId,
              ...(kept === undefined ? {} : { event: JSON.stringify(kept) }),
            })
            .where('id', '=', inserted.id)
            .execute();
          return outcome;
        };
        if (event.kind === 'ignored') return record('ignored', null);
        const order = await repo.bySdkId(trx, event.orderId, { forUpdate: true });
        if (order === undefined || order.provider !== provider)
          return record('unknown_order', null);
        const refused = (why: string, outcome: ApplyOutcome) => {
          log.warn(
            {
              order: order.sdk_order_id,
              provider,
              event: event.eventId,
              ref: event.providerRef,
              recorded: [order.provider_ref, order.payment_ref],
            },
            why,
          );
          return record(outcome, order.id);
        };

        if (event.kind === 'paid') {
          if (event.providerRef !== order.provider_ref)
            return refused(
              'payment names another checkout than the order; not applied',
              'ref_mismatch',
            );
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
          const paid: OrderRow = { ...order, payment_ref: event.paymentRef ?? order.payment_ref };
          if (event.paymentRef !== undefined && event.paymentRef !== order.payment_ref) {
            await trx
              .updateTable('orders')
              .set({ payment_ref: event.paymentRef })
              .where('id', '=', order.id)
              .execute();
          }
          // A refund of this payment that came first: the order goes straight on to refunded,
          // with nothing delivered or credited (the money is already back with the player).
          if (await applyDeferredRefunds(trx, paid, now)) return record('paid', order.id);
          await onPaid(trx, order, now);
          return record('paid', order.id);
        }
        if (event.kind === 'failed') {
          if (event.providerRef !== order.provider_ref)
            return refused(
              'failure names another checkout than the order; not applied',
              'ref_mismatch',
            );
          const moved = await repo.transition(trx, order, [Unpaid], Failed, now, {
            note: event.reason.slice(0, 200),
          });
          return record(moved ? 'failed' : 'no_change', order.id);
        }
        // Refunds (refunds.ts): status 5, HC Point taken back (shortfall -> debt), items taken
        // back by a job, all in this transaction. Only a refund of the whole price changes the
        // order: more than was paid is refused and alerted; a partial or foreign-currency refund
        // is recorded and left for an operator (docs/payments.md).
        if (event.currency.toUpperCase() === order.currency && event.amount > order.price) {
          log.error(
            { order: order.sdk_order_id, provider, refunded: event.amount, price: order.price },
            'refund larger than the payment; order not changed',
          );
          return record('refund_exceeds_payment', order.id);
        }
        if (event.amount !== order.price || event.currency.toUpperCase() !== order.currency) {
          log.warn(
            { order: order.sdk_order_id, provider, refunded: [event.amount, event.currency] },
            'partial or foreign-currency refund; order not changed',
          );
          return record('amount_mismatch', order.id);
        }
        const ref = refundRefMatch(order, event.providerRef);
        if (ref === 'mismatch')
          return refused(
            'refund names another payment than the order; not applied',
            'ref_mismatch',
          );
        if (order.status === Unpaid || order.status === Failed || order.status === Closed) {
          // The refund came before its payment: kept until the payment arrives (in the same
          // transaction as that payment, so a crash in between loses neither).
          log.info(
            { order: order.sdk_order_id, provider, event: event.eventId },
            'refund before its payment; kept until the payment arrives',
          );
          return record('deferred', order.id, {
            kind: 'refunded',
            providerRef: event.providerRef,
            amount: event.amount,
            currency: event.currency.toUpperCase(),
          });
        }
        if (ref === 'unknown')
          return refused(
            'refund names another payment than the order; not applied',
            'ref_mismatch',
          );
        const refund = await refundOrder(trx, order, now, 'provider_refund');
        return record(refund.refunded ? 'refunded' : 'no_change', order.id);
      });
      // Counted once committed (lib/metrics.ts).
      if (outcome === 'paid') metrics.ordersPaid.inc({ provider });
      return outcome;
    },

    /**
     * Worker: unpaid orders past their expiry, and unpaid orders with a checkout older than
     * PAYMENT_CHECK_AFTER_MINUTES (a lost webhook). Each is first asked about at its provider:
     * paid there -> applied as paid; failed -> failed; otherwise an expired one is closed.
     * Fair under a flood (ADR 0031): one bounded batch per call, claimed and stamped in one
     * statement (payment_checked_at), least recently looked at first (never looked at: oldest
     * first), so an order asked about goes to the back of the line and no set of orders can
     * keep another from its turn; SKIP LOCKED lets several workers share the line.
     */
    async sweepUnpaid(limit = 50): Promise<{ closed: number; recovered: number }> {
      const now = clock.now();
      const checkBefore = new Date(now.getTime() - config.worker.paymentCheckAfterMinutes * 60_000);
      const { rows: due } = await sql<{
        id: number | string;
        sdk_order_id: string;
        provider: string;
        provider_ref: string | null;
        expires_at: Date;
      }>`update orders set payment_checked_at = ${now}
        where id in (
          select id from orders
          where status = ${Unpaid}
            and (expires_at <= ${now}
              or (provider_ref is not null and created_at <= ${checkBefore}))
          order by coalesce(payment_checked_at, created_at), id
          limit ${limit}
          for update skip locked)
        returning id, sdk_order_id, provider, provider_ref, expires_at`.execute(db);
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
              ...(state.paymentRef === undefined ? {} : { paymentRef: state.paymentRef }),
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
        if (new Date(o.expires_at) > now) continue;
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
