/**
 * Every entity as the API returns it. Field names follow the product's client where it names them
 * (item_id, collectionAddr, tokenId, hotNFT, isSet, ...), camelCase elsewhere.
 */
import Type, { type Static } from 'typebox';
import { ACTIVITY_TYPES, ORDER_STATUSES } from '../enums.ts';
import { Address, IsoDate, NftStatus, Nullable, SaleType, TxHash, Wei } from './common.ts';
import { FractionalRef } from './fractional.ts';

export const Category = Type.Object({
  id: Type.Integer({ description: 'labelId' }),
  key: Type.String({ description: 'stable key; the web app translates it' }),
  name: Type.String({ description: 'English name' }),
});
export type Category = Static<typeof Category>;

export const Network = Type.Object({
  _id: Type.Integer(),
  networkId: Type.Integer({ description: 'EVM chain id' }),
  name: Type.String(),
  icon: Type.String(),
  domain: Type.String({ description: 'RPC base (before the suffix rule)' }),
  gateway: Type.String(),
  group: Type.Union([Type.Literal('mainnet'), Type.Literal('testnet'), Type.Literal('devnet')]),
  rpcUrl: Type.String({
    description: 'domain with the RPC suffix rule applied (docs/product-rules.md)',
  }),
  nativeSymbol: Type.String(),
  wrappedSymbol: Type.String(),
  explorerUrl: Type.String(),
  wrapperAddress: Nullable(Address),
  exchangeAddress: Nullable(Address),
  collectionFactoryAddress: Nullable(Address),
  /** The gift escrow (contracts/src/Gifts.sol); absent or null where it is not deployed. */
  giftsAddress: Type.Optional(Nullable(Address)),
  /** The fractional vault factory (contracts/src/FractionalVaultFactory.sol); null where absent. */
  fractionalFactoryAddress: Type.Optional(Nullable(Address)),
});
export type Network = Static<typeof Network>;

/** Public view of a user (profiles, creators, followers). */
export const User = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  avatar: Nullable(Type.String()),
  banner: Nullable(Type.String()),
  bio: Type.String(),
  isCreator: Type.Boolean(),
  followersCount: Type.Integer(),
  followingCount: Type.Integer(),
  bcAddresses: Type.Array(Address),
  createdAt: IsoDate,
});
export type User = Static<typeof User>;

/** The signed-in user's own profile. */
export const Account = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  email: Nullable(Type.String()),
  emailVerified: Type.Boolean(),
  avatar: Nullable(Type.String()),
  banner: Nullable(Type.String()),
  bio: Type.String(),
  isCreator: Type.Boolean(),
  isPartner: Type.Boolean(),
  followersCount: Type.Integer(),
  followingCount: Type.Integer(),
  bc_address_mints: Type.Array(Address, { description: 'chain addresses owned' }),
  createdAt: IsoDate,
});
export type Account = Static<typeof Account>;

/** Session answer of sign-in (data with token). */
export const Session = Type.Object({
  token: Type.String({ description: 'JWT, send as Authorization: Bearer' }),
  expiresAt: IsoDate,
  user: Account,
});
export type Session = Static<typeof Session>;

export const Wallet = Type.Object({
  _id: Type.Integer(),
  name: Type.String(),
  address: Address,
  platform: Type.Union([Type.Literal(0), Type.Literal(1)], {
    description: '0 = platform wallet (VBchain), 1 = browser extension (MetaMask)',
  }),
  isActive: Type.Boolean(),
  createdAt: IsoDate,
});
export type Wallet = Static<typeof Wallet>;

export const WalletAccount = Type.Object({
  walletId: Type.Integer(),
  address: Address,
  encPrivateKey: Type.Record(Type.String(), Type.Unknown(), {
    description: 'keystore v3 JSON, encrypted in the browser',
  }),
});
export type WalletAccount = Static<typeof WalletAccount>;

