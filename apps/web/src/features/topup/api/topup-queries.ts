// Query keys and options of the top-up feature, in one place: servers and roles (the cached list
// shows at once, docs/product/api.md#top-up-calls webRole), game packs, HC Point packs, payment
// channels and the order detail. Components use them through useQuery. Packs, channels and the
// order detail are named in the UI language: their keys carry it (`lang`, lib/query-language.ts),
// and across a switch the previous list stays shown until the new one arrives, so the choices
// made on it stay. Game packs are asked for the game (before a server is chosen) or the chosen
// server; across a server change the previous list stays shown too (its `serverId` says which).
import { queryOptions } from '@tanstack/react-query';
import { keepAcrossLanguage } from '../../../lib/query-language';
import {
  cachedServerRoles,
  fetchGamePacks,
  fetchHcPointPacks,
  fetchOrderDetail,
  fetchPayChannels,
  fetchRebateInfo,
  fetchServerRoles,
  fetchUnpaidOrders,
} from './topup-api';
import { ORDER_POLL_MS, isOrderOpen } from '../utils/order-status';

/** A chosen role on a chosen server: what the payment channels are asked for. */
export interface RoleTarget {
  role_id: string;
  server_id: number;
}

export const topupKeys = {
  serverRoles: (gameId: number | null, gameAccountId: number | null) =>
    ['topup', 'serverRoles', gameId, gameAccountId] as const,
  gamePacks: (lang: string, gameId: number | null, serverId: number | null) =>
    ['topup', 'gamePacks', lang, gameId, serverId] as const,
  hcPointPacks: (lang: string, gameId: number | null) =>
    ['topup', 'hcPointPacks', lang, gameId] as const,
  payChannels: (lang: string, target: RoleTarget | null, cpGoodsId: string | null) =>
    ['topup', 'payChannels', lang, target?.server_id, target?.role_id, cpGoodsId] as const,
  order: (lang: string, sdkOrderId: string) => ['topup', 'order', lang, sdkOrderId] as const,
  rebate: (lang: string, gameId: number | null) => ['topup', 'rebate', lang, gameId] as const,
  unpaidOrders: (lang: string, accid: number | null) =>
    ['topup', 'unpaidOrders', lang, accid] as const,
};

export const serverRolesQuery = (gameId: number | null, gameAccountId: number | null) =>
  queryOptions({
    queryKey: topupKeys.serverRoles(gameId, gameAccountId),
    queryFn: ({ signal }) => fetchServerRoles(gameId ?? 0, gameAccountId, signal),
    enabled: gameId !== null,
    initialData: () => (gameId === null ? undefined : cachedServerRoles(gameId, gameAccountId)),
    // The cached copy counts as stale: refresh it right away.
    initialDataUpdatedAt: 0,
  });

/** The position of `lang` in the top-up keys. */
const LANG = 2;
/** The position of the game in the game pack keys. */
const GAME = 3;

/**
 * The game's packs as soon as the game is known: those sold on `serverId`, or on any server while
 * none is chosen (docs/product/top-up.md#items). Across a language or server change of the same
 * game, the previous list stays shown until the new one arrives.
 */
export const gamePacksQuery = (
  lang: string,
  gameId: number | null,
  serverId: number | null,
  enabled: boolean,
) => {
  const queryKey = topupKeys.gamePacks(lang, gameId, serverId);
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => fetchGamePacks(serverId, lang, signal),
    enabled: enabled && gameId !== null,
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[GAME] === gameId ? previous : undefined,
  });
};

export const hcPointPacksQuery = (lang: string, gameId: number | null, enabled: boolean) => {
  const queryKey = topupKeys.hcPointPacks(lang, gameId);
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => fetchHcPointPacks(lang, signal),
    enabled,
    placeholderData: (previous, previousQuery) =>
      keepAcrossLanguage(LANG)(previous, previousQuery, queryKey),
  });
};

export const payChannelsQuery = (
  lang: string,
  target: RoleTarget | null,
  cpGoodsId: string | null,
) => {
  const queryKey = topupKeys.payChannels(lang, target, cpGoodsId);
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) =>
      fetchPayChannels({ ...target!, cp_goods_id: cpGoodsId! }, lang, signal),
    enabled: target !== null && cpGoodsId !== null,
    placeholderData: (previous, previousQuery) =>
      keepAcrossLanguage(LANG)(previous, previousQuery, queryKey),
  });
};

/** Polls while the order can still change; stops at a final status (docs/product/top-up.md#order-lifecycle). */
export const orderDetailQuery = (lang: string, sdkOrderId: string) => {
  const queryKey = topupKeys.order(lang, sdkOrderId);
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => fetchOrderDetail(sdkOrderId, lang, signal),
    placeholderData: (previous, previousQuery) =>
      keepAcrossLanguage(LANG)(previous, previousQuery, queryKey),
    enabled: sdkOrderId !== '',
    staleTime: 0,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status !== undefined && isOrderOpen(status) ? ORDER_POLL_MS : false;
    },
  });
};

/** docs/product/top-up.md#items: the game's running rebate campaign (none: `active` false). */
export const rebateInfoQuery = (lang: string, gameId: number | null) => {
  const queryKey = topupKeys.rebate(lang, gameId);
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => fetchRebateInfo(lang, signal),
    enabled: gameId !== null,
    placeholderData: (previous, previousQuery) =>
      keepAcrossLanguage(LANG)(previous, previousQuery, queryKey),
  });
};

/** docs/product/top-up.md#unpaid-orders: the signed-in account's unpaid orders. */
export const unpaidOrdersQuery = (lang: string, accid: number | null) => {
  const queryKey = topupKeys.unpaidOrders(lang, accid);
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => fetchUnpaidOrders(lang, signal),
    enabled: accid !== null,
    placeholderData: (previous, previousQuery) =>
      keepAcrossLanguage(LANG)(previous, previousQuery, queryKey),
  });
};
