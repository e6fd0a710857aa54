/**
 * NFT detail calls (spec §7): market-nft, bids, provenance, properties and inspection report
 * (marketplace-key), activity. Query keys written once in `nftKeys`.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Activity, InspectionReport, NftDetail, Property } from '#shared/schemas/entities.ts';
import { api, type DataBody, type ListBody } from '#web/lib/api-client.ts';

export type { Activity, InspectionReport, NftDetail, Property };

export const nftKeys = {
  all: ['nft'] as const,
  detail: (collectionAddr: string, tokenId: string, likeAddress?: string) =>
    [...nftKeys.all, 'detail', { collectionAddr, tokenId, likeAddress }] as const,
  bids: (itemId: number) => [...nftKeys.all, 'bids', itemId] as const,
  provenance: (itemId: number) => [...nftKeys.all, 'provenance', itemId] as const,
  properties: (itemId: number) => [...nftKeys.all, 'properties', itemId] as const,
  inspection: (itemId: number) => [...nftKeys.all, 'inspection', itemId] as const,
  activity: (itemId: number, page: number) => [...nftKeys.all, 'activity', itemId, page] as const,
};

export const nftDetailQueryOptions = (
  collectionAddr: string,
  tokenId: string,
  likeAddress?: string,
) =>
  queryOptions({
    queryKey: nftKeys.detail(collectionAddr, tokenId, likeAddress),
    queryFn: ({ queryKey: [, , q], signal }) =>
      api
        .get<DataBody<NftDetail>>('/api/v2/show/market-nft', { query: q, signal })
        .then((b) => b.data),
  });
export const useNftDetail = (collectionAddr: string, tokenId: string, likeAddress?: string) =>
  useQuery(nftDetailQueryOptions(collectionAddr, tokenId, likeAddress));

/** Bid history: the BID events of the item (spec §7 activity, type filter). */
export const useNftBids = (itemId: number | undefined) =>
  useQuery({
    queryKey: nftKeys.bids(itemId ?? 0),
    queryFn: ({ signal }) =>
      api.get<ListBody<Activity>>('/api/v2/activity', {
        query: { item_id: itemId, type: 'BID', page: 1, size: 50 },
        signal,
      }),
    enabled: itemId !== undefined,
  });

export const useProvenance = (itemId: number | undefined) =>
  useQuery({
    queryKey: nftKeys.provenance(itemId ?? 0),
    queryFn: ({ signal }) =>
      api.get<ListBody<Activity>>('/api/v2/show/provenance', {
        query: { item_id: itemId, page: 1, size: 24 },
        signal,
      }),
    enabled: itemId !== undefined,
  });

export const useProperties = (itemId: number | undefined) =>
  useQuery({
    queryKey: nftKeys.properties(itemId ?? 0),
    queryFn: ({ signal }) =>
      api
        .get<DataBody<Property[]>>('/api/v1/nft/properties', {
          query: { item_id: itemId },
          marketplaceKey: true,
          signal,
        })
        .then((b) => b.data),
    enabled: itemId !== undefined,
  });

export const inspectionQueryOptions = (itemId: number) =>
  queryOptions({
    queryKey: nftKeys.inspection(itemId),
    queryFn: ({ signal }) =>
      api
        .get<DataBody<InspectionReport[]>>('/api/v1/nft/inspection-report/histories', {
          query: { item_id: itemId },
          marketplaceKey: true,
          signal,
        })
        .then((b) => b.data),
  });
export const useInspection = (itemId: number | undefined) =>
  useQuery({ ...inspectionQueryOptions(itemId ?? 0), enabled: itemId !== undefined });

export const useNftActivity = (itemId: number | undefined, page = 1) =>
  useQuery({
    queryKey: nftKeys.activity(itemId ?? 0, page),
    queryFn: ({ signal }) =>
      api.get<ListBody<Activity>>('/api/v2/activity', {
        query: { item_id: itemId, page, size: 20 },
        signal,
      }),
    enabled: itemId !== undefined,
  });
