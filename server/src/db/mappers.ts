/**
 * Every row → wire mapper of the server: lowercase DB addresses become EIP-55 checksummed, Dates
 * become ISO strings, numeric stays a decimal string. Use these instead of hand-mapping.
 */
import type { Selectable } from 'kysely';
import { TEST_CHAIN_NETWORK_ID } from '#shared/rules.ts';
import type {
  Account,
  Activity,
  Bid,
  Bundle,
  BundleItem,
  Category,
  Collection,
  Diary,
  InspectionReport,
  Network,
  Nft,
  NftSet,
  Order,
  OrderHistoryEntry,
  Property,
  User,
} from '#shared/schemas/entities.ts';
import type { Gift } from '#shared/schemas/gifts.ts';
import type { Notification, NotificationType } from '#shared/schemas/notifications.ts';
import { RPC_SUFFIX } from '../config.ts';
import type {
  ActivityRow,
  BidRow,
  CategoriesTable,
  DiariesTable,
  GiftsTable,
  InspectionReportsTable,
  NetworkRow,
  NftPropertiesTable,
  NftRow,
  OrderHistoryRow,
  UserRow,
} from './types.ts';
import { checksum, checksumOrNull, iso, isoOrNull, wireDate, wireDateOrNull } from './values.ts';
import type {
  BundleWire,
  CollectionWire,
  NftWire,
  OrderWire,
  SetWire,
  UserWire,
} from './wire-rows.ts';

/** The RPC URL of a network is its domain plus RPC_SUFFIX, except the test chain's. */
function rpcUrlOf(network: { network_id: number; domain: string }): string {
  if (network.network_id === TEST_CHAIN_NETWORK_ID) return network.domain;
  return `${network.domain.replace(/\/$/, '')}${RPC_SUFFIX}`;
}

export function toNetwork(row: NetworkRow): Network {
  return {
    _id: row.id,
    networkId: row.network_id,
    name: row.name,
    icon: row.icon,
    domain: row.domain,
    gateway: row.gateway,
    group: row.network_group,
    rpcUrl: rpcUrlOf(row),
    nativeSymbol: row.native_symbol,
    wrappedSymbol: row.wrapped_symbol,
    explorerUrl: row.explorer_url,
    wrapperAddress: checksumOrNull(row.wrapper_address),
    exchangeAddress: checksumOrNull(row.exchange_address),
    collectionFactoryAddress: checksumOrNull(row.collection_factory_address),
    giftsAddress: checksumOrNull(row.gifts_address),
    fractionalFactoryAddress: checksumOrNull(row.fractional_factory_address),
    dropsAddress: checksumOrNull(row.drops_address),
  };
}

export function toCategory(row: CategoriesTable): Category {
  return { id: row.id, key: row.key, name: row.name };
}

// ---------------------------------------------------------------- catalogue entities

/** Set of ids (of one target type) that the `likeAddress` liked; empty without an address. */
export type LikedIds = ReadonlySet<number>;

export function toUser(row: UserWire, bcAddresses: string[] = []): User {
  return {
    id: row.id,
    username: row.username,
    avatar: row.avatar,
    banner: row.banner,
    bio: row.bio,
    isCreator: row.is_creator,
    followersCount: row.followers_count,
    followingCount: row.following_count,
    bcAddresses: bcAddresses.map(checksum),
    createdAt: wireDate(row.created_at),
  };
}

export function toAccount(row: UserRow, bcAddresses: string[] = []): Account {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    emailVerified: row.email_verified,
    avatar: row.avatar,
    banner: row.banner,
    bio: row.bio,
    isCreator: row.is_creator,
    isPartner: row.is_partner,
    followersCount: row.followers_count,
    followingCount: row.following_count,
    bc_address_mints: bcAddresses.map(checksum),
    createdAt: iso(row.created_at),
  };
}

