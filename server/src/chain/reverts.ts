/**
 * A reverted call read as one of our error codes: the custom error named in the revert data
 * (Exchange, collection, WVBC or Gifts) maps to the code a client shows; anything else is TX_REJECTED
 * with the error's name.
 */
import { AppError, type ErrorCode } from '#server/errors.ts';
import { collectionInterface, exchangeInterface, giftsInterface, wvbcInterface } from './abi.ts';
import { fractionalCode, fractionalRevertName } from './fractional-reverts.ts';

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
  // Gifts: a gift no longer open was, in a race, most likely just claimed.
  GiftIsNotOpen: 'GIFT_ALREADY_CLAIMED',
  InvalidClaimSignature: 'INVALID_SIGNATURE',
  CallerIsNotTheGiver: 'FORBIDDEN',
  ClaimKeyIsMissing: 'VALIDATION_FAILED',
};

/** The name of an Exchange / collection / WVBC / Gifts custom error in revert data, if any. */
export function revertName(data: string | null | undefined): string | null {
  if (!data || data === '0x') return null;
  for (const iface of [exchangeInterface, collectionInterface, wvbcInterface, giftsInterface]) {
    try {
      const parsed = iface.parseError(data);
      if (parsed) return parsed.name;
    } catch {
      // not this contract's error
    }
  }
  // fractional vaults and their factory (fractional-reverts.ts)
  return fractionalRevertName(data);
}

/**
 * The AppError answering a reverted call (ethers CALL_EXCEPTION). `callee: 'fractional'` when
 * the call went to a vault or the fractional factory: their meaning of a shared name wins.
 */
export function revertError(cause: unknown, callee?: 'fractional'): AppError {
  const name = revertName((cause as { data?: string }).data);
  const code =
    (name && callee === 'fractional' && fractionalCode(name)) ||
    (name && (REVERT_CODES[name] ?? fractionalCode(name))) ||
    'TX_REJECTED';
  return new AppError(code, {
    message: code === 'TX_REJECTED' && name ? `The transaction was refused: ${name}` : undefined,
    cause,
  });
}
