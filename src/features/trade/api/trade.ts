/**
 * The trading calls of the web app (one place), with the public api-key where the server asks
 * for it: listings (POST /api/v2/orders, cancel-data), fixed-price buys (trade/matchOrder,
 * matchOrderSet, matchOrderBundle, matchOrderNFTs), bids and claims (bid/bid, bidSet, claim, claimSet). Bodies
 * and answers are the shared schemas (shared/schemas/trading.ts).
 */
import type { Activity, Bid, Order } from '#shared/schemas/entities.ts';
import type {
  BidBody,
  BuyTx,
  BuyTxs,
  ClaimData,
  CreateListingBody,
  TradeTx,
} from '#shared/schemas/trading.ts';
import { api, type DataBody, type ListBody } from '#web/lib/api-client.ts';

/** What an order sells, as the bid and claim routes name it. */
export type Target = 'NFT' | 'SET' | 'BUNDLE';

const BUY_PATH = { NFT: 'matchOrder', SET: 'matchOrderSet', BUNDLE: 'matchOrderBundle' } as const;

export const tradeApi = {
  listingPath: '/api/v2/orders',
  createListing: (body: CreateListingBody) =>
    api.post<DataBody<Order>>(tradeApi.listingPath, body, { apiKey: true }).then((b) => b.data),
  order: (hash: string, signal?: AbortSignal) =>
    api.get<DataBody<Order>>(`/api/v2/orders/${hash}`, { signal }).then((b) => b.data),
  cancelData: (hash: string) =>
    api
      .post<DataBody<TradeTx>>(`/api/v2/orders/${hash}/cancel-data`, {}, { apiKey: true })
      .then((b) => b.data),
  buy: (target: Target, body: { orderHash: string; buyer: string; tokenIds?: string[] }) =>
    api
      .post<DataBody<BuyTx>>(`/api/v2/trade/${BUY_PATH[target]}`, body, { apiKey: true })
      .then((b) => b.data),
  /** Several listed NFTs: one transaction per order and their all-in total. */
  buyNfts: (body: { buyer: string; orderHashes: string[] }) =>
    api
      .post<DataBody<BuyTxs>>('/api/v2/trade/matchOrderNFTs', body, { apiKey: true })
      .then((b) => b.data),
  bidPath: (target: Target) => `/api/v2/bid/${target === 'SET' ? 'bidSet' : 'bid'}`,
  bid: (target: Target, body: BidBody) =>
    api.post<DataBody<Bid>>(tradeApi.bidPath(target), body).then((b) => b.data),
  claim: (target: Target, body: { orderHash: string; caller: string }) =>
    api
      .post<DataBody<ClaimData>>(`/api/v2/bid/${target === 'SET' ? 'claimSet' : 'claim'}`, body)
      .then((b) => b.data),
  /** The bids of an item, newest first, the highest flagged (an NFT or a set). */
  bids: (kind: 'nft' | 'set', id: number, signal?: AbortSignal) =>
    api.get<ListBody<Bid>>(`/api/v2/bid/${kind === 'set' ? 'bid-set' : 'bid'}/${id}`, {
      query: { page: 1, size: 12 },
      signal,
    }),
  /** The newest activity of a collection (the indexer's record of a transaction). */
  collectionActivity: (collectionAddr: string) =>
    api.get<ListBody<Activity>>('/api/v2/activity', {
      query: { collectionAddr, page: 1, size: 20 },
    }),
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resolves once the indexer recorded an event of transaction `hash` in the collection. */
export async function indexed(collectionAddr: string, hash: string, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const { data } = await tradeApi.collectionActivity(collectionAddr).catch(() => ({ data: [] }));
    if (data.some((a) => a.txHash?.toLowerCase() === hash.toLowerCase())) return;
    await sleep(500);
  }
}
