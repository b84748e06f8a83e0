// TanStack Query for server state. Provided by the layouts (every page sits under one), not
// the entry, so the query library loads with the first page rather than before it.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { isApiError } from '../lib/api-error';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Business errors are answers, not glitches: retry transport failures only.
        retry: (count, error) => count < 2 && (!isApiError(error) || error.code === 500),
      },
      mutations: { retry: false },
    },
  });
}

/** One client for the page's lifetime, shared by both layouts. */
export const queryClient = createQueryClient();

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
