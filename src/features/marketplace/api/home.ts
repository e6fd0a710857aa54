/** The home screen's lists of its own: hot NFTs and featured creators. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { hotNftsQueryKey, usersQueryKey } from '#shared/query-keys.ts';
import type { FixedNftListQuery, UserListQuery } from '#shared/schemas/catalogue.ts';
import type { Nft, User } from '#shared/schemas/entities.ts';
import { api, type ListBody } from '#web/lib/api-client.ts';

/** The server fixes the other filters (not sets or bundles, on sale, by likes). */
const hotNftsQueryOptions = (p: FixedNftListQuery) =>
  queryOptions({
    queryKey: hotNftsQueryKey(p),
    queryFn: ({ queryKey: [, , params], signal }) =>
      api.get<ListBody<Nft>>('/api/v2/show/hot-nfts', { query: params, signal }),
  });
export const useHotNfts = (p: FixedNftListQuery) => useQuery(hotNftsQueryOptions(p));

const usersQueryOptions = (p: UserListQuery) =>
  queryOptions({
    queryKey: usersQueryKey(p),
    queryFn: ({ queryKey: [, , params], signal }) =>
      api.get<ListBody<User>>('/api/v2/user', { query: params, signal }),
  });
export const useUsers = (p: UserListQuery) => useQuery(usersQueryOptions(p));
