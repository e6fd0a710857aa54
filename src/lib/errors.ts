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
 * Server error code (server/src/errors.ts, stable by contract) → catalogue key. Most codes are
 * their key in camelCase (DROP_SOLD_OUT → dropSoldOut): SAME_NAME lists them, and the typecheck
 * fails when one of them names no key of the catalogue. KEY_OF holds the others (several codes
 * share one message). errors.test.ts fails when the server has a code neither lists.
 */
const KEY_OF = {
  ACCOUNT_NOT_FOUND: 'accountNotExist',
  AUTH_REQUEST_EXPIRED: 'authExpired',
  EMAIL_VERIFICATION_FAILED: 'verifyEmailFailed',
  REQUIRED_FIELD: 'compulsoryField',
  VALIDATION_FAILED: 'invalid',
  UNKNOWN_NETWORK: 'wrongNetwork',
  CONTRACT_NOT_DEPLOYED: 'comingSoon',
  WALLET_NOT_FOUND: 'walletNotConnected',
  NOT_ENOUGH_WRAPPER_BALANCE: 'notEnoughWrapper',
  NOT_ENOUGH_ACCOUNT_BALANCE: 'notEnoughAccount',
  NO_ITEMS_SELECTED: 'selectItems',
  NOT_FOUND: 'noDataFound',
  SELLER_CANNOT_BUY: 'youAreTheSeller',
  GIFT_ALREADY_CLAIMED: 'giftClaimed',
  UNAUTHORIZED: 'notSignedIn',
  INVALID_MARKETPLACE_KEY: 'invalidKey',
  INVALID_API_KEY: 'invalidKey',
  ROUTE_NOT_FOUND: 'noDataFound',
  TOO_MANY_CONNECTIONS: 'rateLimited',
  INTERNAL_ERROR: 'server',
} as const satisfies Record<string, ErrorKey>;

const SAME_NAME = [
  'WRONG_CREDENTIALS',
  'WRONG_PASSWORD',
  'ACCOUNT_EXISTS',
  'USERNAME_TAKEN',
  'EMAIL_ALREADY_VERIFIED',
  'EMAIL_NOT_VERIFIED',
  'PASSWORD_MISMATCH',
  'PASSWORD_TOO_SHORT',
  'PASSWORD_SAME_AS_OLD',
  'INVALID_EMAIL',
  'ADDRESS_IN_USE',
  'INVALID_ADDRESS',
  'INVALID_SIGNATURE',
  'WRONG_NETWORK',
  'CLEAR_SECRET_REFUSED',
  'USE_WALLET_ACCOUNT',
  'COMING_SOON',
  'INVALID_ORDER',
  'NOT_ITEM_OWNER',
  'EXCHANGE_NOT_APPROVED',
  'ALREADY_LISTED',
  'ORDER_NOT_AVAILABLE',
  'ORDER_SOLD',
  'ORDER_EXPIRED',
  'PRICE_CHANGED',
  'ORDER_NOT_STARTED',
  'WRONG_SALE_KIND',
  'AUCTION_NOT_STARTED',
  'AUCTION_ENDED',
  'AUCTION_NOT_ENDED',
  'BID_BELOW_RESERVE',
  'BID_TOO_LOW',
  'OUTBID_WHILE_BIDDING',
  'NOT_THE_WINNER',
  'NO_VALID_BID',
  'CLAIMS_NOT_OPEN',
  'CLAIM_WINDOW_CLOSED',
  'AUCTION_SETTLING',
  'GIFT_NOT_FOUND',
  'GIFT_TAKEN_BACK',
  'GIFT_MESSAGE_EXISTS',
  'GIFT_NOT_RELAYED',
  'DROP_NOT_FOUND',
  'INVALID_DROP',
  'DROP_BAG_COMMIT_LATE',
  'DROP_NOT_STARTED',
  'DROP_ENDED',
  'DROP_SOLD_OUT',
  'DROP_OVER_LIMIT',
  'WRONG_PAYMENT',
  'NOT_DROP_PARTNER',
  'DROP_WRONG_KIND',
  'DROP_DELIVERY_CLOSED',
  'DROP_DELIVER_TOO_MANY',
  'DROP_REFUND_NOT_OPEN',
  'DROP_NOTHING_TO_REFUND',
  'DROP_REVEAL_TOO_EARLY',
  'DROP_REVEAL_PENDING',
  'DROP_ALREADY_REVEALED',
  'DROP_NOT_REVEALED',
  'DROP_BAG_OPENED',
  'DROP_INVALID_PROOF',
  'DROP_NOTHING_TO_WITHDRAW',
  'DROP_POOL_UNKNOWN',
  'NOT_PARTNER',
  'FRACTIONALIZE_NOT_PARTNER',
  'FRACTIONAL_COLLECTION_NOT_SUPPORTED',
  'INVALID_SHARE_COUNT',
  'INVALID_SHARE_PRICE',
  'INVALID_PURCHASE_LIMIT',
  'INVALID_SALE_WINDOW',
  'RESERVE_BELOW_SALE_VALUE',
  'SHARE_SALE_NOT_STARTED',
  'SHARE_SALE_ENDED',
  'SHARE_SALE_STILL_OPEN',
  'SHARES_AMOUNT_INVALID',
  'SHARE_PURCHASE_LIMIT',
  'NOT_ENOUGH_SHARES_LEFT',
  'SHARE_WRONG_PAYMENT',
  'NO_UNSOLD_SHARES',
  'SHARE_LISTING_NOT_ENOUGH',
  'SHARE_LISTING_SHARES_MOVED',
  'SHARES_TO_VAULT',
  'BUYOUT_ENDED',
  'BUYOUT_NOT_ENDED',
  'NO_BUYOUT',
  'BUYOUT_IN_PROGRESS',
  'VAULT_CLOSED',
  'CASH_OUT_NOT_OPEN',
  'NOTHING_TO_CASH_OUT',
  'REDEEM_NEEDS_EVERY_SHARE',
  'VAULT_NFT_MISSING',
  'PAYMENT_FAILED',
  'WRONG_CONTRACT',
  'TX_REJECTED',
  'NONCE_NOT_NEXT',
  'TOO_MANY_PENDING',
  'FORBIDDEN',
  'METHOD_NOT_ALLOWED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'UPLOAD_QUOTA_EXCEEDED',
  'RATE_LIMITED',
  'TOO_MANY_STREAMS',
  'STREAMS_FULL',
  'CHAIN_UNAVAILABLE',
  'MAIL_FAILED',
  'DATABASE_UNAVAILABLE',
] as const;

/** FOO_BAR_BAZ → fooBarBaz, as a type (what SAME_NAME's codes must name) and as a value. */
type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Lowercase<Head>}${Capitalize<CamelCase<Tail>>}`
  : Lowercase<S>;
type SameNameCode = (typeof SAME_NAME)[number];

const sameName: ReadonlySet<string> = new Set(SAME_NAME);

function camelCase<S extends string>(code: S): CamelCase<S> {
  return code
    .toLowerCase()
    .replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()) as CamelCase<S>;
}

/** The catalogue key of a server code; undefined for a code the server does not have. */
export function codeKey(code: string): ErrorKey | undefined {
  if (Object.hasOwn(KEY_OF, code)) return KEY_OF[code as keyof typeof KEY_OF];
  return sameName.has(code) ? camelCase(code as SameNameCode) : undefined;
}

export function errorKeyFor(code: string | undefined, status: number): ErrorKey {
  const key = code ? codeKey(code) : undefined;
  if (key) return key;
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
