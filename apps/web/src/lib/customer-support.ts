// The customer support link (docs/glossary.md, docs/product/api.md#system-calls crmUrl): one query
// definition and one cache entry for every screen that shows it (Help menu, footer, Contact us,
// account page). Per player (auth optional), so the key carries the game account's userId;
// cached for the page's lifetime. Lives in lib/ because features do not import each other.
import { api } from '@hc/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from './api-client';
import { useUserInfo } from './app-store';

export const crmUrlQuery = (userId: number | null) =>
  queryOptions({
    queryKey: ['support', 'crmUrl', userId],
    queryFn: ({ signal }) => callApi(api.settingCrmUrl, {}, { signal }),
    select: (result) => result.crm_url,
    staleTime: 30 * 60_000,
    retry: false,
  });

/** The player's customer-support URL (undefined while loading or after a failure). */
export function useCrmUrl() {
  const user = useUserInfo();
  return useQuery(crmUrlQuery(user.userId));
}
