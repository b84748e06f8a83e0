// The choices of the top-up screen (docs/product/top-up.md#top-up-screen): game and OS, server and
// role, game pack or HC Point pack, the pack and the payment method; the lists each choice needs
// (servers and roles, packs, payment channels) and the order confirmation. A choice clears the
// choices that depend on it and the last confirm error.
import type { PayChannel, Platform } from '@hc/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { appStore, useHcPointStatus, useSiteConfig, useUserInfo } from '../../../lib/app-store';
import { useQueryLanguage } from '../../../lib/query-language';
import {
  gamePacksQuery,
  hcPointPacksQuery,
  payChannelsQuery,
  type RoleTarget,
} from '../api/topup-queries';
import { useConfirmOrder, type ConfirmInput } from './use-confirm-order';
import { useServerRoles } from './use-server-roles';

/** What the player tops up: a game pack, or an HC Point pack (value kept as `coin`). */
export type TopupTarget = 'game' | 'coin';

/** The lists behind the choices: the chosen server and role, packs and payment channels. */
function useTopupLists(choice: {
  gameId: number | null;
  gameAccountId: number | null;
  serverId: number | null;
  roleId: string | null;
  target: TopupTarget;
  cpGoodsId: string | null;
  channelCode: string | null;
}) {
  const { gameId, target, cpGoodsId } = choice;
  const lang = useQueryLanguage();
  const serverRoles = useServerRoles(gameId, choice.gameAccountId);
  const servers = serverRoles.data;
  const server = servers?.find((s) => s.server_id === choice.serverId) ?? null;
  const role = server?.roles.find((r) => r.role_id === choice.roleId) ?? null;
  const roleTarget: RoleTarget | null =
    server && role ? { role_id: role.role_id, server_id: server.server_id } : null;

  const gamePacks = useQuery(gamePacksQuery(lang, gameId, roleTarget, target === 'game'));
  const hcPointPacks = useQuery(hcPointPacksQuery(lang, gameId, target === 'coin'));
  const packs = target === 'game' ? gamePacks : hcPointPacks;
  const products = target === 'game' && !roleTarget ? undefined : packs.data;
  const product = products?.find((p) => p.cp_goods_id === cpGoodsId) ?? null;

  const channels = useQuery(payChannelsQuery(lang, roleTarget, product ? cpGoodsId : null));
  const channelList = roleTarget && product ? channels.data : undefined;
  // The first method is preselected until the player picks one.
  const channel: PayChannel | null =
    channelList?.find((c) => c.channel_code === choice.channelCode) ?? channelList?.[0] ?? null;

  return {
    serverRoles,
    servers,
    server,
    role,
    roleTarget,
    packs,
    products,
    product,
    channels,
    channelList,
    channel,
    channelsLoading: roleTarget !== null && product !== null && channels.isPending,
    // Pack errors show in the pack area, with a retry (ProductList).
    loadError: [serverRoles.error, channels.error].find(Boolean) ?? null,
  };
}

/** What "confirm order" checks and sends, from the current choices. */
function confirmInput(lists: ReturnType<typeof useTopupLists>, target: TopupTarget): ConfirmInput {
  return {
    serverId: lists.server?.server_id ?? null,
    serverName: lists.server?.server_name ?? null,
    roleId: lists.role?.role_id ?? null,
    roleName: lists.role?.role_name ?? null,
    cpGoodsId: lists.product?.cp_goods_id ?? null,
    channel: lists.channel,
    orderType: target,
  };
}

export function useTopupForm() {
  const config = useSiteConfig();
  const user = useUserInfo();
  const hcPointStatus = useHcPointStatus();
  const games = config?.games ?? [];
  const gameId = user.gameId ?? config?.game_id ?? null;
  const game = games.find((g) => g.game_id === gameId);

  const [platform, setPlatform] = useState<Platform | null>(game?.platforms[0] ?? null);
  const [serverId, setServerId] = useState<number | null>(null);
  const [roleId, setRoleId] = useState<string | null>(null);
  const [target, setTarget] = useState<TopupTarget>('game');
  const [cpGoodsId, setCpGoodsId] = useState<string | null>(null);
  const [channelCode, setChannelCode] = useState<string | null>(null);
  const order = useConfirmOrder();
  const lists = useTopupLists({
    gameId,
    gameAccountId: user.gameAccountId,
    serverId,
    roleId,
    target,
    cpGoodsId,
    channelCode,
  });

  const choose = {
    game: (id: number) => {
      // The game of every call (`gameid` header, see requestHeaders).
      appStore.setUserInfo({ gameId: id });
      setPlatform(games.find((g) => g.game_id === id)?.platforms[0] ?? null);
      setServerId(null);
      setRoleId(null);
      setCpGoodsId(null);
      order.clearError();
    },
    platform: setPlatform,
    server: (id: number) => {
      setServerId(id);
      const roles = lists.servers?.find((s) => s.server_id === id)?.roles ?? [];
      setRoleId(roles.length === 1 ? roles[0]!.role_id : null);
      if (target === 'game') setCpGoodsId(null);
      order.clearError();
    },
    role: (id: string) => {
      setRoleId(id);
      if (target === 'game') setCpGoodsId(null);
      order.clearError();
    },
    target: (value: TopupTarget) => {
      setTarget(value);
      setCpGoodsId(null);
      order.clearError();
    },
    product: (id: string) => {
      setCpGoodsId(id);
      order.clearError();
    },
    channel: (code: string) => {
      setChannelCode(code);
      order.clearError();
    },
  };

  // docs/product/hc-point.md#paying-with-hc-point: paying with HC Point, the price in HC Point is
  // the pack's USD price in cents (ADR 0017); a known balance below it blocks "confirm order".
  const hcPointPrice =
    lists.channel?.kind === 'epoint' && lists.product ? lists.product.price : null;
  const hcPointShortBy =
    hcPointPrice !== null && hcPointStatus === 'ready' && user.ePointNum < hcPointPrice
      ? hcPointPrice - user.ePointNum
      : null;

  const confirm = () => {
    if (hcPointShortBy !== null) return;
    void order.confirm(confirmInput(lists, target));
  };

  return {
    games,
    gameId,
    gameAccountId: user.gameAccountId,
    platform,
    serverId,
    roleId,
    target,
    cpGoodsId,
    ...lists,
    choose,
    order,
    confirm,
    /** Paying with HC Point: the item's price in HC Point, else null. */
    hcPointPrice,
    /** Paying with HC Point and the balance is short: by how much, else null. */
    hcPointShortBy,
  };
}

export type TopupForm = ReturnType<typeof useTopupForm>;
