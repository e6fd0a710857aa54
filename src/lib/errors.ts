/**
 * The API layer's error: the server's stable code (shared/errors.ts), mapped to an i18n key of
 * the error catalogue (`errors:*`), with the cause chained.
 */
import { MIN_PASSWORD_LENGTH } from '#shared/rules.ts';
import type { Resources } from './i18n-resources.ts';

export type ErrorKey = keyof Resources['errors'];

/** The values the catalogue's messages interpolate (passwordTooShort's {{min}}). */
export const ERROR_VALUES = { min: MIN_PASSWORD_LENGTH } as const;

/**
 * Server error code (server/src/errors.ts, stable by contract) → catalogue key. errors.test.ts
 * fails when the server has a code this table lacks (a typecheck failure would block everyone).
 */
export const ERROR_CODE_KEYS = {
  ACCOUNT_NOT_FOUND: 'accountNotExist',
  WRONG_CREDENTIALS: 'wrongCredentials',
  WRONG_PASSWORD: 'wrongPassword',
  ACCOUNT_EXISTS: 'accountExists',
  USERNAME_TAKEN: 'usernameTaken',
  AUTH_REQUEST_EXPIRED: 'authExpired',
  EMAIL_VERIFICATION_FAILED: 'verifyEmailFailed',
  EMAIL_ALREADY_VERIFIED: 'emailAlreadyVerified',
  EMAIL_NOT_VERIFIED: 'emailNotVerified',
  PASSWORD_MISMATCH: 'passwordMismatch',
  PASSWORD_TOO_SHORT: 'passwordTooShort',
  PASSWORD_SAME_AS_OLD: 'passwordSameAsOld',
  INVALID_EMAIL: 'invalidEmail',
  REQUIRED_FIELD: 'compulsoryField',
  VALIDATION_FAILED: 'invalid',
  ADDRESS_IN_USE: 'addressInUse',
  INVALID_ADDRESS: 'invalidAddress',
  INVALID_SIGNATURE: 'invalidSignature',
  WRONG_NETWORK: 'wrongNetwork',
  UNKNOWN_NETWORK: 'wrongNetwork',
  CONTRACT_NOT_DEPLOYED: 'comingSoon',
  CLEAR_SECRET_REFUSED: 'clearSecretRefused',
  WALLET_NOT_FOUND: 'walletNotConnected',
  NOT_ENOUGH_WRAPPER_BALANCE: 'notEnoughWrapper',
  NOT_ENOUGH_ACCOUNT_BALANCE: 'notEnoughAccount',
  NO_ITEMS_SELECTED: 'selectItems',
  NOT_FOUND: 'noDataFound',
  USE_WALLET_ACCOUNT: 'useWalletAccount',
  SELLER_CANNOT_BUY: 'youAreTheSeller',
  COMING_SOON: 'comingSoon',
  INVALID_ORDER: 'invalidOrder',
  NOT_ITEM_OWNER: 'notItemOwner',
  EXCHANGE_NOT_APPROVED: 'exchangeNotApproved',
  ALREADY_LISTED: 'alreadyListed',
  ORDER_NOT_AVAILABLE: 'orderNotAvailable',
  ORDER_SOLD: 'orderSold',
  ORDER_EXPIRED: 'orderExpired',
  PRICE_CHANGED: 'priceChanged',
  ORDER_NOT_STARTED: 'orderNotStarted',
  WRONG_SALE_KIND: 'wrongSaleKind',
  AUCTION_NOT_STARTED: 'auctionNotStarted',
  AUCTION_ENDED: 'auctionEnded',
  AUCTION_NOT_ENDED: 'auctionNotEnded',
  BID_BELOW_RESERVE: 'bidBelowReserve',
  BID_TOO_LOW: 'bidTooLow',
  OUTBID_WHILE_BIDDING: 'outbidWhileBidding',
  NOT_THE_WINNER: 'notTheWinner',
  NO_VALID_BID: 'noValidBid',
  CLAIMS_NOT_OPEN: 'claimsNotOpen',
  CLAIM_WINDOW_CLOSED: 'claimWindowClosed',
  AUCTION_SETTLING: 'auctionSettling',
  GIFT_NOT_FOUND: 'giftNotFound',
  GIFT_ALREADY_CLAIMED: 'giftClaimed',
  GIFT_TAKEN_BACK: 'giftTakenBack',
  GIFT_MESSAGE_EXISTS: 'giftMessageExists',
  GIFT_NOT_RELAYED: 'giftNotRelayed',
  DROP_NOT_FOUND: 'dropNotFound',
  INVALID_DROP: 'invalidDrop',
  DROP_BAG_COMMIT_LATE: 'dropBagCommitLate',
  DROP_NOT_STARTED: 'dropNotStarted',
  DROP_ENDED: 'dropEnded',
  DROP_SOLD_OUT: 'dropSoldOut',
  DROP_OVER_LIMIT: 'dropOverLimit',
  WRONG_PAYMENT: 'wrongPayment',
  NOT_DROP_PARTNER: 'notDropPartner',
  DROP_WRONG_KIND: 'dropWrongKind',
  DROP_DELIVERY_CLOSED: 'dropDeliveryClosed',
  DROP_DELIVER_TOO_MANY: 'dropDeliverTooMany',
  DROP_REFUND_NOT_OPEN: 'dropRefundNotOpen',
  DROP_NOTHING_TO_REFUND: 'dropNothingToRefund',
  DROP_REVEAL_TOO_EARLY: 'dropRevealTooEarly',
  DROP_REVEAL_PENDING: 'dropRevealPending',
  DROP_ALREADY_REVEALED: 'dropAlreadyRevealed',
  DROP_NOT_REVEALED: 'dropNotRevealed',
  DROP_BAG_OPENED: 'dropBagOpened',
  DROP_INVALID_PROOF: 'dropInvalidProof',
  DROP_NOTHING_TO_WITHDRAW: 'dropNothingToWithdraw',
  DROP_POOL_UNKNOWN: 'dropPoolUnknown',
  NOT_PARTNER: 'notPartner',
  FRACTIONALIZE_NOT_PARTNER: 'fractionalizeNotPartner',
  FRACTIONAL_COLLECTION_NOT_SUPPORTED: 'fractionalCollectionNotSupported',
  INVALID_SHARE_COUNT: 'invalidShareCount',
  INVALID_SHARE_PRICE: 'invalidSharePrice',
  INVALID_PURCHASE_LIMIT: 'invalidPurchaseLimit',
  INVALID_SALE_WINDOW: 'invalidSaleWindow',
  RESERVE_BELOW_SALE_VALUE: 'reserveBelowSaleValue',
  SHARE_SALE_NOT_STARTED: 'shareSaleNotStarted',
  SHARE_SALE_ENDED: 'shareSaleEnded',
  SHARE_SALE_STILL_OPEN: 'shareSaleStillOpen',
  SHARES_AMOUNT_INVALID: 'sharesAmountInvalid',
  SHARE_PURCHASE_LIMIT: 'sharePurchaseLimit',
  NOT_ENOUGH_SHARES_LEFT: 'notEnoughSharesLeft',
  SHARE_WRONG_PAYMENT: 'shareWrongPayment',
  NO_UNSOLD_SHARES: 'noUnsoldShares',
  SHARE_LISTING_NOT_ENOUGH: 'shareListingNotEnough',
  SHARE_LISTING_SHARES_MOVED: 'shareListingSharesMoved',
  SHARES_TO_VAULT: 'sharesToVault',
  BUYOUT_ENDED: 'buyoutEnded',
  BUYOUT_NOT_ENDED: 'buyoutNotEnded',
  NO_BUYOUT: 'noBuyout',
  BUYOUT_IN_PROGRESS: 'buyoutInProgress',
  VAULT_CLOSED: 'vaultClosed',
  CASH_OUT_NOT_OPEN: 'cashOutNotOpen',
  NOTHING_TO_CASH_OUT: 'nothingToCashOut',
  REDEEM_NEEDS_EVERY_SHARE: 'redeemNeedsEveryShare',
  VAULT_NFT_MISSING: 'vaultNftMissing',
  PAYMENT_FAILED: 'paymentFailed',
  WRONG_CONTRACT: 'wrongContract',
  TX_REJECTED: 'txRejected',
  NONCE_NOT_NEXT: 'nonceNotNext',
  TOO_MANY_PENDING: 'tooManyPending',
  UNAUTHORIZED: 'notSignedIn',
  FORBIDDEN: 'forbidden',
  INVALID_MARKETPLACE_KEY: 'invalidKey',
  INVALID_API_KEY: 'invalidKey',
  ROUTE_NOT_FOUND: 'noDataFound',
  METHOD_NOT_ALLOWED: 'methodNotAllowed',
  PAYLOAD_TOO_LARGE: 'payloadTooLarge',
  UNSUPPORTED_MEDIA_TYPE: 'unsupportedMediaType',
  UPLOAD_QUOTA_EXCEEDED: 'uploadQuotaExceeded',
  RATE_LIMITED: 'rateLimited',
  TOO_MANY_STREAMS: 'tooManyStreams',
  STREAMS_FULL: 'streamsFull',
  CHAIN_UNAVAILABLE: 'chainUnavailable',
  MAIL_FAILED: 'mailFailed',
  DATABASE_UNAVAILABLE: 'databaseUnavailable',
  INTERNAL_ERROR: 'server',
} as const satisfies Record<string, ErrorKey>;

type MappedCode = keyof typeof ERROR_CODE_KEYS;

function isMappedCode(code: string): code is MappedCode {
  return Object.hasOwn(ERROR_CODE_KEYS, code);
}

export function errorKeyFor(code: string | undefined, status: number): ErrorKey {
  if (code && isMappedCode(code)) return ERROR_CODE_KEYS[code];
  if (status === 401) return 'notSignedIn';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'notFound';
  if (status === 400 || status === 422) return 'validation';
  if (status === 429) return 'rateLimited';
  if (status >= 500) return 'server';
  if (status === 0) return 'network';
  return 'unknown';
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  /** i18n key in the `errors` namespace. */
  readonly key: ErrorKey;

  constructor(
    message: string,
    options: { status: number; code?: string | undefined; cause?: unknown },
  ) {
    super(message, { cause: options.cause });
    this.status = options.status;
    this.code = options.code ?? (options.status === 0 ? 'NETWORK' : `HTTP_${options.status}`);
    this.key = errorKeyFor(options.code, options.status);
  }
}

export function errorKeyOf(error: unknown): ErrorKey {
  return error instanceof ApiError ? error.key : 'unknown';
}
