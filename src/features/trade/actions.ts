/**
 * Every trade as one function on the wallets' write pipeline (src/wallet/pipeline.ts): the
 * exchange's approval (once per collection, its own step), a listing (an EIP-712 signature, no
 * gas), take off sale (Exchange.cancel on chain: REVOKE), a fixed-price buy, several NFTs bought
 * together, a bid (the nested EIP-712 Bid), a claim (the server's ready transaction) and
 * recordBid (the bidder's escrowed record). Each answers ok or a catalogue key; transactions wait
 * for the indexer before the screens refresh. The platform wallet signs locally and the server's
 * trade routes broadcast (`rawRoute`: raw-matchOrder, -nfts, -bundle, send-rawtx).
 */
import { orderFromJson } from '#contracts/typed-data/index.ts';
import { type Order, type OrderFields, type OrderJson, orderToJson } from '#shared/orders.ts';
import type { Network, Order as StoredOrder } from '#shared/schemas/entities.ts';
import type { BidBody, CreateListingBody, TradeTx } from '#shared/schemas/trading.ts';
import { env } from '#web/config/env.ts';
import { ApiError, type ErrorKey } from '#web/lib/errors.ts';
import { pageSubject } from '#web/lib/page-title.ts';
import { isOnline } from '#web/pwa/online.ts';
import { isNetworkFailure, outboxNotice, queueAction } from '#web/pwa/outbox/outbox.ts';
import type { Connector, RawTradeRoute, TxRequest } from '#web/wallet/connectors/types.ts';
import { sendTx, type WriteOutcome, type WriteStage, writeErrorKey } from '#web/wallet/pipeline.ts';
import { wrapperRequest } from '#web/wallet/wrapper.ts';
import { indexed, type Target, tradeApi } from './api/trade.ts';
import {
  approvalTx,
  bidTypedData,
  completeOrder,
  type OrderBasis,
  orderFromBasis,
  orderTypedData,
  recordBidTx,
  wrapperAllowance,
  wrapperApprovalTx,
} from './chain.ts';

export type TradeContext = { network: Network; connector: Connector; address: string };
/** `queued`: signed, and waiting in the outbox to be sent (src/pwa/outbox/outbox.ts). */
type Outcome = WriteOutcome;
type OnStage = (stage: WriteStage) => void;

/**
 * A server-built transaction; `rawRoute`: the trade route that broadcasts it when the platform
 * wallet signs it locally (any exchange call not a buy goes through send-rawtx).
 */
const fromTradeTx = (tx: TradeTx, rawRoute: RawTradeRoute = 'send-rawtx'): TxRequest => ({
  ...tx,
  value: BigInt(tx.value),
  rawRoute,
});

const RAW_BUY_ROUTE = {
  NFT: 'raw-matchOrder',
  BUNDLE: 'raw-matchOrder-bundle',
  SET: 'send-rawtx',
} as const satisfies Record<Target, RawTradeRoute>;

/** Sends one transaction; `collection` given: resolves after the indexer recorded it. */
async function write(
  ctx: TradeContext,
  prepare: () => Promise<TxRequest>,
  onStage: OnStage,
  collection?: string,
): Promise<Outcome> {
  const waitForIndexer = collection ? (hash: string) => indexed(collection, hash) : undefined;
  const sent = await sendTx(ctx, prepare, onStage, waitForIndexer);
  if (sent.ok) return { ok: true };
  return { ok: false, error: await whyRefused(sent.error, prepare) };
}

/**
 * A transaction the wallet refused to send or the chain reverted: the chain may have moved since
 * the server prepared it (sold a moment before, taken off sale, expired, balance spent). Asking
 * again names the reason in the catalogue's words; a user's own refusal prepares fine and stays
 * 'txRejected', as does a server that cannot be reached.
 */
async function whyRefused(error: ErrorKey, prepare: () => Promise<TxRequest>): Promise<ErrorKey> {
  if (error !== 'txRejected') return error;
  try {
    await prepare();
  } catch (again) {
    if (again instanceof ApiError && again.status >= 400 && again.status < 500) return again.key;
  }
  return error;
}

/** The exchange may move the owner's items of `collection` (setApprovalForAll). */
export const approveCollection = (ctx: TradeContext, collection: string, onStage: OnStage) =>
  write(ctx, async () => approvalTx(ctx.network, collection, ctx.address), onStage);

