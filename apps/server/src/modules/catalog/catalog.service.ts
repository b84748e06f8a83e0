// The catalog (docs/product/top-up.md#items, docs/product/api.md#top-up-calls /api/order/webProduct, webCoinProduct, webPayChannel,
// /api/recharge/v2/items, /api/recharge/rebate/info): game packs and HC Point packs of a game,
// the payment methods of a product and the running rebate campaign.
// Product lists are the hot read of the top-up page: each (game, kind) list is cached in memory
// for a short TTL; findProduct (used by order creation) always reads the database.
import {
  ErrorCode,
  FALLBACK_LANGUAGE,
  PayChannelCode,
  productSortKey,
  type Language,
  type PayChannel,
  type Product,
  inLanguage,
  toUnixSeconds,
} from '@hc/contract';
import type { rebateInfoResultSchema } from '@hc/contract';
import type { Kysely } from 'kysely';
import type { PaymentsConfig } from '../../config';
import type { DB, LocalizedText } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { z } from 'zod';
import { createCatalogRepository, type ProductKind, type ProductRow } from './catalog.repository';

export type { ProductKind, ProductRow } from './catalog.repository';
export type RebateInfoResult = z.infer<typeof rebateInfoResultSchema>;

/** A product with its name in one language (order creation snapshots both). */
export interface CatalogProduct extends ProductRow {
  name: string;
}

export type PayMethod = 'card' | 'paypal' | 'epoint';

/** Default lifetime of a cached (game, kind) product list. */
export const CATALOG_CACHE_TTL_MS = 30_000;

/** Text in `language`, else en-US (docs/product/languages.md#fallback), else any language, else ''. */
export function localized(texts: LocalizedText, language: string): string {
  return inLanguage(texts, language) ?? '';
}

/** The product's name in `language` (en-US fallback); the cp_goods_id if it has no name. */
export function productName(product: Pick<ProductRow, 'names' | 'cpGoodsId'>, language: string) {
  return localized(product.names, language) || product.cpGoodsId;
}

/** server_ids null = sold on every server of the game. */
export function isSoldOn(product: Pick<ProductRow, 'serverIds'>, serverId: number): boolean {
  return product.serverIds === null || product.serverIds.includes(serverId);
}

/** Sold on at least one server: every server (null) or a non-empty list (an empty one sells nowhere). */
export function isSoldSomewhere(product: Pick<ProductRow, 'serverIds'>): boolean {
  return product.serverIds === null || product.serverIds.length > 0;
}

/** docs/product/top-up.md#items, docs/product/constants.md#rules: price×1000, then the catalogue's sort, then id. */
export function compareProducts(a: ProductRow, b: ProductRow): number {
  return productSortKey(a) - productSortKey(b) || a.sort - b.sort || a.id - b.id;
}

/** Methods whose provider can take money now (sandbox never in production, see config). */
export function availableMethods(
  config: { payments: PaymentsConfig },
  product: Pick<ProductRow, 'kind'>,
): PayMethod[] {
  const p = config.payments;
  const card = p.card === 'stripe' ? p.stripe !== undefined : p.sandbox.enabled;
  const paypal = p.paypal === 'paypal' ? p.paypalApi !== undefined : p.sandbox.enabled;
  const methods: PayMethod[] = [];
  if (card) methods.push('card');
  if (paypal) methods.push('paypal');
  // HC Point buys game packs only: HC Point packs are bought with money (docs/product/top-up.md#top-up-screen).
  if (product.kind === 'game') methods.push('epoint');
  return methods;
}

/** The method behind a channel_code for this product, or PayChannelUnavailable. */
export function resolveChannel(
  config: { payments: PaymentsConfig },
  product: Pick<ProductRow, 'kind'>,
  channelCode: string,
): { method: PayMethod } {
  const method = availableMethods(config, product).find((m) => PayChannelCode[m] === channelCode);
  if (method === undefined) throw new AppError(ErrorCode.PayChannelUnavailable);
  return { method };
}

/** "HC Point" as the web's translations write it (product names, pay channels). */
export const HC_POINT_NAMES: Readonly<Record<Language, string>> = {
  'en-US': 'HC Point',
  'zh-CN': 'HC 点',
  'zh-HK': 'HC 點',
  'zh-TW': 'HC 點',
  'th-TH': 'HC Point',
  'ko-KR': 'HC 포인트',
  'ja-JP': 'HCポイント',
  'vi-VN': 'HC Point',
  'de-DE': 'HC Point',
};

const channelNames: Record<Exclude<PayMethod, 'epoint'>, string> = {
  card: 'Visa / Mastercard',
  paypal: 'PayPal',
};

/** The name of a payment channel in `language` (records and the order screen); unknown: the code. */
export function channelName(channelCode: string, language: string): string {
  if (channelCode === PayChannelCode.epoint)
    return HC_POINT_NAMES[language as Language] ?? HC_POINT_NAMES[FALLBACK_LANGUAGE];
  return channelCode === PayChannelCode.card || channelCode === PayChannelCode.paypal
    ? channelNames[channelCode]
    : channelCode;
}

/** webPayChannel rows for a product (docs/product/top-up.md#top-up-screen: Visa card or PayPal, plus HC Point). */
export function payChannelsFor(
  config: { payments: PaymentsConfig },
  product: Pick<ProductRow, 'kind'>,
  language: Language,
): PayChannel[] {
  return availableMethods(config, product).map((method) => ({
    channel_code: PayChannelCode[method],
    channel_name: channelName(PayChannelCode[method], language),
    kind: method,
    icon: null,
  }));
}

