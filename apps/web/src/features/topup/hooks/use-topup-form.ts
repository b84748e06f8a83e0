// The choices of the top-up screen (docs/product/top-up.md#top-up-screen): game and OS, server and
// role, game pack or HC Point pack, the pack and the payment method; the lists each choice needs
// (servers and roles, packs, payment channels) and the order confirmation. A choice clears the
// choices that depend on it and the last confirm error. The packs show as soon as the game is
// known and may be chosen before the server and role; a pack not sold on the server chosen later
// is no longer chosen (docs/product/top-up.md#items). A chosen role is reported to the game
// (characterInfoSelect) and remembered for the next visit (docs/product/top-up.md#servers-and-roles).
import type { PayChannel, Platform } from '@hc/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  appStore,
  currentGameId,
  useHcPointStatus,
  useSiteConfig,
  useUserInfo,
} from '../../../lib/app-store';
import { useBoundGames } from '../../../lib/bound-games';
import { useQueryLanguage } from '../../../lib/query-language';
import { rememberedRole, reportRole } from '../api/topup-api';
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

/** The chosen pack: its id, and its name to say so when the chosen server does not sell it. */
interface ChosenPack {
  id: string;
  name: string;
}

/** Why "confirm order" cannot go on yet: the first step not done (docs/product/top-up.md#before-paying). */
export type ConfirmBlock = 'serverRole' | 'role' | 'pack' | 'payment';

/** The lists behind the choices: the chosen server and role, packs and payment channels. */
function useTopupLists(choice: {
  gameId: number | null;
  gameAccountId: number | null;
  serverId: number | null;
  roleId: string | null;
  target: TopupTarget;
  pack: ChosenPack | null;
  channelCode: string | null;
}) {
  const { gameId, target, pack } = choice;
  const lang = useQueryLanguage();
  const serverRoles = useServerRoles(gameId, choice.gameAccountId);
  const servers = serverRoles.data;
  const server = servers?.find((s) => s.server_id === choice.serverId) ?? null;
  const role = server?.roles.find((r) => r.role_id === choice.roleId) ?? null;
  const roleTarget: RoleTarget | null =
    server && role ? { role_id: role.role_id, server_id: server.server_id } : null;

  // Game packs: those of the chosen server, or before one is chosen those sold on any server.
  const packServerId = server?.server_id ?? null;
  const gamePacks = useQuery(gamePacksQuery(lang, gameId, packServerId, target === 'game'));
  const hcPointPacks = useQuery(hcPointPacksQuery(lang, gameId, target === 'coin'));
  const packs = target === 'game' ? gamePacks : hcPointPacks;
  // While the chosen server's list loads, the previous one (of all servers) stays shown; a pack
  // is known to be sold where the order goes only from the server's own list.
  const serverList = gamePacks.data?.serverId === packServerId;
  const products = target === 'game' ? gamePacks.data?.list : hcPointPacks.data;
  // A chosen game pack missing from the chosen server's list is not sold there: no longer chosen.
  const product = products?.find((p) => p.cp_goods_id === pack?.id) ?? null;
  const notSold =
    target === 'game' && pack !== null && packServerId !== null && serverList && product === null;
  const sellable = product !== null && (target === 'coin' || serverList);

  const channels = useQuery(
    payChannelsQuery(lang, roleTarget, sellable ? product.cp_goods_id : null),
  );
  const channelList = roleTarget && sellable ? channels.data : undefined;
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
    /** The chosen pack is not sold on the chosen server (its name), else null. */
    notSoldPack: notSold ? pack.name : null,
    channels,
    channelList,
    channel,
    channelsLoading: roleTarget !== null && sellable && channels.isPending,
    // docs/product/errors.md#outcome-and-failure-messages, each with a retry: no list at all is
    // "failed to get the server list"; a failed refresh of the cached list (the roles may have
    // changed in the game) is "failed to get the role list". Pack errors show in the pack area.
    serverListError: servers === undefined ? serverRoles.error : null,
    roleListError: servers !== undefined ? serverRoles.error : null,
    loadError: channels.error ?? null,
  };
}

/** What "confirm order" checks and sends, from the current choices. */
function confirmInput(
  lists: ReturnType<typeof useTopupLists>,
  target: TopupTarget,
  reported: { server_id: number; role_id: string; server_name: string; role_name: string } | null,
): ConfirmInput {
  // The names the game reported for this role, when it was reported.
  const same =
    reported !== null &&
    reported.server_id === lists.server?.server_id &&
    reported.role_id === lists.role?.role_id;
  return {
    serverId: lists.server?.server_id ?? null,
    serverName: same ? reported.server_name : (lists.server?.server_name ?? null),
    roleId: lists.role?.role_id ?? null,
    roleName: same ? reported.role_name : (lists.role?.role_name ?? null),
    cpGoodsId: lists.product?.cp_goods_id ?? null,
    channel: lists.channel,
    orderType: target,
  };
}