export function toNft(row: NftWire, liked: LikedIds = new Set()): Nft {
  return {
    item_id: row.id,
    networkId: row.network_id,
    collectionAddr: checksum(row.collection_address),
    collectionId: row.collection_id,
    tokenId: row.token_id,
    tokenNonce: row.token_nonce,
    owner: checksum(row.owner),
    creator: checksum(row.creator),
    name: row.name,
    description: row.description,
    image: row.image,
    animationUrl: row.animation_url,
    metadataUri: row.metadata_uri,
    status: row.status,
    baseType: row.base_type,
    labelId: row.label_id,
    hotNFT: row.hot_nft,
    isSet: row.is_set,
    isBundle: row.is_bundle,
    isBid: row.is_bid,
    saleType: row.sale_type,
    buyPrice: row.buy_price,
    discountBps: row.discount_bps,
    highestBid: row.highest_bid,
    likeCount: row.likes_count,
    bidCount: row.bids_count,
    orderHash: row.current_order_hash,
    setId: row.set_id,
    bundleId: row.bundle_id,
    isLiked: liked.has(row.id),
    fractional: row.fractional_vault
      ? {
          vault: checksum(row.fractional_vault),
          networkId: row.network_id,
          state: row.fractional_state ?? 'IDLE',
        }
      : null,
    edition:
      row.edition_number == null || row.edition_total == null
        ? null
        : { number: row.edition_number, total: row.edition_total },
    createdAt: wireDate(row.created_at),
  };
}

export function toCollection(row: CollectionWire, liked: LikedIds = new Set()): Collection {
  return {
    id: row.id,
    networkId: row.network_id,
    collectionAddr: checksum(row.address),
    name: row.name,
    symbol: row.symbol,
    description: row.description,
    image: row.image,
    banner: row.banner,
    creator: checksum(row.creator),
    labelId: row.label_id,
    likeCount: row.likes_count,
    bidCount: row.bids_count,
    itemsCount: row.items_count,
    floorPrice: row.floor_price,
    volume: row.volume,
    isLiked: liked.has(row.id),
    createdAt: wireDate(row.created_at),
  };
}

export function toSet(row: SetWire, itemsCount: number, liked: LikedIds = new Set()): NftSet {
  return {
    id: row.id,
    setId: row.id,
    networkId: row.network_id,
    collectionAddr: checksumOrNull(row.collection_address),
    owner: checksum(row.owner),
    creator: checksum(row.creator),
    name: row.name,
    description: row.description,
    image: row.image,
    status: row.status,
    baseType: row.base_type,
    labelId: row.label_id,
    saleType: row.sale_type,
    isBid: row.is_bid,
    hotNFT: row.hot_nft,
    price: row.price,
    highestBid: row.highest_bid,
    likeCount: row.likes_count,
    bidCount: row.bids_count,
    itemsCount,
    orderHash: row.current_order_hash,
    isLiked: liked.has(row.id),
    createdAt: wireDate(row.created_at),
  };
}

export function toBundle(
  row: BundleWire,
  items: { count: number; priceTotal: string | bigint },
  liked: LikedIds = new Set(),
): Bundle {
  return {
    id: row.id,
    networkId: row.network_id,
    owner: checksum(row.owner),
    creator: checksum(row.creator),
    name: row.name,
    description: row.description,
    image: row.image,
    status: row.status,
    labelId: row.label_id,
    discountBps: row.discount_bps,
    minCount: row.min_count,
    itemsCount: items.count,
    priceTotal: String(items.priceTotal),
    likeCount: row.likes_count,
    orderHash: row.current_order_hash,
    isLiked: liked.has(row.id),
    createdAt: wireDate(row.created_at),
  };
}

/** An NFT of a bundle with the bundle's price for it and whether that item sold. */
export function toBundleItem(
  row: NftRow & { item_price: string; item_sold: boolean },
  liked: LikedIds = new Set(),
): BundleItem {
  return { ...toNft(row, liked), pricePerItem: row.item_price, sold: row.item_sold };
}

