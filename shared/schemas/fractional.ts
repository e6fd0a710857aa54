/**
 * Fractional vaults on the wire (contracts/src/fractional/*.sol; docs/decisions/117 and 119):
 * vaults as the indexer rebuilt them from their events, holders, share listings (gasless signed
 * `ShareOrder`s, contracts/typed-data/shares.ts), trades, holdings and payouts. Money in wei
 * strings, share counts as decimal strings (shares have 0 decimals but a supply up to 10^12).
 * Importable by the web app (types only).
 */
import Type, { type Static } from 'typebox';
import { Address, IsoDate, Nullable, TxHash, Uint, Wei } from './common.ts';
import { Signature } from './trading.ts';

/** The list's orders: newest vault, most holders, lowest sale price per share, sale ending soonest. */
export const FRACTIONAL_SORTS = ['newest', 'most_held', 'price_per_share', 'ending_soon'] as const;

/** A vault's life (IFractional.sol `VaultState`). */
export const VAULT_STATES = ['IDLE', 'LIVE', 'SUCCEEDED', 'FAILED', 'REDEEMED'] as const;
export type VaultState = (typeof VAULT_STATES)[number];

/** The primary sale's phase at the time of the answer (from its window and what is left). */
export const SALE_PHASES = ['UPCOMING', 'OPEN', 'SOLD_OUT', 'ENDED'] as const;
export type SalePhase = (typeof SALE_PHASES)[number];

const NetworkId = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const Page = Type.Integer({ minimum: 1, maximum: 1_000_000, description: 'default 1' });
const Size = Type.Integer({ minimum: 1, maximum: 24, description: 'default 12' });
const LongSize = Type.Integer({ minimum: 1, maximum: 50, description: 'default 20' });

/** The NFT's link to its vault, on every catalogue NFT (null: not in a vault). */
export const FractionalRef = Type.Object({
  vault: Address,
  networkId: Type.Integer(),
  state: Type.Enum(VAULT_STATES),
});
export type FractionalRef = Static<typeof FractionalRef>;

/** The buyout auction in the wrapped coin; null on a vault nobody bid on. */
export const Buyout = Type.Object({
  state: Type.Union([Type.Literal('LIVE'), Type.Literal('SUCCEEDED'), Type.Literal('FAILED')]),
  bidder: Address,
  amount: Wei,
  /** The current end (moves with a late bid, at most 1 hour past the planned end). */
  endsAt: IsoDate,
  bidCount: Type.Integer({ minimum: 1 }),
  /** The lowest next bid: 5% above the current one, rounded up (null once it ended). */
  minNextBid: Nullable(Wei),
  /** A holder's payout per share once it succeeded (amount / supply, rounded down). */
  payoutPerShare: Nullable(Wei),
});
export type Buyout = Static<typeof Buyout>;

/** A vault as the list shows it (a card). */
export const FractionalVault = Type.Object({
  networkId: Type.Integer(),
  vault: Address,
  collectionAddr: Address,
  tokenId: Uint,
  /** The catalogue's NFT (`nfts.id`; null before the indexer read it). */
  item_id: Nullable(Type.Integer()),
  name: Type.String(),
  image: Type.String(),
  labelId: Nullable(Type.Integer()),
  curator: Address,
  state: Type.Enum(VAULT_STATES),
  supply: Uint,
  pricePerShare: Wei,
  purchaseLimit: Uint,
  saleStart: IsoDate,
  saleEnd: IsoDate,
  salePhase: Type.Enum(SALE_PHASES),
  reservePrice: Wei,
  sharesSold: Uint,
  sharesLeft: Uint,
  /** sharesSold / supply in basis points (rounded down). */
  soldBps: Type.Integer({ minimum: 0, maximum: 10_000 }),
  holdersCount: Type.Integer({ minimum: 0 }),
  /** The last traded price per share (a listing fill, else the sale price once one sold). */
  lastPrice: Nullable(Wei),
  /** The cheapest open share listing's price per share. */
  floorPrice: Nullable(Wei),
  buyout: Nullable(Buyout),
  createdAt: IsoDate,
});
export type FractionalVault = Static<typeof FractionalVault>;

/** The fractional page: the card plus what only the page shows. */
export const FractionalDetail = Type.Object({
  ...FractionalVault.properties,
  description: Type.String(),
  /** Unsold shares went back to the partner (after the window, or at the first bid). */
  unsoldReleased: Type.Boolean(),
  /** Shares burnt for cash-outs so far, and their total payout. */
  cashedOutShares: Uint,
  cashedOutAmount: Wei,
  /** The NFT's holder of every share took it (REDEEMED): who. */
  redeemedBy: Nullable(Address),
  txHash: TxHash,
});
export type FractionalDetail = Static<typeof FractionalDetail>;

