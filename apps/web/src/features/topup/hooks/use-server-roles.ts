// Servers and roles of the player's game account (docs/product/top-up.md#servers-and-roles, docs/product/api.md#top-up-calls webRole): the cached list under
// stored key (docs/product/constants.md#stored-keys) shows at once, and a fresh one is always fetched and stored.
import { useQuery } from '@tanstack/react-query';
import { serverRolesQuery } from '../api/topup-queries';

export function useServerRoles(gameId: number | null, gameAccountId: number | null) {
  return useQuery(serverRolesQuery(gameId, gameAccountId));
}