/** A gift with its NFT's name and picture from the catalogue (null when not indexed yet). */
export function toGift(
  row: Selectable<GiftsTable> & { nft_name: string | null; nft_image: string | null },
): Gift {
  return {
    giftId: String(row.gift_id),
    networkId: row.network_id,
    status: row.status,
    giver: checksum(row.giver),
    claimKey: checksum(row.claim_key),
    collectionAddress: checksum(row.collection_address),
    tokenId: String(row.token_id),
    recipient: checksumOrNull(row.recipient),
    createdAt: iso(row.created_at),
    nft: row.nft_name === null ? null : { name: row.nft_name, image: row.nft_image ?? '' },
  };
}

export function toNotification(row: {
  id: string;
  type: string;
  payload: Record<string, unknown>;
  network_id: number | null;
  read_at: Date | null;
  created_at: Date;
}): Notification {
  return {
    id: String(row.id),
    type: row.type as NotificationType,
    data: row.payload,
    networkId: row.network_id,
    readAt: isoOrNull(row.read_at),
    createdAt: iso(row.created_at),
  };
}

export function toActivity(row: ActivityRow): Activity {
  return {
    id: String(row.id),
    type: row.type,
    networkId: row.network_id,
    item_id: row.nft_id,
    setId: row.set_id,
    bundleId: row.bundle_id,
    collectionAddr: checksumOrNull(row.collection_address),
    from: checksumOrNull(row.from_address),
    to: checksumOrNull(row.to_address),
    price: row.price,
    orderHash: row.order_hash,
    txHash: row.tx_hash,
    blockNumber: row.block_number === null ? null : String(row.block_number),
    createdAt: iso(row.created_at),
  };
}

/** A bid; `on_chain` (bid lists) says whether it is the auction's bid recorded on chain. */
export function toBid(row: BidRow & { on_chain?: boolean | null }): Bid {
  return {
    id: row.id,
    orderHash: row.order_hash,
    networkId: row.network_id,
    bidder: checksum(row.bidder),
    amount: row.amount,
    isHighest: row.is_highest,
    receipt: row.receipt,
    onChain: row.on_chain === true,
    createdAt: iso(row.created_at),
  };
}

export function toOrder(row: OrderWire): Order {
  return {
    orderHash: row.order_hash,
    networkId: row.network_id,
    maker: checksum(row.maker),
    saleKind: row.sale_kind,
    target: row.target,
    item_id: row.nft_id,
    setId: row.set_id,
    bundleId: row.bundle_id,
    paymentToken: checksum(row.payment_token),
    price: row.price,
    startTime: wireDate(row.start_time),
    endTime: wireDateOrNull(row.end_time),
    message: row.message,
    signature: row.signature,
    status: row.status,
    taker: checksumOrNull(row.taker),
    txHash: row.tx_hash,
    createdAt: wireDate(row.created_at),
  };
}

/** An order history entry (repositories/orders.ts): the order, its side and what sold. */
export function toOrderHistoryEntry(row: OrderHistoryRow): OrderHistoryEntry {
  const ids = (row.message as { tokenIds?: unknown }).tokenIds;
  return {
    ...toOrder(row),
    side: row.side,
    items: Array.isArray(ids) ? ids.length : 1,
    itemsSold: Number(row.items_sold),
    paid: row.paid,
  };
}

export function toProperty(row: Selectable<NftPropertiesTable>): Property {
  return {
    id: row.id,
    traitType: row.trait_type,
    value: row.value,
    displayType: row.display_type,
    rarityBps: row.rarity_bps,
  };
}

export function toInspectionReport(row: Selectable<InspectionReportsTable>): InspectionReport {
  return {
    id: row.id,
    item_id: row.nft_id,
    inspector: row.inspector,
    result: row.result,
    summary: row.summary,
    documentUrl: row.document_url,
    inspectedAt: iso(row.inspected_at),
  };
}

export function toDiary(row: Selectable<DiariesTable>): Diary {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    content: row.content,
    image: row.image,
    link: row.link,
    lang: row.lang,
    publishedAt: iso(row.published_at),
  };
}
