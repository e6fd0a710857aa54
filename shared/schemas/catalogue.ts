/**
 * Catalogue reads (the marketplace lists and details): the query strings the routes accept
 * and the few answers that are not plain entities. Types only for the web app (`import type`).
 * Flags are 0/1 as the client sends them; statuses a comma list; addresses in any case (stored
 * lowercase, answered checksummed).
 */
import Type, { type Static } from 'typebox';
import {
  ACTIVITY_FILTERS,
  ACTIVITY_TYPES,
  BUNDLE_SORTS,
  LIST_SORTS,
  NFT_STATUSES,
  ORDER_STATUSES,
} from '../enums.ts';
import { ADDRESS_PATTERN } from '../patterns.ts';
import { Address, IsoDate, Wei } from './common.ts';
import { Bid, Collection, Nft, User } from './entities.ts';

const STATUS = `(${NFT_STATUSES.join('|')})`;
/** Lists ask for all four statuses unless given; `ONSALE,SOLD` narrows. */
export const StatusList = Type.String({
  pattern: `^${STATUS}(,${STATUS})*$`,
  description: 'comma list of ONSALE, NOTFORSALE, INCOMING, SOLD (default: all four)',
});
export const Flag = Type.Integer({ minimum: 0, maximum: 1, description: '0 or 1' });
export const Page = Type.Integer({ minimum: 1, maximum: 1_000_000, description: 'default 1' });
/** The client asks for PAGE_SIZES; any size up to MAX_PAGE_SIZE is accepted. */
export const Size = Type.Integer({ minimum: 1, maximum: 24, description: 'default 12' });
export const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const NetworkId = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const LabelId = Type.Integer({ minimum: 1, maximum: 1000, description: 'category id' });
/** Free text: no control characters (PostgreSQL text cannot hold NUL). */
const NO_CONTROL = '^[^\\u0000-\\u001f]*$';
const BaseType = Type.String({ minLength: 1, maxLength: 32, pattern: NO_CONTROL });
const AddressAs = (description: string) => Type.String({ pattern: ADDRESS_PATTERN, description });
const LikeAddress = Type.Optional(AddressAs('answers isLiked for this address'));

/** List sorts (ties: newest id first). */
export const ListSort = Type.Enum(LIST_SORTS);
export type ListSort = Static<typeof ListSort>;

export const NftListQuery = Type.Object({
  page: Type.Optional(Page),
  size: Type.Optional(Size),
  status: Type.Optional(StatusList),
  sort: Type.Optional(ListSort),
  isSet: Type.Optional(Flag),
  isBundle: Type.Optional(Flag),
  isBid: Type.Optional(Flag),
  hotNFT: Type.Optional(Flag),
  owner: Type.Optional(Address),
  creator: Type.Optional(Address),
  collectionAddr: Type.Optional(Address),
  baseType: Type.Optional(BaseType),
  likeAddress: LikeAddress,
  networkId: Type.Optional(NetworkId),
  labelId: Type.Optional(LabelId),
});
export type NftListQuery = Static<typeof NftListQuery>;

/** market-nfts-unique: the owned-NFTs tab (owner required). */
export const OwnedNftListQuery = Type.Object({
  ...NftListQuery.properties,
  owner: Address,
});
export type OwnedNftListQuery = Static<typeof OwnedNftListQuery>;

/** Hot NFTs and top on-sale: fixed filters, only these vary. */
export const FixedNftListQuery = Type.Object({
  page: Type.Optional(Page),
  size: Type.Optional(Size),
  owner: Type.Optional(Address),
  likeAddress: LikeAddress,
  networkId: Type.Optional(NetworkId),
  labelId: Type.Optional(LabelId),
});
export type FixedNftListQuery = Static<typeof FixedNftListQuery>;

export const CollectionListQuery = Type.Object({
  page: Type.Optional(Page),
  size: Type.Optional(Size),
  sort: Type.Optional(ListSort),
  creator: Type.Optional(Address),
  likeAddress: LikeAddress,
  networkId: Type.Optional(NetworkId),
  labelId: Type.Optional(LabelId),
});
export type CollectionListQuery = Static<typeof CollectionListQuery>;

export const SetListQuery = Type.Object({
  page: Type.Optional(Page),
  size: Type.Optional(Size),
  sort: Type.Optional(ListSort),
  status: Type.Optional(StatusList),
  owner: Type.Optional(Address),
  likeAddress: LikeAddress,
  networkId: Type.Optional(NetworkId),
  labelId: Type.Optional(LabelId),
  collectionAddr: Type.Optional(Address),
  baseType: Type.Optional(BaseType),
});
export type SetListQuery = Static<typeof SetListQuery>;

