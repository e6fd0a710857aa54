/**
 * Trading test fixture: the chain of helpers/chain.ts (a fresh anvil with the marketplace
 * deployed, its network row), a partner's collection, and helpers to mint NFTs (also written to
 * `nfts` as the indexer would: the indexer has its own tests), sign orders and bids with
 * contracts/typed-data, and move the chain's clock.
 */
import {
  type JsonRpcProvider,
  parseEther,
  type TransactionReceipt,
  type TypedDataDomain,
  Wallet,
} from 'ethers';
import { afterAll, beforeAll } from 'vitest';
import type { Deployment } from '#contracts/deploy/deployment.ts';
import { ANVIL_KEYS, type AnvilHandle } from '#contracts/devnet/anvil.ts';
import { orderReader } from '#contracts/order-reader.ts';
import {
  type Bid,
  marketplaceDomain,
  type Order,
  type OrderJson,
  orderFromJson,
  orderToJson,
  signBid,
  signOrder,
} from '#contracts/typed-data/index.ts';
import {
  approveExchange,
  createCollection,
  grantPartner,
  mined,
  mintBatch,
  wvbcAt,
} from '#scripts/lib/marketplace.ts';
import { toDbAddress } from '#server/db/values.ts';
import { buildOrder } from '#shared/orders.ts';
import { startTestChain } from '../helpers/chain.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { TEST_API_KEY } from '../helpers/test-app.ts';

export const CHAIN_ID = 7771;
/** The env a trading test app needs: the devnet id and the settlement key (anvil #1). */
export const TRADING_ENV = { CHAIN_ID: String(CHAIN_ID), SETTLEMENT_PRIVATE_KEY: ANVIL_KEYS[1] };
export const API = { 'api-key': TEST_API_KEY };

export interface TradingChain {
  anvil: AnvilHandle;
  provider: JsonRpcProvider;
  deployment: Deployment;
  domain: TypedDataDomain;
  collection: string;
  /** anvil account #i. */
  wallet(i: number): Wallet;
  /** A fresh account with `vbc` native coins (default 10). */
  freshWallet(vbc?: string): Promise<Wallet>;
  now(): Promise<bigint>;
  /** Moves the chain clock forward and mines a block. */
  advance(seconds: number): Promise<void>;
  /** Mints to `owner` and records the NFTs like the indexer; returns token ids. */
  mint(owner: Wallet, count: number): Promise<bigint[]>;
  approve(owner: Wallet): Promise<void>;
  /** Wraps `amount` VBC and approves the exchange for `allowance` (default the amount). */
  wrap(owner: Wallet, amount: bigint, allowance?: bigint): Promise<void>;
  close(): Promise<void>;
}

/** Partner and collection owner: anvil #2 (mints and sells). */
export const SELLER = 2;

