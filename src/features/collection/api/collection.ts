/** Collection detail and its activity (spec §7: market-collection; activities page 1, size 20). */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
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

export const collectionKeys = {
  all: ['collection'] as const,
  detail: (id: string, likeAddress?: string) =>
    [...collectionKeys.all, 'detail', { id, likeAddress }] as const,
  activity: (p: { collectionAddr: string; page: number; type?: string }) =>
    [...collectionKeys.all, 'activity', p] as const,
};

export const collectionQueryOptions = (id: string, likeAddress?: string) =>
  queryOptions({
    queryKey: collectionKeys.detail(id, likeAddress),
    queryFn: ({ queryKey: [, , q], signal }) =>
      api
        .get<DataBody<Collection>>('/api/v2/show/market-collection', { query: q, signal })
        .then((b) => b.data),
  });
export const useCollection = (id: string, likeAddress?: string) =>
  useQuery(collectionQueryOptions(id, likeAddress));

export const useCollectionActivity = (p: { collectionAddr: string; page: number; type?: string }) =>
  useQuery({
    queryKey: collectionKeys.activity(p),
    queryFn: ({ queryKey: [, , q], signal }) =>
      api.get<ListBody<Activity>>('/api/v2/activity', {
        query: { ...q, size: ACTIVITY_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