/** Bundle sorts: no bid count; price = total of the items still for sale. */
export const BundleSort = Type.Enum(BUNDLE_SORTS);
export type BundleSort = Static<typeof BundleSort>;

export const BundleListQuery = Type.Object({
  page: Type.Optional(Page),
  size: Type.Optional(Size),
  sort: Type.Optional(BundleSort),
  status: Type.Optional(StatusList),
  owner: Type.Optional(Address),
  collectionAddr: Type.Optional(AddressAs('bundles holding an NFT of this collection')),
  likeAddress: LikeAddress,
  networkId: Type.Optional(NetworkId),
  labelId: Type.Optional(LabelId),
});
export type BundleListQuery = Static<typeof BundleListQuery>;

export const BundleNftsQuery = Type.Object({
  bundleId: Id,
  page: Type.Optional(Page),
  size: Type.Optional(Size),
  likeAddress: LikeAddress,
});
export type BundleNftsQuery = Static<typeof BundleNftsQuery>;

export const SetNftsQuery = Type.Object({ setId: Id, likeAddress: LikeAddress });
export type SetNftsQuery = Static<typeof SetNftsQuery>;

export const NftDetailQuery = Type.Object({
  collectionAddr: Address,
  tokenId: Wei,
  networkId: Type.Optional(NetworkId),
  likeAddress: LikeAddress,
});
export type NftDetailQuery = Static<typeof NftDetailQuery>;

export const CollectionDetailQuery = Type.Object({
  id: Type.String({
    pattern: '^([1-9][0-9]{0,9}|0x[0-9a-fA-F]{40})$',
    description: 'collection id, or its contract address',
  }),
  networkId: Type.Optional(NetworkId),
  likeAddress: LikeAddress,
});
export type CollectionDetailQuery = Static<typeof CollectionDetailQuery>;

export const DetailByIdQuery = Type.Object({ id: Id, likeAddress: LikeAddress });
export type DetailByIdQuery = Static<typeof DetailByIdQuery>;

export const ProvenanceQuery = Type.Object({
  item_id: Id,
  page: Type.Optional(Page),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })),
});
export type ProvenanceQuery = Static<typeof ProvenanceQuery>;

const EVENT = `(${ACTIVITY_TYPES.join('|')})`;
const FILTER = `(${ACTIVITY_FILTERS.join('|')})`;
/** Activity filter: event types (LIST, ...) or the screen's filter names (listings, ...). */
export const ActivityTypeList = Type.String({
  pattern: `^(${EVENT}|${FILTER})(,(${EVENT}|${FILTER}))*$`,
  description:
    'comma list of event types or filters: listings, purchase, transfer, likes, bids, revokes',
});

export const ActivityQuery = Type.Object({
  page: Type.Optional(Page),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, description: 'default 20' })),
  type: Type.Optional(ActivityTypeList),
  collectionAddr: Type.Optional(Address),
  item_id: Type.Optional(Id),
  setId: Type.Optional(Id),
  bundleId: Type.Optional(Id),
  address: Type.Optional(AddressAs('from or to this address')),
  networkId: Type.Optional(NetworkId),
});
export type ActivityQuery = Static<typeof ActivityQuery>;

export const UserListQuery = Type.Object({
  page: Type.Optional(Page),
  size: Type.Optional(Size),
  isCreator: Type.Optional(Flag),
  id: Type.Optional(Id),
  address: Type.Optional(Address),
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 64, pattern: NO_CONTROL })),
});
export type UserListQuery = Static<typeof UserListQuery>;

export const FollowListQuery = Type.Object({
  userId: Id,
  page: Type.Optional(Page),
  size: Type.Optional(Size),
});
export type FollowListQuery = Static<typeof FollowListQuery>;

export const LikeTarget = Type.Union([
  Type.Literal('nft'),
  Type.Literal('collection'),
  Type.Literal('set'),
  Type.Literal('bundle'),
]);
export type LikeTarget = Static<typeof LikeTarget>;

/** POST /api/v2/user/like: `like` sets the state; without it the like toggles. */
export const LikeBody = Type.Object({
  target: LikeTarget,
  id: Id,
  address: Address,
  like: Type.Optional(Type.Boolean()),
});
export type LikeBody = Static<typeof LikeBody>;
export const LikeResult = Type.Object({ liked: Type.Boolean(), likeCount: Type.Integer() });
export type LikeResult = Static<typeof LikeResult>;

/** POST /api/v2/user/hackLike (admins only): likes from each listed address, once each. */
export const HackLikeBody = Type.Object({
  target: LikeTarget,
  id: Id,
  addresses: Type.Array(Address, { minItems: 1, maxItems: 100 }),
});
export type HackLikeBody = Static<typeof HackLikeBody>;

