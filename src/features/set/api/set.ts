/** A set, its items (on-sale ones first), its bids and its activity. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NftStatus } from '#shared/enums.ts';
import { ACTIVITY_PAGE_SIZE } from '#shared/rules.ts';
import type { Activity, Nft, NftSet } from '#shared/schemas/entities.ts';
import { api, type DataBody, type ListBody } from '#web/lib/api-client.ts';

export type { NftSet };

const setQueryKey = (id: string, likeAddress?: string) =>
  ['set', 'detail', { id, likeAddress }] as const;
const setItemsQueryKey = (setId: number) => ['set', 'items', setId] as const;
const setBidsQueryKey = (id: number) => ['set', 'bids', id] as const;
const setActivityQueryKey = (id: number) => ['set', 'activity', id] as const;

/** In the list of a set's NFTs, the ones on sale go first; the order is otherwise kept. */
export function onSaleFirst<T extends { status: NftStatus }>(items: readonly T[]): T[] {
  return [
    ...items.filter((i) => i.status === 'ONSALE'),
    ...items.filter((i) => i.status !== 'ONSALE'),
  ];
}

const setQueryOptions = (id: string, likeAddress?: string) =>
  queryOptions({
    queryKey: setQueryKey(id, likeAddress),
    queryFn: ({ queryKey: [, , q], signal }) =>
      api
        .get<DataBody<NftSet>>('/api/v2/show/market-set', { query: q, signal })
        .then((b) => b.data),
  });
export const useSet = (id: string, likeAddress?: string) =>
  useQuery(setQueryOptions(id, likeAddress));

const setItemsQueryOptions = (setId: number) =>
  queryOptions({
    queryKey: setItemsQueryKey(setId),
    queryFn: ({ signal }) =>
      api
        .get<DataBody<Nft[]>>('/api/v2/show/market-nfts-id', { query: { setId }, signal })
        .then((b) => onSaleFirst(b.data)),
  });
export const useSetItems = (setId: number) => useQuery(setItemsQueryOptions(setId));

/** Bid history: the set's BID events (one per NFT of the set; BidsTable deduplicates). */
const setBidsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: setBidsQueryKey(id),
    queryFn: ({ signal }) =>
      api.get<ListBody<Activity>>('/api/v2/activity', {
        query: { setId: id, type: 'BID', page: 1, size: 50 },
        signal,
      }),
  });
export const useSetBids = (id: number) => useQuery(setBidsQueryOptions(id));

const setActivityQueryOptions = (id: number) =>
  queryOptions({
    queryKey: setActivityQueryKey(id),
    queryFn: ({ signal }) =>
      api.get<ListBody<Activity>>('/api/v2/activity', {
        query: { setId: id, page: 1, size: ACTIVITY_PAGE_SIZE },
        signal,
      }),
  });
export const useSetActivity = (id: number) => useQuery(setActivityQueryOptions(id));
