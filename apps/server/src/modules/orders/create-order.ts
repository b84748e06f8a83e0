// Order creation (docs/product/top-up.md#top-up-screen, ADR 0031): the product, channel, server
// and role are checked, the price is snapshotted on a new unpaid order (or an open one is
// reused), then the provider checkout is created (checkout.ts).
import { randomBytes } from 'node:crypto';
import { ErrorCode, ServerOrderStatus, toUnixSeconds } from '@hc/contract';
import type { GatewayRole, GatewayServer } from '../../adapters/game-gateway/types';
import type { PaymentProvider } from '../../adapters/payments/types';
import { AppError } from '../../lib/app-error';
import {
  findProduct,
  isSoldOn,
  resolveChannel,
  type CatalogProduct,
} from '../catalog/catalog.service';
import { findServerAndRole } from '../games/games.service';
import { CHECKOUT_LEASE_MS, checkoutOf, makeCheckout, orderUrl } from './checkout';
import { createOrdersRepository, type NewOrder, type OrderRow } from './orders.repository';
import type { CreateOrderInput, CreateOrderResult, OrdersDeps } from './orders.types';

/** 100 HC Point = 1 USD: a game pack paid with HC Point costs its USD price in cents (ADR 0017). */
export const HC_POINT_CURRENCY = 'USD';

const { Unpaid } = ServerOrderStatus;

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
  return rebate !== null && (rebate.end_ts === null || rebate.end_ts > toUnixSeconds(now));
}

function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';
}

/** What is being bought, checked: the product, how it is paid, and where it goes. */
interface Purchase {
  product: CatalogProduct;
  epoint: boolean;
  /** undefined: paid with HC Point. */
  provider: PaymentProvider | undefined;
  server: GatewayServer;
  role: GatewayRole;
}

export async function createOrder(
  deps: OrdersDeps,
  input: CreateOrderInput,
): Promise<CreateOrderResult> {
  const repo = createOrdersRepository(deps.db);
  // A double-click or a retry with the same Idempotency-Key gets the same order.
  if (input.idempotencyKey !== undefined) {
    const existing = await repo.byIdempotencyKey(input.accountId, input.idempotencyKey);
    if (existing !== undefined) return checkoutOf(deps, existing);
  }
  await countAttempt(deps, input.accountId);
  const purchase = await checkPurchase(deps, input);
  const now = deps.clock.now();
  let saved: { order: OrderRow; created: boolean };
  try {
    saved = await insertOrReuse(deps, input, purchase, now);
  } catch (err) {
    // The key's unique index has the last word should the account lock ever not apply.
    if (isUniqueViolation(err) && input.idempotencyKey !== undefined) {
      const existing = await repo.byIdempotencyKey(input.accountId, input.idempotencyKey);
      if (existing !== undefined) return checkoutOf(deps, existing);
    }
    throw err;
  }
  const { order, created } = saved;
  // A new order with a provider is created already claimed for its checkout (checkoutOf).
  return created && purchase.provider !== undefined
    ? makeCheckout(deps, order, purchase.provider)
    : checkoutOf(deps, order);
}

/** Every attempt counts, before the game is asked anything (ADR 0031). */
async function countAttempt(deps: OrdersDeps, accountId: number): Promise<void> {
  if (deps.rate === undefined) return;
  const hit = await deps.rate.hit(`orders:create:${accountId}`);
  if (hit.count > deps.config.orderCreatesPerMinute)
    throw new AppError(ErrorCode.TooManyRequests, { retry_after: hit.resetInS });
}

/** The product, channel, server and role checks, in this order (each with its error code). */
async function checkPurchase(deps: OrdersDeps, input: CreateOrderInput): Promise<Purchase> {
  const { db, config, gateway, providers, log } = deps;
  const { body } = input;
  const product = await findProduct(
    db,
    input.gameId,
    body.cp_goods_id,
    input.language,
    deps.clock.now(),
  );
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
    input.language,
  );
  const provider = channel.method === 'epoint' ? undefined : providers.forMethod(channel.method);
  if (channel.method !== 'epoint' && provider === undefined)
    throw new AppError(ErrorCode.PayChannelUnavailable);
  return { product, epoint: channel.method === 'epoint', provider, server, role };
}