/** POST /api/v2/user/follow: `follow` sets the state; without it the follow toggles. */
export const FollowBody = Type.Object({ userId: Id, follow: Type.Optional(Type.Boolean()) });
export type FollowBody = Static<typeof FollowBody>;
export const FollowResult = Type.Object({
  following: Type.Boolean(),
  followersCount: Type.Integer(),
});
export type FollowResult = Static<typeof FollowResult>;

/** Order history: `type` sell (made by the address), buy (taken by it) or all; status narrows. */
export const OrderHistoryQuery = Type.Object({
  page: Type.Optional(Page),
  size: Type.Optional(Size),
  type: Type.Optional(Type.Union([Type.Literal('all'), Type.Literal('sell'), Type.Literal('buy')])),
  status: Type.Optional(Type.Enum(ORDER_STATUSES)),
  networkId: Type.Optional(NetworkId),
});
export type OrderHistoryQuery = Static<typeof OrderHistoryQuery>;

export const BidHistoryQuery = Type.Object({
  page: Type.Optional(Page),
  size: Type.Optional(Size),
});
export type BidHistoryQuery = Static<typeof BidHistoryQuery>;

/** GET bid/bid: the same history with the NFT's id in the query (item_id, as provenance takes it). */
export const BidHistoryByQuery = Type.Object({
  item_id: Id,
  page: Type.Optional(Page),
  size: Type.Optional(Size),
});
export type BidHistoryByQuery = Static<typeof BidHistoryByQuery>;

/** bids-by-bidder (type, isLocked, networkId). type = what the bid is on. */
export const BidsByBidderQuery = Type.Object({
  page: Type.Optional(Page),
  size: Type.Optional(Size),
  type: Type.Optional(
    Type.Union([Type.Literal('NFT'), Type.Literal('SET'), Type.Literal('BUNDLE')]),
  ),
  isLocked: Type.Optional(Flag),
  networkId: Type.Optional(NetworkId),
});
export type BidsByBidderQuery = Static<typeof BidsByBidderQuery>;

/** totalHighestBidBalance (paymentMethod, useWrapper, networkId). */
export const TotalBidBalanceQuery = Type.Object({
  paymentMethod: Type.Optional(Address),
  useWrapper: Type.Optional(Type.Union([Flag, Type.Boolean()])),
  networkId: Type.Optional(NetworkId),
});
export type TotalBidBalanceQuery = Static<typeof TotalBidBalanceQuery>;

/** A bid with what it is on (profile bid history). */
export const BidEntry = Type.Object({
  ...Bid.properties,
  target: Type.Union([Type.Literal('NFT'), Type.Literal('SET'), Type.Literal('BUNDLE')]),
  item_id: Type.Union([Type.Integer(), Type.Null()]),
  setId: Type.Union([Type.Integer(), Type.Null()]),
  bundleId: Type.Union([Type.Integer(), Type.Null()]),
  name: Type.String({ description: 'name of the NFT or set' }),
  image: Type.String(),
  orderStatus: Type.Enum(ORDER_STATUSES),
  endTime: Type.Union([IsoDate, Type.Null()]),
  isLocked: Type.Boolean({ description: 'highest on a live auction: funds locked' }),
});
export type BidEntry = Static<typeof BidEntry>;

export const DiaryQuery = Type.Object({
  page: Type.Optional(Page),
  size: Type.Optional(Size),
  lang: Type.Optional(Type.Union([Type.Literal('en'), Type.Literal('vi')])),
});
export type DiaryQuery = Static<typeof DiaryQuery>;

export const PropertiesQuery = Type.Object({
  item_id: Type.Optional(Id),
  set_id: Type.Optional(Id),
});
export type PropertiesQuery = Static<typeof PropertiesQuery>;

export const InspectionQuery = Type.Object({ item_id: Id });
export type InspectionQuery = Static<typeof InspectionQuery>;

export const MarketplaceKeyHeaders = Type.Object({
  'marketplace-key': Type.Optional(Type.String()),
});

export const SearchQuery = Type.Object({
  q: Type.String({ minLength: 1, maxLength: 100, pattern: NO_CONTROL }),
  size: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 12, description: 'per kind, default 6' }),
  ),
  likeAddress: LikeAddress,
  /** Collections and NFTs of this network only (users belong to none). */
  networkId: Type.Optional(NetworkId),
});
export type SearchQuery = Static<typeof SearchQuery>;

export const SearchResult = Type.Object({
  collections: Type.Array(Collection),
  nfts: Type.Array(Nft),
  users: Type.Array(User),
});
export type SearchResult = Static<typeof SearchResult>;