export function useTopupForm() {
  const config = useSiteConfig();
  const user = useUserInfo();
  const hcPointStatus = useHcPointStatus();
  const bound = useBoundGames();
  const siteGames = config?.games ?? [];
  // Signed in with game accounts: only their games can be topped up (ADR 0042); signed out or
  // before any binding, every game of the site is shown.
  const boundIds = new Set((bound.data ?? []).map((g) => g.game_id));
  const games = boundIds.size > 0 ? siteGames.filter((g) => boundIds.has(g.game_id)) : siteGames;
  const gameId = currentGameId({ userInfo: user, config });
  const game = games.find((g) => g.game_id === gameId);

  const [platform, setPlatform] = useState<Platform | null>(game?.platforms[0] ?? null);
  // The remembered choice shows at once; a server or role no longer listed is simply not chosen.
  const [remembered] = useState(() =>
    gameId === null ? null : rememberedRole(gameId, user.gameAccountId),
  );
  const [serverId, setServerId] = useState<number | null>(remembered?.server_id ?? null);
  const [roleId, setRoleId] = useState<string | null>(remembered?.role_id ?? null);
  const report = useMutation({ mutationFn: reportRole });
  const [target, setTarget] = useState<TopupTarget>('game');
  const [pack, setPack] = useState<ChosenPack | null>(null);
  const [channelCode, setChannelCode] = useState<string | null>(null);
  const order = useConfirmOrder();
  const lists = useTopupLists({
    gameId,
    gameAccountId: user.gameAccountId,
    serverId,
    roleId,
    target,
    pack,
    channelCode,
  });

  const reportChoice = (server_id: number, role_id: string) => {
    if (gameId === null) return;
    report.mutate({ gameId, gameAccountId: user.gameAccountId, choice: { server_id, role_id } });
  };

  const choose = {
    game: (id: number) => {
      // The game of every call (`gameid` header, see requestHeaders).
      appStore.setUserInfo({ gameId: id });
      setPlatform(games.find((g) => g.game_id === id)?.platforms[0] ?? null);
      setServerId(null);
      setRoleId(null);
      setPack(null);
      report.reset();
      order.clearError();
    },
    platform: setPlatform,
    server: (id: number) => {
      setServerId(id);
      const roles = lists.servers?.find((s) => s.server_id === id)?.roles ?? [];
      const only = roles.length === 1 ? roles[0]!.role_id : null;
      setRoleId(only);
      report.reset();
      if (only !== null) reportChoice(id, only);
      // The chosen pack stays chosen while the server sells it (see useTopupLists).
      order.clearError();
    },
    role: (id: string) => {
      setRoleId(id);
      if (serverId !== null) reportChoice(serverId, id);
      order.clearError();
    },
    target: (value: TopupTarget) => {
      setTarget(value);
      setPack(null);
      order.clearError();
    },
    product: (id: string) => {
      setPack({ id, name: lists.products?.find((p) => p.cp_goods_id === id)?.name ?? id });
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

  // docs/product/top-up.md#before-paying: "confirm order" waits for every step, in their order.
  const blockedBy: ConfirmBlock | null =
    lists.role === null
      ? lists.server !== null && lists.server.roles.length > 0
        ? 'role'
        : 'serverRole'
      : lists.product === null
        ? 'pack'
        : lists.channel === null
          ? 'payment'
          : null;

  const confirm = () => {
    if (blockedBy !== null || hcPointShortBy !== null) return;
    void order.confirm(confirmInput(lists, target, report.data ?? null));
  };

  return {
    games,
    gameId,
    gameAccountId: user.gameAccountId,
    platform,
    serverId,
    roleId,
    target,
    cpGoodsId: lists.product?.cp_goods_id ?? null,
    ...lists,
    choose,
    order,
    confirm,
    /** The role report failed (docs/product/errors.md#outcome-and-failure-messages reportRoleFail). */
    reportError: report.error,
    retryReport: () => {
      if (serverId !== null && roleId !== null) reportChoice(serverId, roleId);
    },
    /** Paying with HC Point: the item's price in HC Point, else null. */
    hcPointPrice,
    /** Paying with HC Point and the balance is short: by how much, else null. */
    hcPointShortBy,
    /** The first step still to do before "confirm order", else null. */
    blockedBy,
  };
}

export type TopupForm = ReturnType<typeof useTopupForm>;
