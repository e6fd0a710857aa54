/**
 * Fixed-price buys (spec: trade/*). `buyTransaction` validates a buy and answers the exact
 * transaction to send: Exchange.buy(order, signature, itemMask) with the value the contract will
 * demand (quoteOrder from contracts/typed-data: the contract's rule, bundle discount included).
 * `sendRawTransaction` takes a transaction the client signed, checks that it is for our contracts
 * (and, for the raw-matchOrder variants, that it is a buy of the right kind), simulates it to
 * answer a revert with a clear code, broadcasts it and answers its hash. The indexer records the
 * outcome (BUY / PURCHASE, SOLD).
 */
import { getAddress, isCallException, Transaction } from 'ethers';
import {
  allItemsMask,
  ItemsKind,
  itemMask,
  type Order,
  quoteOrder,
  SaleKind,
} from '#contracts/typed-data/index.ts';
import {
  chainNow,
  encodeBuy,
  exchangeInterface,
  type MarketChain,
  marketChain,
  nativeBalance,
  orderFillability,
  revertName,
  spendable,
  type TradingContext,
  wrapperFunds,
  wvbcInterface,
} from '../chain/market.ts';
import type { OrderRow } from '../db/types.ts';
import { AppError, type ErrorCode } from '../errors.ts';
import { lockedBidTotal } from './bids.ts';
import { loadOrder, orderOf } from './orders.ts';

export type BuyKind = 'NFT' | 'SET' | 'BUNDLE';

