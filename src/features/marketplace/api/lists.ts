/**
 * spec §7 list calls under /api/v2/show/ (and users): fetchers, their query options and hooks.
 * Query functions read their inputs back from the key.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Bundle, Category, Collection, Nft, NftSet, User } from '#shared/schemas/entities.ts';
import { api, type DataBody, type ListBody } from '#web/lib/api-client.ts';
import {
  type BundleListParams,
  type CollectionListParams,
  type HotNftParams,
  marketplaceKeys,
  type NftListParams,
  type SetListParams,
  type UserListParams,
} from './keys.ts';

export type { Bundle, Category, Collection, Nft, NftSet, User };

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: marketplaceKeys.categories(),
    queryFn: ({ signal }) =>
      api.get<DataBody<Category[]>>('/api/v1/nft/categories/', { signal }).then((b) => b.data),
    staleTime: 60 * 60 * 1000,
  });
export const useCategories = () => useQuery(categoriesQueryOptions());

export const nftsQueryOptions = (p: NftListParams) =>
  queryOptions({
    queryKey: marketplaceKeys.nfts(p),
    queryFn: ({ queryKey: [, , params], signal }) =>
      api.get<ListBody<Nft>>('/api/v2/show/market-nfts', { query: params, signal }),
    placeholderData: keepPreviousData,
  });
export const useNfts = (p: NftListParams, enabled = true) =>
  useQuery({ ...nftsQueryOptions(p), enabled });

/** spec §7 hot NFTs: the server fixes isSet 0, isBundle 0, sort like, ONSALE, hotNFT 1. */
export const hotNftsQueryOptions = (p: HotNftParams) =>
  queryOptions({
    queryKey: marketplaceKeys.hot(p),
    queryFn: ({ queryKey: [, , params], signal }) =>
      api.get<ListBody<Nft>>('/api/v2/show/hot-nfts', { query: params, signal }),
  });
export const useHotNfts = (p: HotNftParams) => useQuery(hotNftsQueryOptions(p));

/** spec §7 '-unique' variant: the NFTs an address owns (all four statuses). */
export const ownedNftsQueryOptions = (p: NftListParams & { owner: string }) =>
  queryOptions({
    queryKey: marketplaceKeys.owned(p),
    queryFn: ({ queryKey: [, , params], signal }) =>
      api.get<ListBody<Nft>>('/api/v2/show/market-nfts-unique', { query: params, signal }),
    placeholderData: keepPreviousData,
  });
export const useOwnedNfts = (p: NftListParams & { owner: string }, enabled = true) =>
  useQuery({ ...ownedNftsQueryOptions(p), enabled });

export const collectionsQueryOptions = (p: CollectionListParams) =>
  queryOptions({
    queryKey: marketplaceKeys.collections(p),
    queryFn: ({ queryKey: [, , params], signal }) =>
      api.get<ListBody<Collection>>('/api/v2/show/market-collections', { query: params, signal }),
    placeholderData: keepPreviousData,
  });
export const useCollections = (p: CollectionListParams, enabled = true) =>
  useQuery({ ...collectionsQueryOptions(p), enabled });

export const setsQueryOptions = (p: SetListParams) =>
  queryOptions({
    queryKey: marketplaceKeys.sets(p),
    queryFn: ({ queryKey: [, , params], signal }) =>
      api.get<ListBody<NftSet>>('/api/v2/show/market-sets', { query: params, signal }),
    placeholderData: keepPreviousData,
  });
export const useSets = (p: SetListParams, enabled = true) =>
  useQuery({ ...setsQueryOptions(p), enabled });

export const bundlesQueryOptions = (p: BundleListParams) =>
  queryOptions({
    queryKey: marketplaceKeys.bundles(p),
    queryFn: ({ queryKey: [, , params], signal }) =>
      api.get<ListBody<Bundle>>('/api/v2/show/market-bundles', { query: params, signal }),
    placeholderData: keepPreviousData,
  });
export const useBundles = (p: BundleListParams, enabled = true) =>
  useQuery({ ...bundlesQueryOptions(p), enabled });

export const usersQueryOptions = (p: UserListParams) =>
  queryOptions({
    queryKey: marketplaceKeys.users(p),
    queryFn: ({ queryKey: [, , params], signal }) =>
      api.get<ListBody<User>>('/api/v2/user', { query: params, signal }),
  });
export const useUsers = (p: UserListParams, enabled = true) =>
  useQuery({ ...usersQueryOptions(p), enabled });
