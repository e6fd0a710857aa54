/**
 * Fixed-price buys (trade/matchOrder, matchOrderSet, matchOrderBundle, matchOrderNFTs):
 * `buyTransaction` validates a buy and answers the exact transaction to send,
 * Exchange.buy(order, signature, itemMask) with the value the contract demands (`quoteOrder`,
 * bundle discount included). The indexer records the outcome (BUY / PURCHASE, SOLD).
 */
import { getAddress } from 'ethers';
import { parseAddress } from '#server/chain/address.ts';
import { encodeBuy } from '#server/chain/calldata.ts';
import { type MarketChain, marketChain, type TradingContext } from '#server/chain/contracts.ts';
import { type Fillability, orderFillability } from '#server/chain/fillability.ts';
import { chainNow, nativeBalance } from '#server/chain/reads.ts';
import type { OrderRow, OrderTarget } from '#server/db/types.ts';
import { toDbAddress } from '#server/db/values.ts';
import { AppError, type ErrorCode } from '#server/errors.ts';
import {
  allItemsMask,
  ItemsKind,
  itemMask,
  type Order,
  quoteOrder,
  SaleKind,
} from '#shared/orders.ts';
import type { DbExecutor } from './locked-bids.ts';
import { loadOrder } from './order-rows.ts';
import { orderOf } from './order-rules.ts';

export interface BuyInput {
  orderHash: string;
  buyer: string;
  /** What the route sells: matchOrder NFT, matchOrderSet SET, matchOrderBundle BUNDLE. */
  kind: OrderTarget;
  /** BUNDLE: the chosen token ids (at least one: 'Please select items'). */
  tokenIds?: readonly (string | bigint)[];
}

export interface BuyTransaction {
  networkId: number;
  orderHash: string;
  /** Bit i chooses order.tokenIds[i] (decimal string). */
  itemMask: string;
  count: number;
  /** wei, the exact value sent. */
  total: string;
  tx: { from: string; to: string; data: string; value: string; chainId: number };
}

const KIND_OF_ITEMS: Record<number, OrderTarget> = {
  [ItemsKind.SINGLE]: 'NFT',
  [ItemsKind.SET]: 'SET',
  [ItemsKind.BUNDLE]: 'BUNDLE',
};

/** The mask of the chosen token ids of a bundle (all items for SINGLE/SET). */
function chosenMask(order: Order, kind: OrderTarget, tokenIds?: readonly (string | bigint)[]) {
  if (kind !== 'BUNDLE') return { mask: allItemsMask(order.tokenIds.length), indexes: undefined };
  if (!tokenIds || tokenIds.length === 0) throw new AppError('NO_ITEMS_SELECTED');
  const indexes: number[] = [];
  for (const raw of tokenIds) {
    let id: bigint;
    try {
      id = BigInt(raw);
    } catch {
      throw new AppError('VALIDATION_FAILED', { message: `Invalid: token ${raw}` });
    }
    const i = order.tokenIds.indexOf(id);
    if (i < 0) throw new AppError('VALIDATION_FAILED', { message: `Invalid: token ${raw}` });
    if (!indexes.includes(i)) indexes.push(i);
  }
  return { mask: itemMask(indexes), indexes };
}

async function checkBuyable(
  db: DbExecutor,
  m: MarketChain,
  row: OrderRow,
  buy: { order: Order; buyer: string; kind: OrderTarget; indexes: number[] | undefined },
): Promise<void> {
  const { order } = buy;
  if (row.sale_kind !== 'FIXED' || order.saleKind !== SaleKind.FIXED_PRICE) {
    throw new AppError('WRONG_SALE_KIND');
  }
  if (KIND_OF_ITEMS[order.itemsKind] !== buy.kind) throw new AppError('WRONG_SALE_KIND');
  if (buy.buyer === getAddress(order.maker)) throw new AppError('SELLER_CANNOT_BUY');
  const now = await chainNow(m);
  if (row.status !== 'pending' || now >= order.endTime) {
    throw new AppError(await whyGone(db, row, order, now));
  }
  if (now < order.startTime) throw new AppError('ORDER_NOT_STARTED');
  const fillable = await orderFillability(m, order, buy.indexes);
  if (!fillable.ok) throw new AppError(await whyGone(db, row, order, now, fillable.reason));
}

