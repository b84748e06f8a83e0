// Servers and roles of the player's game account (docs/product/top-up.md#servers-and-roles, docs/product/api.md#top-up-calls webRole): the cached list under
// stored key (docs/product/constants.md#stored-keys) shows at once, and a fresh one is always fetched and stored.
import type { ServerRoles } from '@hc/contract';
import { useQuery } from '@tanstack/react-query';
import { cachedServerRoles, fetchServerRoles } from '../api/topup-api';

export function useServerRoles(gameId: number | null, gameAccountId: number | null) {
  return useQuery<ServerRoles[]>({
    queryKey: ['topup', 'serverRoles', gameId, gameAccountId],
    queryFn: ({ signal }) => fetchServerRoles(gameId ?? 0, gameAccountId, signal),
    enabled: gameId !== null,
    initialData: () => (gameId === null ? undefined : cachedServerRoles(gameId, gameAccountId)),
    // The cached copy counts as stale: refresh it right away.
    initialDataUpdatedAt: 0,
  });
}
