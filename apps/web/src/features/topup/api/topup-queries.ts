// Query keys and options of the top-up feature, in one place: servers and roles (the cached list
// shows at once, docs/product/api.md#top-up-calls webRole), game packs, HC Point packs, payment
// channels and the order detail. Components use them through useQuery.
import { queryOptions } from '@tanstack/react-query';
import {
  cachedServerRoles,
  fetchGamePacks,
  fetchHcPointPacks,
  fetchOrderDetail,
  fetchPayChannels,
  fetchServerRoles,
} from './topup-api';
import { ORDER_POLL_MS, isOrderOpen } from '../utils/order-status';

/** A chosen role on a chosen server: what the pack and channel lists are asked for. */
export interface RoleTarget {
  role_id: string;
  server_id: number;
}

export const topupKeys = {
  serverRoles: (gameId: number | null, gameAccountId: number | null) =>
    ['topup', 'serverRoles', gameId, gameAccountId] as const,
  gamePacks: (gameId: number | null, target: RoleTarget | null) =>
    ['topup', 'gamePacks', gameId, target?.server_id, target?.role_id] as const,
  hcPointPacks: (gameId: number | null) => ['topup', 'hcPointPacks', gameId] as const,
  payChannels: (target: RoleTarget | null, cpGoodsId: string | null) =>
    ['topup', 'payChannels', target?.server_id, target?.role_id, cpGoodsId] as const,
  order: (sdkOrderId: string) => ['topup', 'order', sdkOrderId] as const,
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

/** Enabled only for a chosen role (`enabled` narrows it further). */
export const gamePacksQuery = (
  gameId: number | null,
  target: RoleTarget | null,
  enabled: boolean,
) =>
  queryOptions({
    queryKey: topupKeys.gamePacks(gameId, target),
    queryFn: ({ signal }) => fetchGamePacks(target!, signal),
    enabled: enabled && target !== null,
  });

export const hcPointPacksQuery = (gameId: number | null, enabled: boolean) =>
  queryOptions({
    queryKey: topupKeys.hcPointPacks(gameId),
    queryFn: ({ signal }) => fetchHcPointPacks(signal),
    enabled,
  });

export const payChannelsQuery = (target: RoleTarget | null, cpGoodsId: string | null) =>
  queryOptions({
    queryKey: topupKeys.payChannels(target, cpGoodsId),
    queryFn: ({ signal }) => fetchPayChannels({ ...target!, cp_goods_id: cpGoodsId! }, signal),
    enabled: target !== null && cpGoodsId !== null,
  });

/** Polls while the order can still change; stops at a final status (docs/product/top-up.md#order-lifecycle). */
export const orderDetailQuery = (sdkOrderId: string) =>
  queryOptions({
    queryKey: topupKeys.order(sdkOrderId),
    queryFn: ({ signal }) => fetchOrderDetail(sdkOrderId, signal),
    enabled: sdkOrderId !== '',
    staleTime: 0,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status !== undefined && isOrderOpen(status) ? ORDER_POLL_MS : false;
    },
  });