/**
 * Why a buyer's order can no longer fill, for the message a race deserves: sold (filled, or the
 * seller no longer owns an item: a sale the indexer has not recorded yet), expired, listed again
 * by the seller (the price may differ), or simply no longer for sale (taken off sale, moved).
 */
async function whyGone(
  db: DbExecutor,
  row: OrderRow,
  order: Order,
  now: bigint,
  unfillable?: Exclude<Fillability, { ok: true }>['reason'],
): Promise<ErrorCode> {
  if (row.status === 'success' || unfillable === 'NOT_OWNER') return 'ORDER_SOLD';
  if (now >= order.endTime) return 'ORDER_EXPIRED';
  const relisted = await db
    .selectFrom('nfts')
    .innerJoin('orders', 'orders.order_hash', 'nfts.current_order_hash')
    .select('orders.order_hash')
    .where('nfts.network_id', '=', row.network_id)
    .where('nfts.collection_address', '=', toDbAddress(order.collection))
    .where(
      'nfts.token_id',
      'in',
      order.tokenIds.map((id) => id.toString()),
    )
    .where('orders.status', '=', 'pending')
    .where('orders.order_hash', '!=', row.order_hash)
    .executeTakeFirst();
  return relisted ? 'PRICE_CHANGED' : 'ORDER_NOT_AVAILABLE';
}

/** Validates a fixed-price buy and answers the transaction to send. */
export async function buyTransaction(
  ctx: TradingContext,
  input: BuyInput,
): Promise<BuyTransaction> {
  const buyer = parseAddress(input.buyer);
  const row = await loadOrder(ctx.db, input.orderHash);
  const order = orderOf(row);
  const m = await marketChain(ctx, row.network_id);
  const { mask, indexes } = chosenMask(order, input.kind, input.tokenIds);
  await checkBuyable(ctx.db, m, row, { order, buyer, kind: input.kind, indexes });
  const { count, total } = quoteOrder(order, mask);
  // the buyer's account balance must cover the price (gas not included)
  if ((await nativeBalance(m, buyer)) < total) throw new AppError('NOT_ENOUGH_ACCOUNT_BALANCE');
  return {
    networkId: row.network_id,
    orderHash: row.order_hash,
    itemMask: mask.toString(),
    count,
    total: total.toString(),
    tx: {
      from: buyer,
      to: m.exchange,
      data: encodeBuy(order, row.signature, mask),
      value: total.toString(),
      chainId: row.network_id,
    },
  };
}

/**
 * matchOrderNFTs: several single-NFT fixed-price orders bought together. The exchange fills one
 * order per call, so this answers one transaction per order, after checking the buyer can pay all.
 */
export async function buyTransactions(
  ctx: TradingContext,
  input: { buyer: string; orderHashes: readonly string[] },
): Promise<{ total: string; transactions: BuyTransaction[] }> {
  const hashes = [...new Set(input.orderHashes.map((h) => h.toLowerCase()))];
  if (hashes.length === 0) throw new AppError('NO_ITEMS_SELECTED');
  const transactions: BuyTransaction[] = [];
  for (const orderHash of hashes) {
    transactions.push(await buyTransaction(ctx, { orderHash, buyer: input.buyer, kind: 'NFT' }));
  }
  const total = transactions.reduce((sum, t) => sum + BigInt(t.total), 0n);
  const networkId = transactions[0]!.networkId;
  if (transactions.some((t) => t.networkId !== networkId)) throw new AppError('WRONG_NETWORK');
  const m = await marketChain(ctx, networkId);
  if ((await nativeBalance(m, parseAddress(input.buyer))) < total) {
    throw new AppError('NOT_ENOUGH_ACCOUNT_BALANCE');
  }
  return { total: total.toString(), transactions };
}
