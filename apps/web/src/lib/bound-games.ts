// The signed-in player's bound game accounts (/api/character/game/info): the account page lists
// them and binds more with a link code, the top-up page offers only their games. One query
// definition and one cache entry; lives in lib/ because features do not import each other.
import { api, type CallResult } from '@hc/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from './api-client';
import { useUserInfo } from './app-store';

export type BoundGame = CallResult<typeof api.characterGameInfo>['list'][number];

/** The key carries the account: another sign-in never sees the previous player's list. */
export const boundGamesKey = (accid: number | null) => ['session', 'boundGames', accid] as const;

export const boundGamesQuery = (accid: number | null) =>
  queryOptions({
    queryKey: boundGamesKey(accid),
    queryFn: ({ signal }) => callApi(api.characterGameInfo, {}, { signal }),
    select: (result) => result.list,
    staleTime: 60_000,
    retry: false,
  });

/** The bound game accounts of the signed-in player (disabled while signed out). */
export function useBoundGames() {
  const user = useUserInfo();
  return useQuery({ ...boundGamesQuery(user.accid), enabled: user.login });
}