export async function startTradingChain(t: TestApp): Promise<TradingChain> {
  const chain = await startTestChain(t.db, { publicUrl: t.config.publicUrl });
  const { anvil, provider, deployment, wallet } = chain;
  try {
    const seller = wallet(SELLER);
    await grantPartner(wallet(0), deployment.collectionFactory, seller.address);
    const collection = await createCollection(seller, deployment.collectionFactory, {
      name: 'Trading test',
      symbol: 'TT',
    });
    const collectionRow = await t.db
      .insertInto('collections')
      .values({
        network_id: CHAIN_ID,
        address: toDbAddress(collection),
        name: 'Trading test',
        creator: toDbAddress(seller.address),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const funder = wallet(9);
    return {
      anvil,
      provider,
      deployment,
      domain: marketplaceDomain(CHAIN_ID, deployment.exchange),
      collection,
      wallet,
      async freshWallet(vbc = '10') {
        const w = new Wallet(Wallet.createRandom().privateKey, provider);
        if (vbc !== '0') {
          await (await funder.sendTransaction({ to: w.address, value: parseEther(vbc) })).wait();
        }
        return w;
      },
      async now() {
        const block = await provider.getBlock('latest');
        return BigInt(block!.timestamp);
      },
      async advance(seconds: number) {
        await provider.send('evm_increaseTime', [seconds]);
        await provider.send('evm_mine', []);
      },
      async mint(owner: Wallet, count: number) {
        const uris = Array.from({ length: count }, (_, i) => `ipfs://test/${Date.now()}-${i}`);
        const ids = await mintBatch(seller, collection, owner.address, uris);
        await t.db
          .insertInto('nfts')
          .values(
            ids.map((id) => ({
              network_id: CHAIN_ID,
              collection_id: collectionRow.id,
              collection_address: toDbAddress(collection),
              token_id: id,
              owner: toDbAddress(owner.address),
              creator: toDbAddress(seller.address),
              name: `Token ${id}`,
            })),
          )
          .execute();
        return ids;
      },
      async approve(owner: Wallet) {
        await approveExchange(owner, collection, deployment.exchange);
      },
      async wrap(owner: Wallet, amount: bigint, allowance = amount) {
        const wvbc = wvbcAt(deployment.wvbc, owner);
        if (amount > 0n) await mined(wvbc.getFunction('deposit')({ value: amount }));
        await mined(wvbc.getFunction('approve')(deployment.exchange, allowance));
      },
      close: chain.close,
    };
  } catch (error) {
    await chain.close();
    throw error;
  }
}

/**
 * For a suite: starts the chain before its tests, with the seller's collection approved to the
 * exchange, hands it to `ready` (which may prepare more), and stops it after the suite.
 */
export function useTradingChain(
  t: TestApp,
  ready: (chain: TradingChain, seller: Wallet) => void | Promise<void>,
): void {
  let chain: TradingChain | undefined;
  beforeAll(async () => {
    chain = await startTradingChain(t);
    const seller = chain.wallet(SELLER);
    await chain.approve(seller);
    await ready(chain, seller);
  });
  afterAll(async () => {
    await chain?.close();
  });
}

export type OrderOptions = Partial<
  Pick<
    Order,
    'saleKind' | 'itemsKind' | 'price' | 'discountBps' | 'minCountForDiscount' | 'counter'
  >
> & {
  tokenIds: bigint[];
  /** Seconds from the chain's now (default -5). */
  startIn?: number;
  /** Seconds from the chain's now (default 3600). */
  endIn?: number;
  /** The items' nonces to commit to (default their current ones). */
  nonces?: bigint[];
};

/**
 * Builds and signs an order by `maker` on the fixture's collection: the items' current nonces
 * and the maker's counter unless given, 1 VBC, from 5 s ago for an hour unless told otherwise.
 */
export async function signedOrder(
  c: TradingChain,
  maker: Wallet,
  o: OrderOptions,
): Promise<{ order: Order; signature: string }> {
  const { startIn = -5, endIn = 3600, nonces, price = parseEther('1'), ...fields } = o;
  const now = await c.now();
  const order = await buildOrder(orderReader(c.provider, c.deployment.exchange), {
    maker: maker.address,
    collection: c.collection,
    price,
    startTime: now + BigInt(startIn),
    endTime: now + BigInt(endIn),
    ...(nonces ? { tokenNonces: nonces } : {}),
    ...fields,
  });
  return { order, signature: await signOrder(maker, c.domain, order) };
}

/** POST /api/v2/orders. */
export function postListing(
  t: TestApp,
  body: { order: Order; signature: string; name?: string },
  headers: Record<string, string> = API,
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v2/orders',
    headers,
    payload: {
      order: orderToJson(body.order),
      signature: body.signature,
      ...(body.name ? { name: body.name } : {}),
    },
  });
}

/** POST /api/v2/trade/matchOrder: the transaction that buys a single-NFT order. */
export function postBuy(t: TestApp, orderHash: string, buyer: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v2/trade/matchOrder',
    headers: API,
    payload: { orderHash, buyer },
  });
}

/** The order stored under `orderHash` (what a bidder's wallet nests in its Bid). */
export async function storedOrder(t: TestApp, orderHash: string): Promise<Order> {
  const row = await t.db
    .selectFrom('orders')
    .select('message')
    .where('order_hash', '=', orderHash.toLowerCase())
    .executeTakeFirstOrThrow();
  return orderFromJson(row.message as unknown as OrderJson);
}

/** POST /api/v2/bid/bid (or bidSet) with a bid signed by `bidder`. */
export async function postBid(
  t: TestApp,
  c: TradingChain,
  bidder: Wallet,
  orderHash: string,
  amount: bigint,
  path: 'bid' | 'bidSet' = 'bid',
  /** The highest bid the bidder's page showed (the web app sends it; omitted by other clients). */
  seenHighest?: bigint,
) {
  const bid: Bid = { order: await storedOrder(t, orderHash), bidder: bidder.address, amount };
  const signature = await signBid(bidder, c.domain, bid);
  return t.app.inject({
    method: 'POST',
    url: `/api/v2/bid/${path}`,
    payload: {
      orderHash,
      bidder: bidder.address,
      amount: amount.toString(),
      signature,
      ...(seenHighest === undefined ? {} : { seenHighest: seenHighest.toString() }),
    },
  });
}

/** Sends a transaction the server built and waits for it. */
export async function sendBuilt(
  from: Wallet,
  tx: { to: string; data: string; value: string },
): Promise<TransactionReceipt> {
  const sent = await from.sendTransaction({ to: tx.to, data: tx.data, value: BigInt(tx.value) });
  const receipt = await sent.wait();
  if (!receipt) throw new Error('no receipt');
  return receipt;
}