export const FractionalListQuery = Type.Object({
  page: Type.Optional(Page),
  size: Type.Optional(Size),
  networkId: Type.Optional(NetworkId),
  labelId: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, description: 'category id' })),
  sort: Type.Optional(Type.Enum(FRACTIONAL_SORTS)),
  state: Type.Optional(Type.Enum(VAULT_STATES)),
});
export type FractionalListQuery = Static<typeof FractionalListQuery>;

/** `/:networkId/:vault` */
export const VaultParams = Type.Object({ networkId: NetworkId, vault: Address });
export type VaultParams = Static<typeof VaultParams>;
export const VaultPageQuery = Type.Object({
  page: Type.Optional(Page),
  size: Type.Optional(LongSize),
});
export type VaultPageQuery = Static<typeof VaultPageQuery>;

export const Holder = Type.Object({
  address: Address,
  shares: Uint,
  /** shares / supply in basis points (rounded down). */
  shareBps: Type.Integer({ minimum: 0, maximum: 10_000 }),
  /** The profile linked to the address, if any. */
  username: Nullable(Type.String()),
});
export type Holder = Static<typeof Holder>;

/** contracts/typed-data/shares.ts `ShareOrder`, integers as decimal strings. */
export const ShareOrderMessage = Type.Object({
  maker: Address,
  shares: Uint,
  pricePerShare: Uint,
  startTime: Uint,
  endTime: Uint,
  salt: Uint,
  maxFeeBps: Uint,
});
export type ShareOrderMessage = Static<typeof ShareOrderMessage>;

export const SHARE_LISTING_STATUSES = ['OPEN', 'FILLED', 'CANCELLED', 'EXPIRED'] as const;

export const ShareListing = Type.Object({
  orderHash: TxHash,
  networkId: Type.Integer(),
  vault: Address,
  order: ShareOrderMessage,
  signature: Signature,
  /** Shares still to take (shares - filled). */
  sharesLeft: Uint,
  status: Type.Enum(SHARE_LISTING_STATUSES),
  createdAt: IsoDate,
});
export type ShareListing = Static<typeof ShareListing>;

export const ShareListingBody = Type.Object({
  order: ShareOrderMessage,
  signature: Signature,
});
export type ShareListingBody = Static<typeof ShareListingBody>;

export const ShareListingParams = Type.Object({
  networkId: NetworkId,
  vault: Address,
  orderHash: TxHash,
});

/** Taking `shares` of a listing from `taker`. */
export const TakeBody = Type.Object({ taker: Address, shares: Uint });
export type TakeBody = Static<typeof TakeBody>;

/** An unsigned call for the client to sign and send (take, cancelShareOrder). */
export const VaultTx = Type.Object({
  from: Address,
  to: Address,
  data: Type.String({ pattern: '^0x[0-9a-fA-F]*$' }),
  value: Wei,
  chainId: Type.Integer(),
});
export type VaultTx = Static<typeof VaultTx>;

/** A share trade: a primary sale purchase (SALE, seller the partner) or a listing fill. */
export const ShareTrade = Type.Object({
  kind: Type.Union([Type.Literal('SALE'), Type.Literal('LISTING')]),
  txHash: TxHash,
  buyer: Address,
  seller: Address,
  shares: Uint,
  pricePerShare: Wei,
  /** What the buyer paid (shares x price), and the platform's fee out of it. */
  amount: Wei,
  fee: Wei,
  orderHash: Nullable(TxHash),
  at: IsoDate,
});
export type ShareTrade = Static<typeof ShareTrade>;

export const PricePoint = Type.Object({
  at: IsoDate,
  pricePerShare: Wei,
  shares: Uint,
  kind: Type.Union([Type.Literal('SALE'), Type.Literal('LISTING')]),
});
export const PriceHistory = Type.Array(PricePoint);

export const AddressQuery = Type.Object({
  address: Address,
  networkId: Type.Optional(NetworkId),
});
export type AddressQuery = Static<typeof AddressQuery>;

/** One vault an address holds shares of (or has a payout waiting in). */
export const Holding = Type.Object({
  vault: FractionalVault,
  shares: Uint,
  /** shares x the last price (the sale price before any trade). */
  value: Wei,
  openListings: Type.Array(ShareListing),
  /** What cashing out pays now (the buyout succeeded), null otherwise. */
  payoutWaiting: Nullable(Wei),
});
export type Holding = Static<typeof Holding>;

export const Payout = Type.Object({
  networkId: Type.Integer(),
  vault: Address,
  name: Type.String(),
  image: Type.String(),
  status: Type.Union([Type.Literal('WAITING'), Type.Literal('CASHED_OUT')]),
  shares: Uint,
  amount: Wei,
  /** The cash-out's transaction (CASHED_OUT only). */
  txHash: Nullable(TxHash),
  at: Nullable(IsoDate),
});
export type Payout = Static<typeof Payout>;

/** A transaction the platform wallet signed, for a vault or the factory of `networkId`. */
export const VaultRawTxBody = Type.Object({
  networkId: NetworkId,
  rawTx: Type.String({ pattern: '^0x[0-9a-fA-F]+$', maxLength: 131072 }),
});
