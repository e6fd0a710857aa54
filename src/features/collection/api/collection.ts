/** A collection and its activity (keys: shared/query-keys.ts). */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ActivityFilter } from '#shared/enums.ts';
import { collectionActivityQueryKey, collectionQueryKey } from '#shared/query-keys.ts';
import { ACTIVITY_PAGE_SIZE } from '#shared/rules.ts';
import type { Activity, Collection } from '#shared/schemas/entities.ts';
import { api, type DataBody, type ListBody } from '#web/lib/api-client.ts';

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

type ActivityPage = { collectionAddr: string; page: number; type?: ActivityFilter };

/** A page of the activity, narrowed to a filter's events (the server knows which). */
const collectionActivityQueryOptions = (p: ActivityPage) =>
  queryOptions({
    queryKey: collectionActivityQueryKey(p),
    queryFn: ({ queryKey: [, , q], signal }) =>
      api.get<ListBody<Activity>>('/api/v2/activity', {
        query: { ...q, size: ACTIVITY_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
export const useCollectionActivity = (p: ActivityPage) =>
  useQuery(collectionActivityQueryOptions(p));
