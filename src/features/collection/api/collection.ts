/** Collection detail and its activity (spec §7: market-collection; activities page 1, size 20). */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { collectionActivityQueryKey, collectionQueryKey } from '#shared/query-keys.ts';
import { ACTIVITY_PAGE_SIZE } from '#shared/rules.ts';
import type { Activity, Collection } from '#shared/schemas/entities.ts';
import { api, type DataBody, type ListBody } from '#web/lib/api-client.ts';

/** spec §3 activity filters → event types. */
export const ACTIVITY_FILTERS = {
  listings: 'LIST',
  purchase: 'PURCHASE',
  transfer: 'TRANSFER',
  likes: 'LIKE',
  bids: 'BID',
  revokes: 'REVOKE',
} as const;
export type ActivityFilter = keyof typeof ACTIVITY_FILTERS;

export const collectionQueryOptions = (id: string, likeAddress?: string) =>
  queryOptions({
    queryKey: collectionQueryKey({ id, likeAddress }),
    queryFn: ({ queryKey: [, , q], signal }) =>
      api
        .get<DataBody<Collection>>('/api/v2/show/market-collection', { query: q, signal })
        .then((b) => b.data),
  });
export const useCollection = (id: string, likeAddress?: string) =>
  useQuery(collectionQueryOptions(id, likeAddress));

export const useCollectionActivity = (p: { collectionAddr: string; page: number; type?: string }) =>
  useQuery({
    queryKey: collectionActivityQueryKey(p),
    queryFn: ({ queryKey: [, , q], signal }) =>
      api.get<ListBody<Activity>>('/api/v2/activity', {
        query: { ...q, size: ACTIVITY_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
