// Starts the top-up page's own API calls (docs/product/top-up.md#top-up-screen) once the start-up
// calls have told who is signed in, while the page's chunks still load: the game's home
// configuration (the banner's key art), servers and roles, the packs the page shows first, the
// rebate campaign and the unpaid orders. The page reads the same
// query keys, so it renders its packs in its first frame instead of asking for them after it
// mounts (an earlier largest paint, docs/frontend-budgets.md). Only a signed-in player's page
// asks: a visitor is sent to sign in.
import {
  gamePacksQuery,
  rebateInfoQuery,
  serverRolesQuery,
  unpaidOrdersQuery,
} from '../features/topup/api/topup-queries';
import { cachedServerRoles, rememberedRole } from '../features/topup/api/topup-api';
import { homeConfQuery } from '../features/content/api/content-api';
import { appStore, currentGameId } from '../lib/app-store';
import { queryClient } from './query-client';

/** `lang` is the UI language the page keys its queries with (useQueryLanguage). */
export function prefetchTopup(lang: string): void {
  const state = appStore.getState();
  const { userInfo } = state;
  if (!userInfo.login) return;
  const gameId = currentGameId(state);
  if (gameId === null) return;
  const { gameAccountId, accid } = userInfo;
  // The packs of the remembered server when the cached list still has it, as the page asks.
  const remembered = rememberedRole(gameId, gameAccountId);
  const cached = cachedServerRoles(gameId, gameAccountId);
  const serverId = cached?.some((s) => s.server_id === remembered?.server_id)
    ? (remembered?.server_id ?? null)
    : null;
  void queryClient.prefetchQuery(homeConfQuery(lang, gameId));
  void queryClient.prefetchQuery(serverRolesQuery(gameId, gameAccountId));
  void queryClient.prefetchQuery(gamePacksQuery(lang, gameId, serverId, true));
  void queryClient.prefetchQuery(rebateInfoQuery(lang, gameId));
  void queryClient.prefetchQuery(unpaidOrdersQuery(lang, accid));
}
