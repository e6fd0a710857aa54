/** TanStack Query client shared by the app (src/app/app.tsx adds persistence around it). */
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './errors.ts';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: 24 * 60 * 60 * 1000,
        refetchOnWindowFocus: false,
        // 4xx answers are final; retry network and 5xx once.
        retry: (count, error) =>
          count < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
    },
  });
}
