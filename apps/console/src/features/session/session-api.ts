// The console session: `session/me` as a query (null when signed out), sign-in and sign-out.
import { consoleApi, type CallBody, type ConsoleSession } from '@hc/contract';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { callConsole, setCsrfToken } from '../../lib/api';
import { isErrorCode } from '../../lib/api-error';

export const ME_KEY = ['console', 'me'] as const;

function remember(session: ConsoleSession | null): ConsoleSession | null {
  setCsrfToken(session?.csrfToken ?? null);
  return session;
}

export const meQuery = queryOptions({
  queryKey: ME_KEY,
  queryFn: async ({ signal }): Promise<ConsoleSession | null> => {
    try {
      return remember(await callConsole(consoleApi.consoleSessionMe, {}, { signal }));
    } catch (error) {
      if (isErrorCode(error, 'ConsoleSessionExpired')) return remember(null);
      // No CSRF token in memory (a reload) and a server that wants one on session/me: the
      // session cannot be picked up again, so the operator signs in anew.
      if (isErrorCode(error, 'ConsoleCsrfFailed')) return remember(null);
      throw error;
    }
  },
  staleTime: 60_000,
});

/** The signed-in operator's session; `data` is null when nobody is signed in. */
export function useSession() {
  return useQuery(meQuery);
}

export async function signIn(
  client: QueryClient,
  body: CallBody<typeof consoleApi.consoleSessionLogin>,
): Promise<ConsoleSession> {
  const session = await callConsole(consoleApi.consoleSessionLogin, body);
  client.removeQueries({ predicate: (q) => q.queryKey[0] === 'console' && q.queryKey[1] !== 'me' });
  client.setQueryData(ME_KEY, remember(session));
  return session;
}

/** Forgets the session locally whatever the server said (the cookie may already be gone). */
export function forgetSession(client: QueryClient): void {
  remember(null);
  client.removeQueries({ predicate: (q) => q.queryKey[0] === 'console' && q.queryKey[1] !== 'me' });
  client.setQueryData(ME_KEY, null);
}

export async function signOut(client: QueryClient): Promise<void> {
  try {
    await callConsole(consoleApi.consoleSessionLogout, {});
  } finally {
    forgetSession(client);
  }
}
