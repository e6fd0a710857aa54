/**
 * The studio's reads and server calls: an image upload (checked on the server by its bytes), a
 * metadata document (answered with the URI that commits to its sha256), the partner's
 * collections, a wallet's roles on chain and the wait for the indexer to record a transaction.
 */
import { queryOptions } from '@tanstack/react-query';
import { categoriesQueryKey } from '#shared/query-keys.ts';
import type { Category, Collection, Network } from '#shared/schemas/entities.ts';
import type { MetadataBody, StoredMetadata, UploadedImage } from '#shared/schemas/studio.ts';
import { api, type DataBody, type ListBody } from '#web/lib/api-client.ts';
import { readRoles } from '../chain.ts';

/**
 * The partner and admin roles of `address` (read on chain; the contracts enforce them); read
 * only where the network has a collection factory.
 */
export const rolesQueryOptions = (network: Network | null, address: string) =>
  queryOptions({
    queryKey: ['studio', 'roles', network?.networkId, address.toLowerCase()],
    queryFn: () => readRoles(network!, address),
    enabled: network?.collectionFactoryAddress != null && address !== '',
  });

export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('image', file, file.name);
  return (await api.post<DataBody<UploadedImage>>('/api/v1/studio/media', form)).data.url;
}

export async function storeMetadata(body: MetadataBody): Promise<StoredMetadata> {
  return (await api.post<DataBody<StoredMetadata>>('/api/v1/metadata', body)).data;
}

/** The partner's newest collections (those the indexer recorded). */
const partnerCollections = (networkId: number, creator: string, signal?: AbortSignal) =>
  api
    .get<ListBody<Collection>>('/api/v2/show/market-collections', {
      query: { creator, networkId, size: 24, sort: 'newest' },
      ...(signal ? { signal } : {}),
    })
    .then((b) => b.data);

export const partnerCollectionsQueryOptions = (networkId: number, creator: string) =>
  queryOptions({
    queryKey: ['studio', 'collections', networkId, creator.toLowerCase()],
    queryFn: ({ signal }) => partnerCollections(networkId, creator, signal),
  });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resolves once the partner's collections list `collection` (the indexer saw its creation). */
export async function collectionIndexed(
  networkId: number,
  creator: string,
  collection: string,
  timeoutMs = 30_000,
) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const list = await partnerCollections(networkId, creator).catch(() => []);
    if (list.some((c) => c.collectionAddr.toLowerCase() === collection.toLowerCase())) return;
    await sleep(500);
  }
}

/** Resolves once the collection's activity shows the transaction (MINT rows). */
export async function mintIndexed(collection: string, hash: string, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const { data } = await api
      .get<ListBody<{ txHash: string | null }>>('/api/v2/activity', {
        query: { collectionAddr: collection, page: 1, size: 20 },
      })
      .catch(() => ({ data: [] as Array<{ txHash: string | null }> }));
    if (data.some((a) => a.txHash?.toLowerCase() === hash.toLowerCase())) return;
    await sleep(500);
  }
}

/** The server's categories (labelId ↔ key), to give each token its collection's category. */
export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: categoriesQueryKey(),
    queryFn: ({ signal }) =>
      api.get<DataBody<Category[]>>('/api/v1/nft/categories/', { signal }).then((b) => b.data),
    staleTime: 60 * 60 * 1000,
  });
