// Servers and roles of the player's game account (docs/product/top-up.md#servers-and-roles, docs/product/api.md#top-up-calls webRole): the cached list under
// stored key (docs/product/constants.md#stored-keys) shows at once, and a fresh one is always fetched and stored.
// A server's maintenance message comes in the request's language, so a language change asks again.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useQueryLanguage } from '../../../lib/query-language';
import { serverRolesQuery } from '../api/topup-queries';

export function useServerRoles(gameId: number | null, gameAccountId: number | null) {
  const query = useQuery(serverRolesQuery(gameId, gameAccountId));
  const lang = useQueryLanguage();
  const asked = useRef(lang);
  const { refetch } = query;
  useEffect(() => {
    if (asked.current === lang || gameId === null) return;
    asked.current = lang;
    void refetch();
  }, [lang, gameId, refetch]);
  return query;
}
