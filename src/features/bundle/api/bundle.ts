/** A bundle and its items, a page of 12 at a time. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Bundle, BundleItem } from '#shared/schemas/entities.ts';
import { api, type DataBody, type ListBody } from '#web/lib/api-client.ts';

export type { Bundle, BundleItem };

/** Items of a bundle on one page of its screen. */
export const BUNDLE_ITEMS_PAGE_SIZE = 12;

const bundleQueryKey = (id: string, likeAddress?: string) =>
  ['bundle', 'detail', { id, likeAddress }] as const;
const bundleItemsQueryKey = (id: string, page: number, likeAddress?: string) =>
  ['bundle', 'items', { bundleId: id, page, likeAddress }] as const;

const bundleQueryOptions = (id: string, likeAddress?: string) =>
  queryOptions({
    queryKey: bundleQueryKey(id, likeAddress),
    queryFn: ({ queryKey: [, , q], signal }) =>
      api
        .get<DataBody<Bundle>>('/api/v2/show/market-bundle', { query: q, signal })
        .then((b) => b.data),
  });
export const useBundle = (id: string, likeAddress?: string) =>
  useQuery(bundleQueryOptions(id, likeAddress));

const bundleItemsQueryOptions = (id: string, page: number, likeAddress?: string) =>
  queryOptions({
    queryKey: bundleItemsQueryKey(id, page, likeAddress),
    queryFn: ({ queryKey: [, , q], signal }) =>
      api.get<ListBody<BundleItem>>('/api/v2/show/market-bundle-nfts', {
        query: { ...q, size: BUNDLE_ITEMS_PAGE_SIZE },
        signal,
      }),
  });
export const useBundleItems = (id: string, page: number, likeAddress?: string) =>
  useQuery(bundleItemsQueryOptions(id, page, likeAddress));
