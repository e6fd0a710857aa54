/**
 * An NFT and its tabs: the detail, bids, provenance, properties and inspection reports (the last
 * two with the public marketplace key), activity. Keys: shared/query-keys.ts.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { nftDetailQuery, provenanceQuery } from '#shared/first-screen.ts';
import {
  inspectionQueryKey,
  nftActivityQueryKey,
  nftBidsQueryKey,
  nftDetailQueryKey,
  propertiesQueryKey,
  provenanceQueryKey,
} from '#shared/query-keys.ts';
import type { Activity, InspectionReport, NftDetail, Property } from '#shared/schemas/entities.ts';
import { api, type DataBody, type ListBody } from '#web/lib/api-client.ts';

export type { Activity, NftDetail };

/** The NFT at `collectionAddr`/`tokenId` on `networkId` (an address alone may name two). */
export const nftDetailQueryOptions = (
  collectionAddr: string,
  tokenId: string,
  likeAddress?: string,
  networkId?: number,
) =>
  queryOptions({
    queryKey: nftDetailQueryKey({
      ...nftDetailQuery(collectionAddr, tokenId, networkId),
      likeAddress,
    }),
    queryFn: ({ queryKey: [, , q], signal }) =>
      api
        .get<DataBody<NftDetail>>('/api/v2/show/market-nft', { query: q, signal })
        .then((b) => b.data),
  });
export const useNftDetail = (
  collectionAddr: string,
  tokenId: string,
  likeAddress?: string,
  networkId?: number,
) => useQuery(nftDetailQueryOptions(collectionAddr, tokenId, likeAddress, networkId));

/** Bid history: the item's BID events. */
const nftBidsQueryOptions = (itemId: number) =>
  queryOptions({
    queryKey: nftBidsQueryKey(itemId),
    queryFn: ({ signal }) =>
      api.get<ListBody<Activity>>('/api/v2/activity', {
        query: { item_id: itemId, type: 'BID', page: 1, size: 50 },
        signal,
      }),
  });
export const useNftBids = (itemId: number) => useQuery(nftBidsQueryOptions(itemId));

export const provenanceQueryOptions = (itemId: number) =>
  queryOptions({
    queryKey: provenanceQueryKey(itemId),
    queryFn: ({ signal }) =>
      api.get<ListBody<Activity>>('/api/v2/show/provenance', {
        query: provenanceQuery(itemId),
        signal,
      }),
  });
export const useProvenance = (itemId: number) => useQuery(provenanceQueryOptions(itemId));

const propertiesQueryOptions = (itemId: number) =>
  queryOptions({
    queryKey: propertiesQueryKey(itemId),
    queryFn: ({ signal }) =>
      api
        .get<DataBody<Property[]>>('/api/v1/nft/properties', {
          query: { item_id: itemId },
          marketplaceKey: true,
          signal,
        })
        .then((b) => b.data),
  });
export const useProperties = (itemId: number) => useQuery(propertiesQueryOptions(itemId));

const inspectionQueryOptions = (itemId: number) =>
  queryOptions({
    queryKey: inspectionQueryKey(itemId),
    queryFn: ({ signal }) =>
      api
        .get<DataBody<InspectionReport[]>>('/api/v1/nft/inspection-report/histories', {
          query: { item_id: itemId },
          marketplaceKey: true,
          signal,
        })
        .then((b) => b.data),
  });
export const useInspection = (itemId: number) => useQuery(inspectionQueryOptions(itemId));

const nftActivityQueryOptions = (itemId: number, page: number) =>
  queryOptions({
    queryKey: nftActivityQueryKey(itemId, page),
    queryFn: ({ signal }) =>
      api.get<ListBody<Activity>>('/api/v2/activity', {
        query: { item_id: itemId, page, size: 20 },
        signal,
      }),
  });
export const useNftActivity = (itemId: number, page = 1) =>
  useQuery(nftActivityQueryOptions(itemId, page));