/**
 * One creation per player at a time (the account row lock, held until COMMIT): the cap and the
 * reuse see every order the player's other requests made, on any node.
 *
 * Paying with HC Point: a balance short of the price is refused before anything is created
 * (docs/product/hc-point.md#paying-with-hc-point), so no unpayable Unpaid order is left behind;
 * the balance is read with the account lock, in the same round trip (ADR 0063). The payment
 * itself still checks under the buckets' lock (pay-with-hc-point.ts): the balance can change in
 * between.
 */
async function insertOrReuse(
  deps: OrdersDeps,
  input: CreateOrderInput,
  purchase: Purchase,
  now: Date,
): Promise<{ order: OrderRow; created: boolean }> {
  return deps.db.transaction().execute(async (trx) => {
    const repo = createOrdersRepository(trx);
    if (purchase.epoint) {
      const hcPoint = await repo.lockAccountWithHcPoint(input.accountId, input.gameAccountId);
      if ((hcPoint ?? 0) < purchase.product.price)
        throw new AppError(ErrorCode.ePointNumInsufficient);
    } else await repo.lockAccount(input.accountId);
    if (input.idempotencyKey !== undefined) {
      const same = await repo.byIdempotencyKey(input.accountId, input.idempotencyKey);
      if (same !== undefined) return { order: same, created: false };
    }
    const open = await repo.openOrders(input.accountId, now);
    // The same item for the same role, paid the same way, at the same price: the open
    // order is the answer (its checkout is still valid), not a new one.
    const reuse = open.find((o) => isSamePurchase(o, input, purchase));
    if (reuse !== undefined) return { order: reuse, created: false };
    if (open.length >= deps.config.orderMaxUnpaid) {
      const soonest = Math.min(...open.map((o) => o.expires_at.getTime()));
      throw new AppError(ErrorCode.TooManyRequests, {
        retry_after: Math.max(1, Math.ceil((soonest - now.getTime()) / 1000)),
      });
    }
    const order = await repo.insertUnpaid(newOrderValues(deps, input, purchase, now), now);
    return { order, created: true };
  });
}

function isSamePurchase(o: OrderRow, input: CreateOrderInput, p: Purchase): boolean {
  return (
    o.game_id === input.gameId &&
    o.cp_goods_id === input.body.cp_goods_id &&
    o.server_id === p.server.server_id &&
    o.role_id === p.role.role_id &&
    o.channel_code === input.body.channel_code &&
    o.price === p.product.price &&
    o.currency === p.product.currency
  );
}

/** The new order's row: the price and names as the product shows them now. */
function newOrderValues(
  deps: OrdersDeps,
  input: CreateOrderInput,
  purchase: Purchase,
  now: Date,
): NewOrder {
  const { config } = deps;
  const { product, provider, epoint, server, role } = purchase;
  const sdkOrderId = newSdkOrderId(now);
  return {
    sdk_order_id: sdkOrderId,
    account_id: input.accountId,
    game_account_id: input.gameAccountId,
    game_id: input.gameId,
    server_id: server.server_id,
    server_name: server.server_name,
    role_id: role.role_id,
    role_name: role.role_name,
    product_id: product.id,
    cp_goods_id: input.body.cp_goods_id,
    kind: product.kind,
    item_name: product.name,
    item_names: JSON.stringify(product.names),
    price: product.price,
    currency: product.currency,
    hc_amount: product.kind === 'coin' ? product.amount : null,
    // Coin packs: the gift goes to present. Game packs bought with money: the rebate the
    // product shows is credited to present on payment.
    hc_gift:
      product.kind === 'coin'
        ? product.gift
        : !epoint && rebateActive(product.rebate, now)
          ? (product.rebate?.amount ?? 0)
          : 0,
    hc_price: epoint ? product.price : null,
    items: JSON.stringify(product.items),
    channel_code: input.body.channel_code,
    provider: provider?.name ?? 'epoint',
    pay_url: epoint ? orderUrl(config, sdkOrderId) : null,
    checkout_until: provider === undefined ? null : new Date(now.getTime() + CHECKOUT_LEASE_MS),
    status: Unpaid,
    language: input.language,
    idempotency_key: input.idempotencyKey ?? null,
    expires_at: new Date(now.getTime() + config.orderUnpaidTtlMinutes * 60_000),
    created_at: now,
    updated_at: now,
  };
}
