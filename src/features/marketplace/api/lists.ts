/**
 * spec §7 list calls under /api/v2/show/ (and users): fetchers, their query options and hooks.
 * Query functions read their inputs back from the key.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  bundlesQueryKey,
  categoriesQueryKey,
  collectionsQueryKey,
  hotNftsQueryKey,
  nftsQueryKey,
  ownedNftsQueryKey,
  setsQueryKey,
  usersQueryKey,
} from '#shared/query-keys.ts';
import type {
  BundleListQuery,
  CollectionListQuery,
  FixedNftListQuery,
  NftListQuery,
  OwnedNftListQuery,
  SetListQuery,
  UserListQuery,
} from '#shared/schemas/catalogue.ts';
import type { Bundle, Category, Collection, Nft, NftSet, User } from '#shared/schemas/entities.ts';
import { api, type DataBody, type ListBody } from '#web/lib/api-client.ts';

export type { Bundle, Category, Collection, Nft, NftSet, User };

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: categoriesQueryKey(),
    queryFn: ({ signal }) =>
      api.get<DataBody<Category[]>>('/api/v1/nft/categories/', { signal }).then((b) => b.data),
    staleTime: 60 * 60 * 1000,
  });
export const useCategories = () => useQuery(categoriesQueryOptions());

export const nftsQueryOptions = (p: NftListQuery) =>
  queryOptions({
    queryKey: nftsQueryKey(p),
    queryFn: ({ queryKey: [, , params], signal }) =>
      api.get<ListBody<Nft>>('/api/v2/show/market-nfts', { query: params, signal }),
    placeholderData: keepPreviousData,
  });
export const useNfts = (p: NftListQuery, enabled = true) =>
  useQuery({ ...nftsQueryOptions(p), enabled });

/** spec §7 hot NFTs: the server fixes isSet 0, isBundle 0, sort like, ONSALE, hotNFT 1. */
export const hotNftsQueryOptions = (p: FixedNftListQuery) =>
  queryOptions({
    queryKey: hotNftsQueryKey(p),
    queryFn: ({ queryKey: [, , params], signal }) =>
      api.get<ListBody<Nft>>('/api/v2/show/hot-nfts', { query: params, signal }),
  });
export const useHotNfts = (p: FixedNftListQuery) => useQuery(hotNftsQueryOptions(p));

/** spec §7 '-unique' variant: the NFTs an address owns (all four statuses). */
export const ownedNftsQueryOptions = (p: OwnedNftListQuery) =>
  queryOptions({
    queryKey: ownedNftsQueryKey(p),
    queryFn: ({ queryKey: [, , params], signal }) =>
      api.get<ListBody<Nft>>('/api/v2/show/market-nfts-unique', { query: params, signal }),
    placeholderData: keepPreviousData,
  });
export const useOwnedNfts = (p: OwnedNftListQuery, enabled = true) =>
  useQuery({ ...ownedNftsQueryOptions(p), enabled });

export const collectionsQueryOptions = (p: CollectionListQuery) =>
  queryOptions({
    queryKey: collectionsQueryKey(p),
    queryFn: ({ queryKey: [, , params], signal }) =>
      api.get<ListBody<Collection>>('/api/v2/show/market-collections', { query: params, signal }),
    placeholderData: keepPreviousData,
  });
export const useCollections = (p: CollectionListQuery, enabled = true) =>
  useQuery({ ...collectionsQueryOptions(p), enabled });

export const setsQueryOptions = (p: SetListQuery) =>
  queryOptions({
    queryKey: setsQueryKey(p),
    queryFn: ({ queryKey: [, , params], signal }) =>
      api.get<ListBody<NftSet>>('/api/v2/show/market-sets', { query: params, signal }),
    placeholderData: keepPreviousData,
  });
export const useSets = (p: SetListQuery, enabled = true) =>
  useQuery({ ...setsQueryOptions(p), enabled });

export const bundlesQueryOptions = (p: BundleListQuery) =>
  queryOptions({
    queryKey: bundlesQueryKey(p),
    queryFn: ({ queryKey: [, , params], signal }) =>
      api.get<ListBody<Bundle>>('/api/v2/show/market-bundles', { query: params, signal }),
    placeholderData: keepPreviousData,
  });
export const useBundles = (p: BundleListQuery, enabled = true) =>
  useQuery({ ...bundlesQueryOptions(p), enabled });

export const usersQueryOptions = (p: UserListQuery) =>
  queryOptions({
    queryKey: usersQueryKey(p),
    queryFn: ({ queryKey: [, , params], signal }) =>
      api.get<ListBody<User>>('/api/v2/user', { query: params, signal }),
  });
export const useUsers = (p: UserListQuery, enabled = true) =>
  useQuery({ ...usersQueryOptions(p), enabled });