/** Whether the exchange may take `amount` more WVBC of the bidder than its locked bids. */
export const bidAllowanceShort = async (ctx: TradeContext, amount: bigint, locked: bigint) =>
  (await wrapperAllowance(ctx.network, ctx.address)) < amount + locked;

/** The WVBC allowance for bids, asked once (its own step, like the collection approval). */
export const approveWrapper = (ctx: TradeContext, onStage: OnStage) =>
  write(
    ctx,
    async () => ({
      ...(await wrapperApprovalTx(ctx.network, ctx.address)),
      rawRoute: 'send-rawtx' as const,
    }),
    onStage,
  );

/**
 * Wraps `value` VBC into WVBC inside the bid flow, when the available WVBC falls short of the bid
 * (pricing.ts bidFunding): the wallet's own wrap transaction, followed in the header like it.
 */
export const wrapForBid = (ctx: TradeContext, value: bigint, onStage: OnStage): Promise<Outcome> =>
  sendTx(ctx, () => wrapperRequest('wrap', { ...ctx, value }), onStage, undefined, 'wrap');

export type ListInput = Omit<OrderFields, 'maker'> & { name?: string };

/** For the outbox: what the view shows of a listing made offline. */
export type ListShown = { symbol: string };

/** A signed listing kept for later: offline, or the request never reached the server. */
async function queueListing(body: CreateListingBody, order: Order, shown: ListShown) {
  await queueAction({
    kind: 'listing',
    path: tradeApi.listingPath,
    body,
    headers: { 'api-key': env.apiKey },
    session: false,
    title: pageSubject(),
    link: location.pathname,
    amount: order.price.toString(),
    symbol: shown.symbol,
    expiresAt: Number(order.endTime) * 1000,
    notice: outboxNotice(),
  });
  return { ok: true, queued: true } as const;
}

/**
 * Signs the order (no gas) and lists it; LIST shows in provenance at once. Offline (a single NFT,
 * its nonce and the counter read while online in `basis`), the signed listing waits in the outbox.
 */
export async function list(
  ctx: TradeContext,
  input: ListInput,
  offline?: { basis: OrderBasis | undefined; shown: ListShown },
): Promise<Outcome> {
  try {
    const { name, ...fields } = input;
    const queue = !isOnline();
    if (queue && !offline?.basis) return { ok: false, error: 'network' };
    const maker = { ...fields, maker: ctx.address };
    const order =
      queue && offline?.basis
        ? await orderFromBasis(maker, offline.basis)
        : await completeOrder(ctx.network, maker);
    const signature = await ctx.connector.signTypedData({
      account: ctx.address,
      typedData: orderTypedData(ctx.network, order),
    });
    const body: CreateListingBody = {
      networkId: ctx.network.networkId,
      order: orderToJson(order) as CreateListingBody['order'],
      signature,
      ...(name ? { name } : {}),
    };
    if (queue && offline) return await queueListing(body, order, offline.shown);
    try {
      await tradeApi.createListing(body);
    } catch (error) {
      if (offline && isNetworkFailure(error)) return await queueListing(body, order, offline.shown);
      throw error;
    }
    return { ok: true };
  } catch (error) {
    return { ok: false, error: writeErrorKey(error) };
  }
}

/** Take off sale: the maker cancels the order on chain, so no later approval revives it. */
export const takeOffSale = (
  ctx: TradeContext,
  order: StoredOrder,
  collection: string,
  s: OnStage,
) => write(ctx, async () => fromTradeTx(await tradeApi.cancelData(order.orderHash)), s, collection);

/** A fixed-price buy (bundles: the chosen token ids; the value is the exchange's quote). */
export const buy = (
  ctx: TradeContext,
  p: { target: Target; orderHash: string; collection: string; tokenIds?: string[] },
  onStage: OnStage,
) =>
  write(
    ctx,
    async () => {
      const built = await tradeApi.buy(p.target, {
        orderHash: p.orderHash,
        buyer: ctx.address,
        ...(p.tokenIds ? { tokenIds: p.tokenIds } : {}),
      });
      return fromTradeTx(built.tx, RAW_BUY_ROUTE[p.target]);
    },
    onStage,
    p.collection,
  );