export const Property = Type.Object({
  id: Type.Integer(),
  traitType: Type.String(),
  value: Type.String(),
  displayType: Nullable(Type.String()),
  rarityBps: Nullable(Type.Integer()),
});
export type Property = Static<typeof Property>;

export const InspectionReport = Type.Object({
  id: Type.Integer(),
  item_id: Type.Integer(),
  inspector: Type.String(),
  result: Type.String(),
  summary: Type.String(),
  documentUrl: Nullable(Type.String()),
  inspectedAt: IsoDate,
});
export type InspectionReport = Static<typeof InspectionReport>;

export const Nft = Type.Object({
  item_id: Type.Integer(),
  networkId: Type.Integer(),
  collectionAddr: Address,
  collectionId: Nullable(Type.Integer()),
  tokenId: Wei,
  tokenNonce: Wei,
  owner: Address,
  creator: Address,
  name: Type.String(),
  description: Type.String(),
  image: Type.String(),
  animationUrl: Nullable(Type.String()),
  metadataUri: Type.String(),
  status: NftStatus,
  baseType: Type.String(),
  labelId: Nullable(Type.Integer()),
  hotNFT: Type.Boolean(),
  isSet: Type.Boolean(),
  isBundle: Type.Boolean(),
  isBid: Type.Boolean(),
  saleType: SaleType,
  buyPrice: Nullable(Wei),
  discountBps: Type.Integer({ description: 'percent discount in basis points' }),
  highestBid: Nullable(Wei),
  likeCount: Type.Integer(),
  bidCount: Type.Integer(),
  orderHash: Nullable(TxHash),
  setId: Nullable(Type.Integer()),
  bundleId: Nullable(Type.Integer()),
  isLiked: Type.Boolean({ description: 'whether likeAddress liked it (false without one)' }),
  /** Its fractional vault while it is in one (shared/schemas/fractional.ts); null otherwise. */
  fractional: Type.Optional(Nullable(FractionalRef)),
  createdAt: IsoDate,
});
export type Nft = Static<typeof Nft>;

export const Collection = Type.Object({
  id: Type.Integer(),
  networkId: Type.Integer(),
  collectionAddr: Address,
  name: Type.String(),
  symbol: Type.String(),
  description: Type.String(),
  image: Type.String(),
  banner: Type.String(),
  creator: Address,
  labelId: Nullable(Type.Integer()),
  likeCount: Type.Integer(),
  bidCount: Type.Integer(),
  itemsCount: Type.Integer(),
  floorPrice: Nullable(Wei),
  volume: Wei,
  isLiked: Type.Boolean(),
  createdAt: IsoDate,
});
export type Collection = Static<typeof Collection>;

export const Order = Type.Object({
  orderHash: TxHash,
  networkId: Type.Integer(),
  maker: Address,
  saleKind: Type.Union([Type.Literal('FIXED'), Type.Literal('AUCTION')]),
  target: Type.Union([Type.Literal('NFT'), Type.Literal('SET'), Type.Literal('BUNDLE')]),
  item_id: Nullable(Type.Integer()),
  setId: Nullable(Type.Integer()),
  bundleId: Nullable(Type.Integer()),
  paymentToken: Address,
  price: Wei,
  startTime: IsoDate,
  endTime: Nullable(IsoDate),
  message: Type.Record(Type.String(), Type.Unknown(), {
    description: 'EIP-712 message as signed, big numbers as decimal strings',
  }),
  signature: Type.String(),
  status: Type.Enum(ORDER_STATUSES),
  taker: Nullable(Address),
  txHash: Nullable(TxHash),
  createdAt: IsoDate,
});
export type Order = Static<typeof Order>;

/**
 * An entry of the order history: an order the address made (sell), or its purchase from an
 * order (buy: one per fill it took, e.g. part of a bundle; status success, taker, txHash and
 * createdAt those of the purchase).
 */
