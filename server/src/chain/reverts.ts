/**
 * A reverted call read as one of our error codes: the custom error named in the revert data
 * (Exchange, collection, WVBC, Gifts or Drops) maps to the code a client shows; anything else is TX_REJECTED
 * with the error's name.
 */
import { Interface } from 'ethers';
import { AppError, type ErrorCode } from '#server/errors.ts';
import { DROP_REVERT_CODES } from '#shared/drop-reverts.ts';
import {
  collectionInterface,
  dropsInterface,
  exchangeInterface,
  giftsInterface,
  wvbcInterface,
} from './abi.ts';

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

// Drops (contracts/src/Drops.sol): its refusals as shared/drop-reverts.ts maps them, and the
// wrapped coin's pull by Solady's SafeTransferLib, whose error is not in the contract's ABI.
const DROP_CODES: Record<string, ErrorCode> = DROP_REVERT_CODES;
const DROP_ERRORS = [dropsInterface, new Interface(['error TransferFromFailed()'])];

/** The name of an Exchange / collection / WVBC / Gifts / Drops custom error in revert data. */
export function revertName(data: string | null | undefined): string | null {
  if (!data || data === '0x') return null;
  const interfaces = [exchangeInterface, collectionInterface, wvbcInterface, giftsInterface];
  for (const iface of [...interfaces, ...DROP_ERRORS]) {
    try {
      const parsed = iface.parseError(data);
      if (parsed) return parsed.name;
    } catch {
      // not this contract's error
    }
  }
  return null;
}

/** The AppError answering a reverted call (ethers CALL_EXCEPTION). */
export function revertError(cause: unknown): AppError {
  const name = revertName((cause as { data?: string }).data);
  const code = (name && (REVERT_CODES[name] ?? DROP_CODES[name])) || 'TX_REJECTED';
  return new AppError(code, {
    message: code === 'TX_REJECTED' && name ? `The transaction was refused: ${name}` : undefined,
    cause,
  });
}
