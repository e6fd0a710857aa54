/**
 * The catalogue lists several screens show (the marketplace lists and home, a collection's tabs,
 * a profile's tabs): GET /api/v2/show/market-*. Query functions read their request back from the
 * key (shared/query-keys.ts).
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  bundlesQueryKey,
  collectionsQueryKey,
  nftsQueryKey,
  ownedNftsQueryKey,
  setsQueryKey,
} from '#shared/query-keys.ts';
import type {
  BundleListQuery,
  CollectionListQuery,
  NftListQuery,
  OwnedNftListQuery,
  SetListQuery,
} from '#shared/schemas/catalogue.ts';
import type { Bundle, Collection, Nft, NftSet } from '#shared/schemas/entities.ts';
import { api, type ListBody, type Query } from './api-client.ts';

/** A list's query: the request is the key's last element; the previous page stays while the next loads. */
const listQueryOptions = <T>(queryKey: readonly [string, string, Query], path: string) =>
  queryOptions({
    queryKey,
    queryFn: ({ queryKey: [, , params], signal }) =>
      api.get<ListBody<T>>(path, { query: params, signal }),
    placeholderData: keepPreviousData,
  });

export const nftsQueryOptions = (p: NftListQuery) =>
  listQueryOptions<Nft>(nftsQueryKey(p), '/api/v2/show/market-nfts');
export const useNfts = (p: NftListQuery, enabled = true) =>
  useQuery({ ...nftsQueryOptions(p), enabled });

/** The NFTs an address owns, in every status (the '-unique' list). */
const ownedNftsQueryOptions = (p: OwnedNftListQuery) =>
  listQueryOptions<Nft>(ownedNftsQueryKey(p), '/api/v2/show/market-nfts-unique');
export const useOwnedNfts = (p: OwnedNftListQuery, enabled = true) =>
  useQuery({ ...ownedNftsQueryOptions(p), enabled });

export const collectionsQueryOptions = (p: CollectionListQuery) =>
  listQueryOptions<Collection>(collectionsQueryKey(p), '/api/v2/show/market-collections');
export const useCollections = (p: CollectionListQuery, enabled = true) =>
  useQuery({ ...collectionsQueryOptions(p), enabled });

export const setsQueryOptions = (p: SetListQuery) =>
  listQueryOptions<NftSet>(setsQueryKey(p), '/api/v2/show/market-sets');
export const useSets = (p: SetListQuery, enabled = true) =>
  useQuery({ ...setsQueryOptions(p), enabled });

const bundlesQueryOptions = (p: BundleListQuery) =>
  listQueryOptions<Bundle>(bundlesQueryKey(p), '/api/v2/show/market-bundles');
export const useBundles = (p: BundleListQuery, enabled = true) =>
  useQuery({ ...bundlesQueryOptions(p), enabled });
