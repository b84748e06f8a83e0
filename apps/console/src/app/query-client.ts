// One TanStack Query client. Business errors and expired sessions are not retried.
import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api-error';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (count, error) => !isApiError(error) || (error.isNetwork && count < 1),
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
