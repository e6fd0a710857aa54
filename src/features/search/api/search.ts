/** Search across collections, NFTs and users by name (not in the spec; server: /api/v2/show/search). */
import { useQuery } from '@tanstack/react-query';
import type { Collection, Nft, User } from '#shared/schemas/entities.ts';
import { api, type DataBody } from '#web/lib/api-client.ts';

export type SearchResult = { collections: Collection[]; nfts: Nft[]; users: User[] };

export const searchKeys = {
  all: ['search'] as const,
  query: (q: string) => [...searchKeys.all, q] as const,
};

export const useSearch = (q: string) =>
  useQuery({
    queryKey: searchKeys.query(q),
    queryFn: ({ queryKey: [, text], signal }) =>
      api
        .get<DataBody<SearchResult>>('/api/v2/show/search', {
          query: { q: text, size: 12 },
          signal,
        })
        .then((b) => b.data),
    enabled: q.trim().length > 0,
  });