/**
 * Several listed NFTs bought together (matchOrderNFTs): the server checks the buyer can pay them
 * all, then each transaction is sent in turn (raw-matchOrder-nfts for the platform wallet). Stops
 * at the first refusal; `bought` says how many went through. `collectionOf`: each order's
 * collection, to wait for the indexer.
 */
export async function buyMany(
  ctx: TradeContext,
  p: { orderHashes: string[]; collectionOf: (orderHash: string) => string },
  onStage: OnStage,
): Promise<Outcome & { bought: number }> {
  let built: Awaited<ReturnType<typeof tradeApi.buyNfts>>;
  try {
    onStage('preparing');
    built = await tradeApi.buyNfts({ buyer: ctx.address, orderHashes: p.orderHashes });
  } catch (error) {
    return { ok: false, error: writeErrorKey(error), bought: 0 };
  }
  let bought = 0;
  for (const one of built.transactions) {
    const tx = fromTradeTx(one.tx, 'raw-matchOrder-nfts');
    const outcome = await write(ctx, async () => tx, onStage, p.collectionOf(one.orderHash));
    if (!outcome.ok) return { ...outcome, bought };
    bought += 1;
  }
  return { ok: true, bought };
}

export type BidInput = {
  target: Target;
  order: StoredOrder;
  amount: bigint;
  /** For the outbox: the item's id (NFT item or set) and the auction's end (unix seconds). */
  itemId: number;
  endsAt: bigint;
  symbol: string;
  /** The highest bid the page showed (null: none): the server then tells "outbid meanwhile". */
  highest: bigint | null;
};

/** A signed bid kept for later: offline, or the request never reached the server. */
async function queueBid(p: BidInput, body: BidBody): Promise<Outcome> {
  await queueAction({
    kind: 'bid',
    path: tradeApi.bidPath(p.target),
    body,
    headers: {},
    session: false,
    title: pageSubject(),
    link: location.pathname,
    amount: p.amount.toString(),
    symbol: p.symbol,
    bidOn: { kind: p.target === 'SET' ? 'set' : 'nft', id: p.itemId },
    expiresAt: Number(p.endsAt) * 1000,
    notice: outboxNotice(),
  });
  return { ok: true, queued: true };
}

/**
 * Signs the nested Bid (the wallet shows the order) and places it; offline or on a failing
 * connection, the signed bid waits in the outbox (the server takes a resend of it as one bid).
 */
export async function bid(ctx: TradeContext, p: BidInput): Promise<Outcome> {
  try {
    const order = orderFromJson(p.order.message as OrderJson);
    const signature = await ctx.connector.signTypedData({
      account: ctx.address,
      typedData: bidTypedData(ctx.network, { order, bidder: ctx.address, amount: p.amount }),
    });
    const body = {
      orderHash: p.order.orderHash,
      bidder: ctx.address,
      amount: p.amount.toString(),
      signature,
      seenHighest: (p.highest ?? 0n).toString(),
    };
    if (!isOnline()) return await queueBid(p, body);
    try {
      await tradeApi.bid(p.target, body);
    } catch (error) {
      if (isNetworkFailure(error)) return await queueBid(p, body);
      throw error;
    }
    return { ok: true };
  } catch (error) {
    return { ok: false, error: writeErrorKey(error) };
  }
}

/** Claims an ended auction (winner or seller): the server answers the transaction to send. */
export const claim = (
  ctx: TradeContext,
  p: { target: Target; orderHash: string; collection: string },
  onStage: OnStage,
) =>
  write(
    ctx,
    async () => {
      const data = await tradeApi.claim(p.target, { orderHash: p.orderHash, caller: ctx.address });
      return fromTradeTx(data.tx);
    },
    onStage,
    p.collection,
  );

/**
 * The top bidder records their bid on chain (Exchange.recordBid, WVBC held in escrow), with the
 * receipt the marketplace signed when it accepted the bid.
 */
export function recordMyBid(
  ctx: TradeContext,
  p: { order: StoredOrder; amount: bigint; receipt: string },
  onStage: OnStage,
): Promise<Outcome> {
  const order = orderFromJson(p.order.message as OrderJson);
  return write(
    ctx,
    async () => ({
      ...(await recordBidTx(ctx.network, ctx.address, { order, receipt: p.receipt }, p.amount)),
      rawRoute: 'send-rawtx' as const,
    }),
    onStage,
  );
}
