/**
 * Fractional vault and factory reverts → catalogue codes (shared/errors.ts): the custom error
 * named in a reverted call's data (contracts/src/interfaces/IFractional.sol) is the code a client
 * shows in the user's language. Names shared with the Exchange keep the Exchange's meaning.
 * (docs/decisions/117-fractional-vaults.md)
 */
import type { ErrorCode } from './errors.ts';

export const FRACTIONAL_REVERT_CODES = {
  // factory
  NotAPartner: 'FRACTIONALIZE_NOT_PARTNER',
  CollectionNotSupported: 'FRACTIONAL_COLLECTION_NOT_SUPPORTED',
  NotTokenOwner: 'NOT_ITEM_OWNER',
  InvalidShareCount: 'INVALID_SHARE_COUNT',
  InvalidSharePrice: 'INVALID_SHARE_PRICE',
  InvalidPurchaseLimit: 'INVALID_PURCHASE_LIMIT',
  InvalidSaleWindow: 'INVALID_SALE_WINDOW',
  ReserveBelowSaleValue: 'RESERVE_BELOW_SALE_VALUE',
  InvalidFee: 'VALIDATION_FAILED',
  Unauthorized: 'FORBIDDEN',
  // primary sale
  SaleNotStarted: 'SHARE_SALE_NOT_STARTED',
  SaleEnded: 'SHARE_SALE_ENDED',
  SaleStillOpen: 'SHARE_SALE_STILL_OPEN',
  ZeroShares: 'SHARES_AMOUNT_INVALID',
  CuratorCannotBuy: 'SELLER_CANNOT_BUY',
  PurchaseLimitExceeded: 'SHARE_PURCHASE_LIMIT',
  NotEnoughSharesLeft: 'NOT_ENOUGH_SHARES_LEFT',
  SharePaymentMismatch: 'SHARE_WRONG_PAYMENT',
  NoUnsoldShares: 'NO_UNSOLD_SHARES',
  // share listings
  CannotTakeOwnListing: 'SELLER_CANNOT_BUY',
  ShareListingNotStarted: 'ORDER_NOT_STARTED',
  ShareListingExpired: 'ORDER_EXPIRED',
  InvalidShareListing: 'INVALID_ORDER',
  ShareListingNotEnough: 'SHARE_LISTING_NOT_ENOUGH',
  ShareListingSharesMoved: 'SHARE_LISTING_SHARES_MOVED',
  InvalidMakerSignature: 'INVALID_SIGNATURE',
  CallerIsNotMaker: 'FORBIDDEN',
  SharesCannotGoToTheVault: 'SHARES_TO_VAULT',
  // buyout, cash-out, redemption
  BidBelowReserve: 'BID_BELOW_RESERVE',
  BidTooLow: 'BID_TOO_LOW',
  BuyoutEnded: 'BUYOUT_ENDED',
  BuyoutNotEnded: 'BUYOUT_NOT_ENDED',
  NoBuyout: 'NO_BUYOUT',
  BuyoutInProgress: 'BUYOUT_IN_PROGRESS',
  VaultClosed: 'VAULT_CLOSED',
  CashOutNotOpen: 'CASH_OUT_NOT_OPEN',
  NothingToCashOut: 'NOTHING_TO_CASH_OUT',
  MustHoldEveryShare: 'REDEEM_NEEDS_EVERY_SHARE',
  NftNotInVault: 'VAULT_NFT_MISSING',
  UnexpectedPayment: 'VALIDATION_FAILED',
  PaymentFailed: 'PAYMENT_FAILED',
  Reentrancy: 'TX_REJECTED',
  // solady's SafeTransferLib: pulling the bid's wrapped coin failed (balance or allowance short)
  TransferFromFailed: 'NOT_ENOUGH_WRAPPER_BALANCE',
  TransferFailed: 'TX_REJECTED',
} as const satisfies Record<string, ErrorCode>;

export type FractionalRevert = keyof typeof FRACTIONAL_REVERT_CODES;

/** The catalogue code of a vault or factory custom error name (undefined: not one of theirs). */
export function fractionalRevertCode(name: string): ErrorCode | undefined {
  return Object.hasOwn(FRACTIONAL_REVERT_CODES, name)
    ? FRACTIONAL_REVERT_CODES[name as FractionalRevert]
    : undefined;
}
