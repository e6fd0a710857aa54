/**
 * The product's enumerations, one spelling each. Wire schemas (shared/schemas), the database
 * types, the indexer and the screens all take their values from here.
 */

/** An NFT's (or a set's, a bundle's) sale status. */
export const NFT_STATUSES = ['ONSALE', 'NOTFORSALE', 'INCOMING', 'SOLD'] as const;
export type NftStatus = (typeof NFT_STATUSES)[number];

/** How a listing sells: a fixed price in VBC or an English auction in WVBC. */
export const SALE_TYPES = ['FIXED', 'AUCTION'] as const;
export type SaleType = (typeof SALE_TYPES)[number];

/** Provenance and activity events of an item. */
export const PROVENANCE_EVENTS = [
  'MINT',
  'LIST',
  'TRANSFER',
  'BUY',
  'REVOKE',
  'BID',
  'PURCHASE',
  // fractional vaults (docs/decisions/119-fractional-server-side.md)
  'FRACTIONALIZE',
  'SHARE_BUY',
  'BUYOUT',
  'REDEEM',
] as const;
export type ProvenanceEvent = (typeof PROVENANCE_EVENTS)[number];

/** Orders of the catalogue lists. */
export const LIST_SORTS = ['newest', 'like', 'bid', 'price_desc', 'price_asc'] as const;
export type ListSort = (typeof LIST_SORTS)[number];

/** Bundles have no bid count: every list order but by bids. */
export const BUNDLE_SORTS = [
  'newest',
  'like',
  'price_desc',
  'price_asc',
] as const satisfies readonly ListSort[];
export type BundleSort = (typeof BUNDLE_SORTS)[number];

/** Activity rows: the provenance events, and likes. */
export const ACTIVITY_TYPES = [...PROVENANCE_EVENTS, 'LIKE'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/**
 * The filters of a collection's activity and the event types each covers. The client sends the
 * name; the server filters by the types ('purchase' is both sides of a fill: PURCHASE and BUY).
 */
export const ACTIVITY_FILTER_TYPES = {
  listings: ['LIST'],
  purchase: ['PURCHASE', 'BUY'],
  transfer: ['TRANSFER'],
  likes: ['LIKE'],
  bids: ['BID'],
  revokes: ['REVOKE'],
} as const satisfies Record<string, readonly ActivityType[]>;
export type ActivityFilter = keyof typeof ACTIVITY_FILTER_TYPES;
export const ACTIVITY_FILTERS = Object.keys(ACTIVITY_FILTER_TYPES) as ActivityFilter[];

/** An order can fill while `pending`; then `success` if it filled at least once, else `end`. */
export const ORDER_STATUSES = ['pending', 'success', 'end'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** What an order sells. */
export const ORDER_TARGETS = ['NFT', 'SET', 'BUNDLE'] as const;
export type OrderTarget = (typeof ORDER_TARGETS)[number];
