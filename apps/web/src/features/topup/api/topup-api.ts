// Calls of the top-up journey (docs/product/api.md#top-up-calls): servers and roles (cached under their stored key, docs/product/constants.md#stored-keys,
// with the last reported role), the role report, catalog (game packs from v2 items, before and
// after a server is chosen; HC Point packs from webCoinProduct), the rebate campaign, payment channels,
// order creation with an Idempotency-Key, HC Point payment, detail, unpaid orders and cancelling one.
import {
  api,
  ServerOrderStatus,
  serverRolesSchema,
  type CreateOrderBody,
  type OrderDetail,
  type OrderRecordRow,
  type PayChannel,
  type Product,
  type RebateInfo,
  type SelectedCharacter,
  type ServerRoles,
} from '@hc/contract';
import { z } from 'zod';
import { callApi } from '../../../lib/api-client';
import { langHeaders } from '../../../lib/query-language';
import { storage } from '../../../lib/storage';
import { sortProducts } from '../utils/format';

/** The role the player last chose and the game confirmed (characterInfoSelect). */
export interface RoleChoice {
  server_id: number;
  role_id: string;
}

const cachedServerRolesSchema = z.object({
  gameId: z.number(),
  gameAccountId: z.number().nullable(),
  list: z.array(serverRolesSchema),
  selected: z.object({ server_id: z.number(), role_id: z.string() }).optional(),
});

function readCache(gameId: number, gameAccountId: number | null) {
  const parsed = cachedServerRolesSchema.safeParse(storage.getServerRoles());
  if (!parsed.success) return undefined;
  const { data } = parsed;
  return data.gameId === gameId && data.gameAccountId === gameAccountId ? data : undefined;
}

/** docs/product/api.md#top-up-calls webRole "cached locally": the last list for this game and game account, if any. */
export function cachedServerRoles(
  gameId: number,
  gameAccountId: number | null,
): ServerRoles[] | undefined {
  return readCache(gameId, gameAccountId)?.list;
}

/**
 * The page's remembered choice: the role last reported for this game and game account. The
 * server keeps none (characterInfoSelect is stateless: the web keeps the choice).
 */
export function rememberedRole(gameId: number, gameAccountId: number | null): RoleChoice | null {
  return readCache(gameId, gameAccountId)?.selected ?? null;
}

function rememberRole(gameId: number, gameAccountId: number | null, choice: RoleChoice): void {
  const cached = readCache(gameId, gameAccountId);
  storage.setServerRoles({ gameId, gameAccountId, list: cached?.list ?? [], selected: choice });
}

/**
 * docs/product/top-up.md#servers-and-roles: reports the chosen role; the game confirms it and
 * gives its names, and the page remembers it for the next visit.
 */
export async function reportRole(target: {
  gameId: number;
  gameAccountId: number | null;
  choice: RoleChoice;
}): Promise<SelectedCharacter> {
  const selected = await callApi(api.characterInfoSelect, target.choice);
  rememberRole(target.gameId, target.gameAccountId, {
    server_id: selected.server_id,
    role_id: selected.role_id,
  });
  return selected;
}

export async function fetchServerRoles(
  gameId: number,
  gameAccountId: number | null,
  signal?: AbortSignal,
): Promise<ServerRoles[]> {
  const { list } = await callApi(api.userWebRole, {}, { signal });
  const selected = readCache(gameId, gameAccountId)?.selected;
  storage.setServerRoles({ gameId, gameAccountId, list, ...(selected && { selected }) });
  return list;
}

/** A game's packs and the server they were asked for (null: all servers). */
export interface GamePackList {
  serverId: number | null;
  list: Product[];
}

/**
 * docs/product/top-up.md#items: the game packs sold on `serverId`, or before a server is chosen
 * (null) those sold on any server; names in `lang` (the query's language).
 */
export async function fetchGamePacks(
  serverId: number | null,
  lang: string,
  signal?: AbortSignal,
): Promise<GamePackList> {
  const { game_packs } = await callApi(
    api.rechargeV2Items,
    serverId === null ? {} : { server_id: serverId },
    { signal, headers: langHeaders(lang) },
  );
  return { serverId, list: sortProducts(game_packs) };
}

export async function fetchHcPointPacks(lang: string, signal?: AbortSignal): Promise<Product[]> {
  const { list } = await callApi(
    api.orderWebCoinProduct,
    {},
    { signal, headers: langHeaders(lang) },
  );
  return sortProducts(list);
}

export async function fetchPayChannels(
  body: { role_id: string; server_id: number; cp_goods_id: string },
  lang: string,
  signal?: AbortSignal,
): Promise<PayChannel[]> {
  const { list } = await callApi(api.orderWebPayChannel, body, {
    signal,
    headers: langHeaders(lang),
  });
  return list;
}

/** A retried confirm sends the same key, so the server answers with the same order. */
export function createOrder(body: CreateOrderBody, idempotencyKey: string) {
  return callApi(api.orderWebCreate, body, { headers: { 'Idempotency-Key': idempotencyKey } });
}

export function payWithHcPoint(sdkOrderId: string) {
  return callApi(api.paymentOrderEpointPay, { paymentId: sdkOrderId });
}

export function fetchOrderDetail(
  sdkOrderId: string,
  lang: string,
  signal?: AbortSignal,
): Promise<OrderDetail> {
  return callApi(
    api.orderDetail,
    { sdk_order_id: sdkOrderId },
    { signal, headers: langHeaders(lang) },
  );
}

/** docs/product/top-up.md#items: the running top-up rebate campaign, texts in `lang`. */
export function fetchRebateInfo(lang: string, signal?: AbortSignal): Promise<RebateInfo> {
  return callApi(api.rechargeRebateInfo, {}, { signal, headers: langHeaders(lang) });
}

/** How many unpaid orders the top-up page lists (the newest). */
export const UNPAID_ORDERS_SHOWN = 5;

/** docs/product/top-up.md#unpaid-orders: the player's unpaid orders, newest first. */
export async function fetchUnpaidOrders(
  lang: string,
  signal?: AbortSignal,
): Promise<{ list: OrderRecordRow[]; total: number }> {
  const { list, total } = await callApi(
    api.orderRecord,
    { status: ServerOrderStatus.Unpaid, size: UNPAID_ORDERS_SHOWN },
    { signal, headers: langHeaders(lang) },
  );
  return { list, total };
}

/** docs/product/top-up.md#unpaid-orders: cancel an unpaid order (idempotent). */
export function cancelOrder(sdkOrderId: string) {
  return callApi(api.orderCancel, { sdk_order_id: sdkOrderId });
}

export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') {
    return crypto.randomUUID();
  }
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}
