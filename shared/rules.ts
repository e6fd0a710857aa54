/**
 * The product's business rules as values, each written once: the web app, the server, the seed
 * and the tests import them from here. docs/product-rules.md says where each comes from.
 */

/** Basis points denominator (discounts, fees, bid raises). */
export const BPS = 10_000n;
/** A bid must be at least 5% above the current highest bid (basis points). */
export const MIN_BID_INCREMENT_BPS = 500n;
/** Minimum password length. */
export const MIN_PASSWORD_LENGTH = 6;
/** How long a fake passphrase is shown (ms). */
export const FAKE_PASSPHRASE_DISPLAY_MS = 60_000;
/** Amounts shown with 4 decimals. */
export const AMOUNT_DISPLAY_DECIMALS = 4;
/** The page sizes the client asks for, and the activity default. */
export const PAGE_SIZES = [3, 5, 6, 12, 24] as const;
export const ACTIVITY_PAGE_SIZE = 20;
/** Largest page the server serves (chosen: the largest size the client asks for). */
export const MAX_PAGE_SIZE = 24;
/** A list's page size when the client names none. */
export const DEFAULT_PAGE_SIZE = 12;
/** Network id of the test chain (bare domain as RPC URL). */
export const TEST_CHAIN_NETWORK_ID = 97;
/** A receipt's status when the transaction succeeded. */
export const RECEIPT_STATUS_SUCCESS = '0x1';
/** No platform fee at present (basis points). */
export const PLATFORM_FEE_BPS = 0n;
/** Chosen: the platform fee can never be set above 10%. */
export const PLATFORM_FEE_CAP_BPS = 1_000n;
/** Chosen: an order built without an end lasts 30 days (seconds). */
export const DEFAULT_ORDER_LIFETIME_SECONDS = 30n * 86_400n;

/*
 * Auction timing (docs/decisions/019-auction-end-and-claims.md). The Exchange's constants
 * MAX_EXTENSION, CLAIM_DELAY and CLAIM_WINDOW are these values; contracts/test-ts checks it.
 */
/** A bid this close to the end (seconds) moves the end to this long after the bid. */
export const AUCTION_EXTENSION_SECONDS = 600n;
/** An auction never ends more than this after its signed end time (seconds). */
export const AUCTION_MAX_EXTENSION_SECONDS = 3_600n;
/** Claims open this long after the signed end time: past the longest extension, plus an hour. */
export const AUCTION_CLAIM_DELAY_SECONDS = 7_200n;
/** Claims close this long after they open; the auction is then void (seconds). */
export const AUCTION_CLAIM_WINDOW_SECONDS = 7n * 86_400n;
/** Chosen: a settlement attestation lasts an hour (the claim is sent at once); the server
 * re-checks its winner's backing on every request meanwhile (server/src/services/settlement.ts). */
export const SETTLEMENT_TTL_SECONDS = 3_600n;

/** A gift's message: at most this many characters (server/migrations/045_gifts.sql). */
export const GIFT_MESSAGE_MAX_LENGTH = 280;
