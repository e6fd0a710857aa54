/** Bundle detail and its items (spec §7: market-bundle; NFTs in bundle size 12, page 1). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Bundle, BundleItem } from '#shared/schemas/entities.ts';
import { api, type DataBody, type ListBody } from '#web/lib/api-client.ts';

export type { Bundle, BundleItem };

export const bundleKeys = {
  all: ['bundle'] as const,
  detail: (id: string, likeAddress?: string) =>
    [...bundleKeys.all, 'detail', { id, likeAddress }] as const,
  items: (id: string, page: number, likeAddress?: string) =>
    [...bundleKeys.all, 'items', { bundleId: id, page, likeAddress }] as const,
};

export const bundleQueryOptions = (id: string, likeAddress?: string) =>
  queryOptions({
    queryKey: bundleKeys.detail(id, likeAddress),
    queryFn: ({ queryKey: [, , q], signal }) =>
      api
        .get<DataBody<Bundle>>('/api/v2/show/market-bundle', { query: q, signal })
        .then((b) => b.data),
  });
export const useBundle = (id: string, likeAddress?: string) =>
  useQuery(bundleQueryOptions(id, likeAddress));

export const useBundleItems = (id: string, page: number, likeAddress?: string) =>
  useQuery({
    queryKey: bundleKeys.items(id, page, likeAddress),
    queryFn: ({ queryKey: [, , q], signal }) =>
      api.get<ListBody<BundleItem>>('/api/v2/show/market-bundle-nfts', {
        query: { ...q, size: 12 },
        signal,
      }),
  });
