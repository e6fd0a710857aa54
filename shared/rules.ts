/**
 * Business constants of spec §9, and the values the spec leaves open, chosen once here.
 * Shared by the web app and the server (pure values, no imports).
 */

/** spec §9: a bid must be at least 5% above the current highest bid (basis points). */
export const MIN_BID_INCREMENT_BPS = 500n;
/** spec §5/§9: minimum password length. */
export const MIN_PASSWORD_LENGTH = 6;
/** spec §9: how long a fake passphrase is shown (ms). */
export const FAKE_PASSPHRASE_DISPLAY_MS = 60_000;
/** spec §9: how long 'Copied' stays after a copy (ms). */
export const COPY_CONFIRMATION_MS = 2_000;
/** spec §9: amounts shown with 4 decimals; 5 places elsewhere. */
export const AMOUNT_DISPLAY_DECIMALS = 4;
export const DEFAULT_ROUNDING_DECIMALS = 5;
/** spec §9: the page sizes the client asks for, and the activity default. */
export const PAGE_SIZES = [3, 5, 6, 12, 24] as const;
export const ACTIVITY_PAGE_SIZE = 20;
/** Largest page the server serves (chosen: the largest size the client asks for). */
export const MAX_PAGE_SIZE = 24;
/** spec §9: narrow layout breakpoint and header scroll thresholds (px). */
export const NARROW_LAYOUT_MAX_WIDTH = 1199;
export const HEADER_BORDER_HIDE_MAX_SCROLL = 70;
export const HEADER_FADE_MIN_SCROLL = 30;
/** spec §9: network id of the test chain (bare domain as RPC URL). */
export const TEST_CHAIN_NETWORK_ID = 97;
/** spec §9: receipt status values. */
export const RECEIPT_STATUS_SUCCESS = '0x1';
export const RECEIPT_STATUS_FAILURE = '0x0';
/** spec §1, §9: no platform fee at present (basis points). */
export const PLATFORM_FEE_BPS = 0n;
/** Chosen (spec leaves it open): the platform fee can never be set above 10%. */
export const PLATFORM_FEE_CAP_BPS = 1_000n;
/** spec §3: NFT statuses. */
export const NFT_STATUSES = ['ONSALE', 'NOTFORSALE', 'INCOMING', 'SOLD'] as const;
export type NftStatus = (typeof NFT_STATUSES)[number];
/** spec §3: provenance event types. */
export const PROVENANCE_EVENTS = [
  'MINT',
  'LIST',
  'TRANSFER',
  'BUY',
  'REVOKE',
  'BID',
  'PURCHASE',
] as const;
export type ProvenanceEvent = (typeof PROVENANCE_EVENTS)[number];
/** spec §2: list sorts. */
export const LIST_SORTS = ['newest', 'like', 'bid', 'price_desc', 'price_asc'] as const;
export type ListSort = (typeof LIST_SORTS)[number];
