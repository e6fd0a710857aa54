/**
 * The drops' server reads and writes (server/src/routes/api/v1/drops): the lists by phase, a
 * drop with its bag's commitment and reveal, what an address holds of a drop, its purchases and
 * refunds, a bag's proof, and the partner's metadata and pool. Drop lists and details are public
 * catalogue (kept for offline use: src/lib/query-persist.tsx); holdings and purchases are not.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { DropKind, DropState } from '#shared/enums.ts';
import type {
  BagProof,
  Drop,
  DropBuyer,
  DropDetail,
  DropHolding,
  DropMetadataBody,
  DropPurchase,
  StoredPool,
} from '#shared/schemas/drops.ts';
import type { Collection } from '#shared/schemas/entities.ts';
import type { MetadataBody, StoredMetadata, UploadedImage } from '#shared/schemas/studio.ts';
import { api, type DataBody, type ListBody } from '#web/lib/api-client.ts';

/** A drop in a URL: `${networkId}-${dropId}` (/pre-order/detail/{id}). */
export type DropRef = { networkId: number; dropId: string };
export const dropUrlId = (r: DropRef) => `${r.networkId}-${r.dropId}`;
export function parseDropUrlId(id: string): DropRef | null {
  const m = /^(\d{1,10})-(\d{1,20})$/.exec(id);
  return m ? { networkId: Number(m[1]), dropId: m[2]! } : null;
}

export type DropListParams = {
  state?: DropState;
  kind?: DropKind;
  partner?: string;
  networkId?: number;
  page?: number;
  size?: number;
};

export const dropsQueryOptions = (p: DropListParams) =>
  queryOptions({
    queryKey: ['drops', 'list', p],
    queryFn: ({ signal }) => api.get<ListBody<Drop>>('/api/v1/drops', { query: p, signal }),
    placeholderData: keepPreviousData,
  });

const detailPath = (r: DropRef) => `/api/v1/drops/${r.networkId}/${r.dropId}`;

/** A drop; read again every 15 s while shown, so "k of N" sold and items left follow the sale. */
export const dropQueryOptions = (r: DropRef) =>
  queryOptions({
    queryKey: ['drops', 'detail', r.networkId, r.dropId],
    queryFn: ({ signal }) =>
      api.get<DataBody<DropDetail>>(detailPath(r), { signal }).then((b) => b.data),
    refetchInterval: 15_000,
  });

/** What `address` bought, got and took back from a drop (personal: never persisted). */
export const holdingQueryOptions = (r: DropRef, address: string | null) =>
  queryOptions({
    queryKey: ['drops', 'holding', r.networkId, r.dropId, address?.toLowerCase() ?? ''],
    queryFn: ({ signal }) =>
      api
        .get<DataBody<DropHolding>>(`${detailPath(r)}/holdings/${address}`, { signal })
        .then((b) => b.data),
    enabled: address !== null,
  });

/** An address's drop ledger (purchases, deliveries, refunds, openings), newest first. */
export const purchasesQueryOptions = (address: string | null, page = 1) =>
  queryOptions({
    queryKey: ['drops', 'purchases', address?.toLowerCase() ?? '', page],
    queryFn: ({ signal }) =>
      api.get<ListBody<DropPurchase>>('/api/v1/drops/purchases', {
        query: { address, page, size: 24 },
        signal,
      }),
    enabled: address !== null,
  });

/** What opens bag `serial` of a revealed drop: its pool item, URI and proof. */
export const bagProof = (r: DropRef, serial: number) =>
  api.get<DataBody<BagProof>>(`${detailPath(r)}/bags/${serial}/proof`).then((b) => b.data);

/** The drop's metadata document (title, description, cover, collection, place): its URI. */
export const storeDropMetadata = (body: DropMetadataBody) =>
  api.post<DataBody<StoredMetadata>>('/api/v1/drops/metadata', body).then((b) => b.data.uri);

/** A magic bag's ordered pool, kept by the server until the reveal: its root. */
export const storePool = (uris: string[]) =>
  api.post<DataBody<StoredPool>>('/api/v1/drops/pools', { uris }).then((b) => b.data.poolRoot);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Health = { networks: Array<{ networkId: number; lastBlock: number | null }> };

/**
 * Resolves once the server's indexer has recorded block `block` of `networkId` (so every drop
 * event of a transaction mined in it shows), or after `timeoutMs`; at once where this server
 * does not index that network (another node leads): the refetch then shows what it has.
 */
export async function indexedThrough(networkId: number, block: number, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const health = await api
      .get<DataBody<Health>>('/api/health')
      .then((b) => b.data.networks.find((n) => n.networkId === networkId))
      .catch(() => undefined);
    if (health && (health.lastBlock === null || health.lastBlock >= block)) return;
    await sleep(300);
  }
}

/** The partner's collections on a network (to name the drop's), newest first. */
export const partnerCollectionsQueryOptions = (networkId: number, creator: string) =>
  queryOptions({
    queryKey: ['drops', 'collections', networkId, creator.toLowerCase()],
    queryFn: ({ signal }) =>
      api
        .get<ListBody<Collection>>('/api/v2/show/market-collections', {
          query: { creator, networkId, size: 24, sort: 'newest' },
          signal,
        })
        .then((b) => b.data),
  });

/** A picture uploaded for the drop (its cover): the upload's path. */
export async function uploadCover(file: File): Promise<string> {
  const form = new FormData();
  form.append('image', file, file.name);
  return (await api.post<DataBody<UploadedImage>>('/api/v1/studio/media', form)).data.url;
}

/** A pool item's token metadata (its name, the drop's cover and description): its URI. */
export const storeItemMetadata = (body: MetadataBody) =>
  api.post<DataBody<StoredMetadata>>('/api/v1/metadata', body).then((b) => b.data.uri);

/** The drop's buyers with items still to deliver (the partner's list), most undelivered first. */
export const buyersQueryOptions = (r: DropRef) =>
  queryOptions({
    queryKey: ['drops', 'buyers', r.networkId, r.dropId],
    queryFn: ({ signal }) =>
      api
        .get<ListBody<DropBuyer>>(`${detailPath(r)}/buyers`, {
          query: { undelivered: 1, size: 50 },
          signal,
        })
        .then((b) => b.data),
  });
