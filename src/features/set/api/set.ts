/** Set detail, its items (small info, spec §4: ONSALE first), bids and activity. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Activity, Nft, NftSet } from '#shared/schemas/entities.ts';
import { api, type DataBody, type ListBody } from '#web/lib/api-client.ts';

export type { NftSet };

export const setKeys = {
  all: ['set'] as const,
  detail: (id: string, likeAddress?: string) =>
    [...setKeys.all, 'detail', { id, likeAddress }] as const,
  items: (setId: number) => [...setKeys.all, 'items', setId] as const,
  bids: (id: number) => [...setKeys.all, 'bids', id] as const,
  activity: (id: number) => [...setKeys.all, 'activity', id] as const,
};

/** spec §4: in the small-info list of NFTs in a set, ONSALE items go first, other order kept. */
export function onSaleFirst<T extends { status: string }>(items: readonly T[]): T[] {
  return [
    ...items.filter((i) => i.status === 'ONSALE'),
    ...items.filter((i) => i.status !== 'ONSALE'),
  ];
}

export const setQueryOptions = (id: string, likeAddress?: string) =>
  queryOptions({
    queryKey: setKeys.detail(id, likeAddress),
    queryFn: ({ queryKey: [, , q], signal }) =>
      api
        .get<DataBody<NftSet>>('/api/v2/show/market-set', { query: q, signal })
        .then((b) => b.data),
  });
export const useSet = (id: string, likeAddress?: string) =>
  useQuery(setQueryOptions(id, likeAddress));

export const useSetItems = (setId: number) =>
  useQuery({
    queryKey: setKeys.items(setId),
    queryFn: ({ signal }) =>
      api
        .get<DataBody<Nft[]>>('/api/v2/show/market-nfts-id', { query: { setId }, signal })
        .then((b) => onSaleFirst(b.data)),
  });

/** Bid history: the set's BID events (one per NFT of the set; BidsTable deduplicates). */
export const useSetBids = (id: number) =>
  useQuery({
    queryKey: setKeys.bids(id),
    queryFn: ({ signal }) =>
      api.get<ListBody<Activity>>('/api/v2/activity', {
        query: { setId: id, type: 'BID', page: 1, size: 50 },
        signal,
      }),
  });

export const useSetActivity = (id: number) =>
  useQuery({
    queryKey: setKeys.activity(id),
    queryFn: ({ signal }) =>
      api.get<ListBody<Activity>>('/api/v2/activity', {
        query: { setId: id, page: 1, size: 20 },
        signal,
      }),
  });
