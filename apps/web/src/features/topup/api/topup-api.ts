// Calls of the top-up journey (docs/product/api.md#top-up-calls): servers and roles (cached under their stored key, docs/product/constants.md#stored-keys),
// catalog, payment channels, order creation with an Idempotency-Key, HC Point payment, detail.
import {
  api,
  serverRolesSchema,
  type CreateOrderBody,
  type OrderDetail,
  type PayChannel,
  type Product,
  type ServerRoles,
} from '@hc/contract';
import { z } from 'zod';
import { callApi } from '../../../lib/api-client';
import { langHeaders } from '../../../lib/query-language';
import { storage } from '../../../lib/storage';
import { sortProducts } from '../utils/format';

const cachedServerRolesSchema = z.object({
  gameId: z.number(),
  gameAccountId: z.number().nullable(),
  list: z.array(serverRolesSchema),
});

/** docs/product/api.md#top-up-calls webRole "cached locally": the last list for this game and game account, if any. */
export function cachedServerRoles(
  gameId: number,
  gameAccountId: number | null,
): ServerRoles[] | undefined {
  const parsed = cachedServerRolesSchema.safeParse(storage.getServerRoles());
  if (!parsed.success) return undefined;
  const { data } = parsed;
  return data.gameId === gameId && data.gameAccountId === gameAccountId ? data.list : undefined;
}

export async function fetchServerRoles(
  gameId: number,
  gameAccountId: number | null,
  signal?: AbortSignal,
): Promise<ServerRoles[]> {
  const { list } = await callApi(api.userWebRole, {}, { signal });
  storage.setServerRoles({ gameId, gameAccountId, list });
  return list;
}

/** Pack names and channel names come in `lang` (the query's language). */
export async function fetchGamePacks(
  target: { role_id: string; server_id: number },
  lang: string,
  signal?: AbortSignal,
): Promise<Product[]> {
  const { list } = await callApi(api.orderWebProduct, target, {
    signal,
    headers: langHeaders(lang),
  });
  return sortProducts(list);
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

export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') {
    return crypto.randomUUID();
  }
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}
