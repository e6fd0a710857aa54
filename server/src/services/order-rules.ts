/**
 * The rules an order must meet before the server stores it, besides the chain's own checks: its
 * shape (what the contract enforces or what makes an order unfillable) and its times against the
 * chain's clock. Also how a stored order is read back and how a failed chain check is answered.
 */

import { orderFromJson } from '#contracts/typed-data/index.ts';
import type { Fillability } from '#server/chain/fillability.ts';
import type { OrderRow } from '#server/db/types.ts';
import { AppError } from '#server/errors.ts';
import type { SaleType } from '#shared/enums.ts';
import {
  ItemsKind,
  MAX_ORDER_ITEMS,
  type Order,
  type OrderJson,
  SaleKind,
} from '#shared/orders.ts';
import { BPS, PLATFORM_FEE_BPS, PLATFORM_FEE_CAP_BPS } from '#shared/rules.ts';

/** Chosen: a listing lasts at most a year. */
const MAX_LISTING_SECONDS = 366n * 24n * 60n * 60n;
/** Chosen: an auction lasts at least a minute. */
const MIN_AUCTION_SECONDS = 60n;

/** Parses a wire order; INVALID_ORDER when it is not one. */
export function parseOrder(json: OrderJson): Order {
  try {
    return orderFromJson(json);
  } catch (cause) {
    throw new AppError('INVALID_ORDER', { cause });
  }
}

/** The stored message back as an Order. */
export function orderOf(row: Pick<OrderRow, 'message'>): Order {
  return orderFromJson(row.message as unknown as OrderJson);
}

function invalid(message: string): AppError {
  return new AppError('INVALID_ORDER', { message: `Invalid order: ${message}` });
}

/** A bundle's discount terms; the other kinds carry none. */
function checkDiscount(order: Order, n: number): void {
  if (order.itemsKind !== ItemsKind.BUNDLE) {
    if (order.discountBps !== 0n || order.minCountForDiscount !== 0n) {
      throw invalid('only a bundle has a discount');
    }
    return;
  }
  if (order.saleKind === SaleKind.AUCTION) throw invalid('a bundle cannot be auctioned');
  if (order.discountBps > BPS) throw invalid('the discount is above 100%');
  if (order.discountBps > 0n && order.minCountForDiscount < 1n) {
    throw invalid('a discount needs a minimum count');
  }
  if (order.minCountForDiscount > BigInt(n)) throw invalid('the minimum count is above the size');
}

/** Shape rules the contract enforces (or that make an order unfillable), checked up front. */
export function checkOrderShape(order: Order): void {
  const n = order.tokenIds.length;
  if (n === 0 || n > MAX_ORDER_ITEMS) throw invalid('it lists no item or too many');
  if (order.tokenNonces.length !== n) throw invalid('one nonce per item');
  if (new Set(order.tokenIds.map(String)).size !== n) throw invalid('an item is listed twice');
  if (order.price <= 0n) throw invalid('the price must be above 0');
  if (order.itemsKind === ItemsKind.SINGLE && n !== 1) throw invalid('a single listing has 1 item');
  if (order.itemsKind !== ItemsKind.SINGLE && n < 2) throw invalid('a set or bundle has 2+ items');
  checkDiscount(order, n);
  checkFeeBound(order);
}

/**
 * The fee bound the seller signs: at least today's platform fee (or the platform would be paid
 * less than its fee) and at most the fee's hard cap (a larger bound means nothing).
 */
function checkFeeBound(order: Order): void {
  if (order.maxFeeBps < PLATFORM_FEE_BPS) throw invalid('the fee bound is below the platform fee');
  if (order.maxFeeBps > PLATFORM_FEE_CAP_BPS) throw invalid('the fee bound is above the fee cap');
}

/** Time rules against the chain's clock. */
export function checkOrderTimes(order: Order, now: bigint): void {
  if (order.endTime <= order.startTime) throw invalid('it ends before it starts');
  if (order.endTime <= now) throw invalid('it has already ended');
  if (order.endTime - (order.startTime > now ? order.startTime : now) > MAX_LISTING_SECONDS) {
    throw invalid('it lasts more than a year');
  }
  if (
    order.saleKind === SaleKind.AUCTION &&
    order.endTime - order.startTime < MIN_AUCTION_SECONDS
  ) {
    throw invalid('an auction lasts at least a minute');
  }
}

/** Throws the code matching a failed on-chain check of an order (the maker's, or a taker's). */
export function refuseUnfillable(f: Fillability, asMaker: boolean): void {
  if (f.ok) return;
  if (asMaker) {
    if (f.reason === 'NOT_OWNER') throw new AppError('NOT_ITEM_OWNER');
    if (f.reason === 'NOT_APPROVED') throw new AppError('EXCHANGE_NOT_APPROVED');
    if (f.reason === 'NONCE') throw invalid(`the nonce of token ${f.tokenId} is not current`);
    throw invalid("the maker's counter is not current");
  }
  throw new AppError('ORDER_NOT_AVAILABLE');
}

/** The `sale_kind` column of an order. */
export function saleKindColumn(order: Order): SaleType {
  return order.saleKind === SaleKind.AUCTION ? 'AUCTION' : 'FIXED';
}

export function secondsToDate(seconds: bigint): Date {
  return new Date(Number(seconds) * 1000);
}
