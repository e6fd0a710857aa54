/** Search across collections, NFTs and users by name (/api/v2/show/search). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchResult } from '#shared/schemas/catalogue.ts';
import { api, type DataBody } from '#web/lib/api-client.ts';

const searchQueryKey = (q: string) => ['search', q] as const;

const searchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: searchQueryKey(q),
    queryFn: ({ queryKey: [, text], signal }) =>
      api
        .get<DataBody<SearchResult>>('/api/v2/show/search', {
          query: { q: text, size: 12 },
          signal,
        })
        .then((b) => b.data),
    enabled: q.trim().length > 0,
  });
export const useSearch = (q: string) => useQuery(searchQueryOptions(q));