export const OrderHistoryEntry = Type.Object({
  ...Order.properties,
  side: Type.Union([Type.Literal('sell'), Type.Literal('buy')]),
  items: Type.Integer({ description: 'How many items the order offers' }),
  itemsSold: Type.Integer({
    description: 'sell: the items of the order sold so far; buy: the items this purchase took',
  }),
  /** buy: what the buyer paid, fee included; sell: null. */
  paid: Nullable(Wei),
});
export type OrderHistoryEntry = Static<typeof OrderHistoryEntry>;

export const NftDetail = Type.Object({
  ...Nft.properties,
  collection: Nullable(
    Type.Object({ id: Type.Integer(), name: Type.String(), image: Type.String() }),
  ),
  ownerUser: Nullable(User),
  creatorUser: Nullable(User),
  order: Nullable(Order),
});
export type NftDetail = Static<typeof NftDetail>;

export const NftSet = Type.Object({
  id: Type.Integer(),
  setId: Type.Integer(),
  networkId: Type.Integer(),
  collectionAddr: Nullable(Address),
  owner: Address,
  creator: Address,
  name: Type.String(),
  description: Type.String(),
  image: Type.String(),
  status: NftStatus,
  baseType: Type.String(),
  labelId: Nullable(Type.Integer()),
  saleType: SaleType,
  isBid: Type.Boolean(),
  hotNFT: Type.Boolean(),
  price: Nullable(Wei),
  highestBid: Nullable(Wei),
  likeCount: Type.Integer(),
  bidCount: Type.Integer(),
  itemsCount: Type.Integer(),
  orderHash: Nullable(TxHash),
  isLiked: Type.Boolean(),
  createdAt: IsoDate,
});
export type NftSet = Static<typeof NftSet>;

export const Bundle = Type.Object({
  id: Type.Integer(),
  networkId: Type.Integer(),
  owner: Address,
  creator: Address,
  name: Type.String(),
  description: Type.String(),
  image: Type.String(),
  status: NftStatus,
  labelId: Nullable(Type.Integer()),
  discountBps: Type.Integer(),
  minCount: Type.Integer({ description: 'items needed for the discount' }),
  itemsCount: Type.Integer(),
  priceTotal: Wei,
  likeCount: Type.Integer(),
  orderHash: Nullable(TxHash),
  isLiked: Type.Boolean(),
  createdAt: IsoDate,
});
export type Bundle = Static<typeof Bundle>;

export const BundleItem = Type.Object({
  ...Nft.properties,
  pricePerItem: Wei,
  sold: Type.Boolean(),
});
export type BundleItem = Static<typeof BundleItem>;

export const ActivityType = Type.Enum(ACTIVITY_TYPES);

export const Activity = Type.Object({
  id: Type.String(),
  type: ActivityType,
  networkId: Type.Integer(),
  item_id: Nullable(Type.Integer()),
  setId: Nullable(Type.Integer()),
  bundleId: Nullable(Type.Integer()),
  collectionAddr: Nullable(Address),
  from: Nullable(Address),
  to: Nullable(Address),
  price: Nullable(Wei),
  orderHash: Nullable(TxHash),
  txHash: Nullable(TxHash),
  blockNumber: Nullable(Type.String()),
  createdAt: IsoDate,
});
export type Activity = Static<typeof Activity>;

export const Bid = Type.Object({
  id: Type.Integer(),
  orderHash: TxHash,
  networkId: Type.Integer(),
  bidder: Address,
  amount: Wei,
  isHighest: Type.Boolean(),
  /** The settlement key's receipt of the accepted bid, for Exchange.recordBid (null: none). */
  receipt: Nullable(Type.String()),
  /** The bid is recorded on chain (its WVBC held by the exchange). */
  onChain: Type.Boolean(),
  createdAt: IsoDate,
});
export type Bid = Static<typeof Bid>;

export const Diary = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  summary: Type.String(),
  content: Type.String(),
  image: Type.String(),
  link: Nullable(Type.String()),
  lang: Type.Union([Type.Literal('en'), Type.Literal('vi')]),
  publishedAt: IsoDate,
});
export type Diary = Static<typeof Diary>;