/** Whether players may see and buy an enabled product at `now` (its sale window). */
export function onSale(product: Pick<ProductRow, 'saleBeginAt' | 'saleEndAt'>, now: Date): boolean {
  const t = now.getTime();
  return (
    (product.saleBeginAt === null || product.saleBeginAt.getTime() <= t) &&
    (product.saleEndAt === null || product.saleEndAt.getTime() > t)
  );
}

/** The product's picture in `language`, else the default (en-US) one. */
export function productIcon(product: Pick<ProductRow, 'icons' | 'icon'>, language: string): string {
  return product.icons[language] ?? product.icon;
}

/** The docs/product/top-up.md#items on the wire; a rebate is shown only until its end. */
export function toWireProduct(product: ProductRow, language: string, now: Date): Product {
  const nowTs = toUnixSeconds(now);
  const rebate =
    product.rebate !== null && (product.rebate.end_ts === null || product.rebate.end_ts > nowTs)
      ? product.rebate
      : undefined;
  return {
    name: productName(product, language),
    price: product.price,
    currency: product.currency,
    cp_goods_id: product.cpGoodsId,
    icon: productIcon(product, language),
    bonus: product.bonus,
    ...(product.gift > 0 && { gift: product.gift }),
    ...(rebate !== undefined && {
      rebate: { percent: rebate.percent, amount: rebate.amount, end_ts: rebate.end_ts },
    }),
    is_epoint: product.kind === 'coin',
    amount: product.kind === 'coin' ? product.amount : null,
  };
}

/**
 * An active product of a game with its name in `language` (default en-US), or undefined.
 * Uncached: order creation must see the current row.
 */
export async function findProduct(
  db: Kysely<DB>,
  gameId: number,
  cpGoodsId: string,
  language: string = FALLBACK_LANGUAGE,
  now: Date = new Date(),
): Promise<CatalogProduct | undefined> {
  const row = await createCatalogRepository(db).findActive(gameId, cpGoodsId);
  // Outside its sale window a pack is not for sale (docs/console.md#catalog).
  if (row === undefined || !onSale(row, now)) return undefined;
  return { ...row, name: productName(row, language) };
}

const toTs = (d: Date | null) => (d === null ? null : toUnixSeconds(d));

export function createCatalogService(deps: { db: Kysely<DB>; clock: Clock; cacheTtlMs?: number }) {
  const repo = createCatalogRepository(deps.db);
  const ttl = deps.cacheTtlMs ?? CATALOG_CACHE_TTL_MS;
  const cache = new Map<string, { expiresAt: number; list: Promise<ProductRow[]> }>();

  /** Active products of a game and kind, sorted; cached per (game, kind) for `ttl` ms. */
  function listProducts(gameId: number, kind: ProductKind): Promise<ProductRow[]> {
    const key = `${gameId}:${kind}`;
    const now = deps.clock.now().getTime();
    const hit = cache.get(key);
    if (hit !== undefined && hit.expiresAt > now) return hit.list;
    // The promise is cached, so concurrent misses share one query; a failure is not kept.
    const list = repo.listActive(gameId, kind).then((rows) => rows.sort(compareProducts));
    const entry = { expiresAt: now + ttl, list };
    cache.set(key, entry);
    list.catch(() => {
      if (cache.get(key) === entry) cache.delete(key);
    });
    return list;
  }

  return {
    listProducts,

    /**
     * webProduct and v2 items: the game's packs sold on `serverId`, in `language`; without a
     * server (v2 items before one is chosen, docs/product/top-up.md#items) those sold on at least
     * one server.
     */
    async gamePacks(
      gameId: number,
      serverId: number | undefined,
      language: string,
    ): Promise<Product[]> {
      const now = deps.clock.now();
      const rows = await listProducts(gameId, 'game');
      const sold =
        serverId === undefined ? isSoldSomewhere : (p: ProductRow) => isSoldOn(p, serverId);
      return rows
        .filter((p) => sold(p) && onSale(p, now))
        .map((p) => toWireProduct(p, language, now));
    },

    /** webCoinProduct: the game's HC Point packs, in `language`. */
    async coinPacks(gameId: number, language: string): Promise<Product[]> {
      const now = deps.clock.now();
      const rows = await listProducts(gameId, 'coin');
      return rows.filter((p) => onSale(p, now)).map((p) => toWireProduct(p, language, now));
    },

    /** See the standalone findProduct. */
    findProduct: (gameId: number, cpGoodsId: string, language?: string) =>
      findProduct(deps.db, gameId, cpGoodsId, language, deps.clock.now()),

    /** rebate/info: the running campaign of the game, texts in `language` (en-US fallback). */
    async rebateInfo(gameId: number | undefined, language: string): Promise<RebateInfoResult> {
      const campaign =
        gameId === undefined ? undefined : await repo.currentCampaign(gameId, deps.clock.now());
      if (campaign === undefined)
        return { active: false, begin_ts: null, end_ts: null, tiers: [], desc: '' };
      return {
        active: true,
        begin_ts: toTs(campaign.beginAt),
        end_ts: toTs(campaign.endAt),
        tiers: [...campaign.tiers]
          .sort((a, b) => a.threshold - b.threshold)
          .map((t) => ({ threshold: t.threshold, currency: t.currency, percent: t.percent })),
        desc: localized(campaign.texts, language),
      };
    },

    /** Drops every cached list (after a catalogue change). */
    clearCache(): void {
      cache.clear();
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