export interface BuyInput {
  orderHash: string;
  buyer: string;
  /** What the route sells: matchOrder NFT, matchOrderSet SET, matchOrderBundle BUNDLE. */
  kind: BuyKind;
  /** BUNDLE: the chosen token ids (at least one, spec §5 'Please select items'). */
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

const KIND_OF_ITEMS: Record<number, BuyKind> = {
  [ItemsKind.SINGLE]: 'NFT',
  [ItemsKind.SET]: 'SET',
  [ItemsKind.BUNDLE]: 'BUNDLE',
};

function parseAddress(value: string): string {
  try {
    return getAddress(value);
  } catch {
    throw new AppError('INVALID_ADDRESS');
  }
}

/** The mask of the chosen token ids of a bundle (all items for SINGLE/SET). */
export function chosenMask(order: Order, kind: BuyKind, tokenIds?: readonly (string | bigint)[]) {
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
  m: MarketChain,
  row: OrderRow,
  order: Order,
  buyer: string,
  kind: BuyKind,
  indexes?: number[],
): Promise<void> {
  if (row.sale_kind !== 'FIXED' || order.saleKind !== SaleKind.FIXED_PRICE) {
    throw new AppError('WRONG_SALE_KIND');
  }
  if (KIND_OF_ITEMS[order.itemsKind] !== kind) throw new AppError('WRONG_SALE_KIND');
  if (buyer === getAddress(order.maker)) throw new AppError('SELLER_CANNOT_BUY');
  if (row.status !== 'pending') throw new AppError('ORDER_NOT_AVAILABLE');
  const now = await chainNow(m);
  if (now < order.startTime) throw new AppError('ORDER_NOT_STARTED');
  if (now >= order.endTime) throw new AppError('ORDER_NOT_AVAILABLE');
  if (!(await orderFillability(m, order, indexes)).ok) throw new AppError('ORDER_NOT_AVAILABLE');
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
  await checkBuyable(m, row, order, buyer, input.kind, indexes);
  const { count, total } = quoteOrder(order, mask);
  // spec §5: balance check before purchase (account balance for fixed price; gas not included)
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

/** Which raw transactions a route accepts. */
export type RawKind = 'buy-single' | 'buy-bundle' | 'any';

/** Exchange / collection custom errors → our codes (a revert is the caller's mistake). */
const REVERT_CODES: Record<string, ErrorCode> = {
  SellerCannotBuy: 'SELLER_CANNOT_BUY',
  OrderNotStarted: 'ORDER_NOT_STARTED',
  OrderExpired: 'ORDER_NOT_AVAILABLE',
  ItemNoLongerAvailable: 'ORDER_NOT_AVAILABLE',
  OrderCounterIsOutdated: 'ORDER_NOT_AVAILABLE',
  InvalidItemSelection: 'NO_ITEMS_SELECTED',
  SetMustBeBoughtWhole: 'WRONG_SALE_KIND',
  OrderIsNotFixedPrice: 'WRONG_SALE_KIND',
  OrderIsNotAnAuction: 'WRONG_SALE_KIND',
  AuctionNotEnded: 'AUCTION_NOT_ENDED',
  BidBelowReserve: 'BID_BELOW_RESERVE',
  CallerIsNotWinnerOrSeller: 'NOT_THE_WINNER',
  InvalidSettlementSignature: 'NOT_THE_WINNER',
  InvalidMakerSignature: 'INVALID_SIGNATURE',
  InvalidBidderSignature: 'INVALID_SIGNATURE',
  InvalidOrder: 'INVALID_ORDER',
  InsufficientBalance: 'NOT_ENOUGH_WRAPPER_BALANCE',
  InsufficientAllowance: 'NOT_ENOUGH_WRAPPER_BALANCE',
};

function revertError(cause: unknown): AppError {
  const data = (cause as { data?: string }).data;
  const name = revertName(data);
  const code = (name && REVERT_CODES[name]) || 'TX_REJECTED';
  return new AppError(code, {
    message: code === 'TX_REJECTED' && name ? `The transaction was refused: ${name}` : undefined,
    cause,
  });
}

/**
 * Checks, simulates and broadcasts a client-signed raw transaction; answers its hash.
 * `any` (send-rawtx) accepts any call to the exchange, and WVBC deposits, approvals and
 * withdrawals that keep the sender's locked bid total backed (spec §5 unwrap rule).
 */
export async function sendRawTransaction(
  ctx: TradingContext,
  input: { networkId?: number; rawTx: string; kind: RawKind },
): Promise<{ txHash: string; from: string; to: string }> {
  let tx: Transaction;
  try {
    tx = Transaction.from(input.rawTx);
  } catch (cause) {
    throw new AppError('VALIDATION_FAILED', { message: 'Invalid: rawTx', cause });
  }
  if (!tx.isSigned() || !tx.from || !tx.to) {
    throw new AppError('VALIDATION_FAILED', { message: 'Invalid: rawTx is not a signed call' });
  }
  const networkId = input.networkId ?? ctx.config.chainId;
  if (tx.chainId !== BigInt(networkId)) throw new AppError('WRONG_NETWORK');
  const m = await marketChain(ctx, networkId);
  const to = getAddress(tx.to);
  const from = getAddress(tx.from);

  if (to === m.exchange) {
    const call = exchangeInterface.parseTransaction({ data: tx.data, value: tx.value });
    if (!call) throw new AppError('WRONG_CONTRACT');
    if (input.kind !== 'any') {
      if (call.name !== 'buy') throw new AppError('WRONG_SALE_KIND');
      const itemsKind = Number(call.args[0].itemsKind);
      const wanted: number = input.kind === 'buy-bundle' ? ItemsKind.BUNDLE : ItemsKind.SINGLE;
      if (itemsKind !== wanted) throw new AppError('WRONG_SALE_KIND');
    }
  } else if (to === m.wvbc && input.kind === 'any') {
    const call = wvbcInterface.parseTransaction({ data: tx.data, value: tx.value });
    const name = tx.data === '0x' ? 'deposit' : call?.name;
    if (name === 'withdraw' || (name === 'approve' && getAddress(call!.args[0]) === m.exchange)) {
      // What stays backing bids after this transaction must cover the locked total.
      const funds = await wrapperFunds(m, from);
      const after =
        name === 'withdraw'
          ? { ...funds, balance: funds.balance - (call!.args[0] as bigint) }
          : { ...funds, allowance: call!.args[1] as bigint };
      const locked = await lockedBidTotal(ctx.db, from, networkId);
      if (after.balance < 0n || spendable(after) < locked) {
        throw new AppError('NOT_ENOUGH_WRAPPER_BALANCE');
      }
    } else if (name !== 'deposit') {
      throw new AppError('WRONG_CONTRACT');
    }
  } else {
    throw new AppError('WRONG_CONTRACT');
  }

  // Simulate first: a revert answers with its reason instead of a mined failure.
  try {
    await m.provider.call({ from, to, data: tx.data, value: tx.value });
  } catch (cause) {
    if (isCallException(cause)) throw revertError(cause);
    throw new AppError('CHAIN_UNAVAILABLE', { cause });
  }
  try {
    const sent = await m.provider.broadcastTransaction(input.rawTx);
    return { txHash: sent.hash.toLowerCase(), from, to };
  } catch (cause) {
    if (isCallException(cause)) throw revertError(cause);
    const message = (cause as { shortMessage?: string; message?: string }).shortMessage;
    const code = (cause as { code?: string }).code;
    if (code && code !== 'NETWORK_ERROR' && code !== 'TIMEOUT' && code !== 'SERVER_ERROR') {
      throw new AppError('TX_REJECTED', {
        message: `The transaction was refused: ${message ?? code}`,
        cause,
      });
    }
    throw new AppError('CHAIN_UNAVAILABLE', { cause });
  }
}
