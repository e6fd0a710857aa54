/**
 * Kysely types of server/migrations (keep in step with the SQL). Conventions:
 * addresses are lowercase text (checksummed on the wire), money (numeric(78,0)) and int8 come
 * back as decimal strings and may be written as string or bigint, timestamptz as Date.
 * Statuses, sale types and event names are the product's enumerations (shared/enums.ts).
 */
import type { ColumnType, Generated, Selectable, Updateable } from 'kysely';
import type { ActivityType, NftStatus, OrderStatus, OrderTarget, SaleType } from '#shared/enums.ts';

export type { ActivityType, OrderStatus, OrderTarget } from '#shared/enums.ts';

/** numeric(78,0): read as a decimal string, written as string or bigint. */
export type Wei = ColumnType<string, string | bigint, string | bigint>;
export type WeiNullable = ColumnType<string | null, string | bigint | null, string | bigint | null>;
/** int8: read as a decimal string. */
export type Int8 = ColumnType<string, string | number | bigint, string | number | bigint>;
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type TimestampNullable = ColumnType<Date | null, Date | string | null, Date | string | null>;
export type Json<T = unknown> = ColumnType<T, string, string>;

export interface SchemaMigrationsTable {
  version: string;
  name: string;
  checksum: string;
  applied_at: Generated<Date>;
}

export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string | null;
  password_hash: string | null;
  email_verified: Generated<boolean>;
  avatar: string | null;
  banner: string | null;
  bio: Generated<string>;
  is_creator: Generated<boolean>;
  is_partner: Generated<boolean>;
  is_admin: Generated<boolean>;
  followers_count: Generated<number>;
  following_count: Generated<number>;
  /** Moves on at each password change: tokens signed before it are refused. */
  session_epoch: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface EmailVerificationsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: Timestamp;
  used_at: TimestampNullable;
  created_at: Generated<Date>;
}

export interface SiweNoncesTable {
  nonce: string;
  domain: string;
  chain_id: number;
  /** The address the nonce was issued for (migration 060); null on older rows. */
  address: ColumnType<string | null, string | null | undefined, string | null>;
  issued_at: Generated<Date>;
  expires_at: Timestamp;
  used_at: TimestampNullable;
}

export interface BcAddressesTable {
  address: string;
  user_id: number;
  created_at: Generated<Date>;
}

export interface EthWalletsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  platform: 0 | 1;
  address: string;
  is_active: Generated<boolean>;
  passphrase_check: string | null;
  created_at: Generated<Date>;
}

export interface EthWalletAccountsTable {
  id: Generated<number>;
  wallet_id: number;
  address: string;
  enc_private_key: Json<Record<string, unknown>>;
  created_at: Generated<Date>;
}

export interface NetworksTable {
  id: Generated<number>;
  network_id: number;
  name: string;
  icon: Generated<string>;
  domain: string;
  gateway: Generated<string>;
  node_url: string | null;
  network_group: 'mainnet' | 'testnet' | 'devnet';
  sort_order: Generated<number>;
  is_active: Generated<boolean>;
  native_symbol: Generated<string>;
  wrapped_symbol: Generated<string>;
  explorer_url: Generated<string>;
  wrapper_address: string | null;
  exchange_address: string | null;
  collection_factory_address: string | null;
  gifts_address: string | null;
  deploy_block: Int8 | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface CategoriesTable {
  id: number;
  key: string;
  name: string;
  sort_order: number;
}

export interface CollectionsTable {
  id: Generated<number>;
  network_id: number;
  address: string;
  name: string;
  symbol: Generated<string>;
  description: Generated<string>;
  image: Generated<string>;
  banner: Generated<string>;
  creator: string;
  creator_user_id: number | null;
  label_id: number | null;
  likes_count: Generated<number>;
  bids_count: Generated<number>;
  items_count: Generated<number>;
  floor_price: WeiNullable;
  volume: ColumnType<string, string | bigint | undefined, string | bigint>;
  deploy_block: Int8 | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

interface ListedColumns {
  status: ColumnType<NftStatus, NftStatus | undefined, NftStatus>;
  label_id: number | null;
  likes_count: Generated<number>;
  current_order_hash: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface SetsTable extends ListedColumns {
  id: Generated<number>;
  network_id: number;
  collection_address: string | null;
  owner: string;
  creator: string;
  name: string;
  description: Generated<string>;
  image: Generated<string>;
  base_type: Generated<string>;
  sale_type: SaleType | null;
  is_bid: Generated<boolean>;
  hot_nft: Generated<boolean>;
  price: WeiNullable;
  highest_bid: WeiNullable;
  bids_count: Generated<number>;
}

export interface BundlesTable extends ListedColumns {
  id: Generated<number>;
  network_id: number;
  owner: string;
  creator: string;
  name: string;
  description: Generated<string>;
  image: Generated<string>;
  discount_bps: Generated<number>;
  min_count: Generated<number>;
}

export interface NftsTable extends ListedColumns {
  id: Generated<number>;
  network_id: number;
  collection_id: number | null;
  collection_address: string;
  token_id: Wei;
  token_nonce: ColumnType<string, string | bigint | undefined, string | bigint>;
  owner: string;
  creator: string;
  name: Generated<string>;
  description: Generated<string>;
  image: Generated<string>;
  animation_url: string | null;
  metadata_uri: Generated<string>;
  base_type: Generated<string>;
  hot_nft: Generated<boolean>;
  is_set: Generated<boolean>;
  is_bundle: Generated<boolean>;
  is_bid: Generated<boolean>;
  sale_type: SaleType | null;
  buy_price: WeiNullable;
  discount_bps: Generated<number>;
  highest_bid: WeiNullable;
  bids_count: Generated<number>;
  set_id: number | null;
  bundle_id: number | null;
  minted_at: TimestampNullable;
}

export interface SetItemsTable {
  set_id: number;
  nft_id: number;
  position: Generated<number>;
}

export interface BundleItemsTable {
  bundle_id: number;
  nft_id: number;
  price: Wei;
  position: Generated<number>;
  sold: Generated<boolean>;
}

export interface NftPropertiesTable {
  id: Generated<number>;
  nft_id: number | null;
  set_id: number | null;
  trait_type: string;
  value: string;
  display_type: string | null;
  rarity_bps: number | null;
  position: Generated<number>;
}

export interface InspectionReportsTable {
  id: Generated<number>;
  nft_id: number;
  inspector: string;
  result: string;
  summary: Generated<string>;
  document_url: string | null;
  inspected_at: Timestamp;
  created_at: Generated<Date>;
}

export interface OrdersTable {
  order_hash: string;
  network_id: number;
  maker: string;
  sale_kind: SaleType;
  target: OrderTarget;
  nft_id: number | null;
  set_id: number | null;
  bundle_id: number | null;
  payment_token: string;
  price: Wei;
  start_time: Timestamp;
  end_time: TimestampNullable;
  counter: ColumnType<string, string | bigint | undefined, string | bigint>;
  message: Json<Record<string, unknown>>;
  signature: string;
  status: ColumnType<OrderStatus, OrderStatus | undefined, OrderStatus>;
  taker: string | null;
  tx_hash: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** Each fill of a stored order, written by the indexer (migrations/055_order_fills.sql). */
export interface OrderFillsTable {
  network_id: number;
  tx_hash: string;
  log_index: number;
  block_number: Int8;
  order_hash: string;
  taker: string;
  item_count: number;
  /** Paid by the taker, fee included. */
  amount: Wei;
  created_at: Timestamp;
}

/** Each ApprovalEpochBumped, written by the indexer (migrations/057_approval_epochs.sql). */
export interface ApprovalEpochsTable {
  network_id: number;
  tx_hash: string;
  log_index: number;
  block_number: Int8;
  collection_address: string;
  holder: string;
  epoch: Wei;
}

export interface BidsTable {
  id: Generated<number>;
  order_hash: string;
  network_id: number;
  bidder: string;
  amount: Wei;
  message: Json<Record<string, unknown>>;
  signature: string;
  is_highest: Generated<boolean>;
  /** Chain time (unix seconds) when the bid was accepted; null for bids stored before it existed. */
  placed_at: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Generated<Date>;
}

/** The current settlement attestation of an auction (one at a time). */
export interface SettlementsTable {
  order_hash: string;
  network_id: number;
  bidder: string;
  amount: Wei;
  /** Unix seconds. */
  deadline: Wei;
  epoch: Wei;
  signature: string;
  created_at: Generated<Date>;
}

export interface ActivitiesTable {
  id: Generated<string>;
  network_id: number;
  type: ActivityType;
  nft_id: number | null;
  set_id: number | null;
  bundle_id: number | null;
  collection_address: string | null;
  from_address: string | null;
  to_address: string | null;
  price: WeiNullable;
  order_hash: string | null;
  tx_hash: string | null;
  log_index: number | null;
  block_number: Int8 | null;
  created_at: Timestamp;
}

export interface WvbcTransfersTable {
  id: Generated<string>;
  network_id: number;
  kind: 'DEPOSIT' | 'WITHDRAWAL';
  address: string;
  amount: Wei;
  tx_hash: string;
  log_index: number;
  block_number: Int8;
  created_at: Timestamp;
}

export interface LikesTable {
  id: Generated<number>;
  target: 'NFT' | 'COLLECTION' | 'SET' | 'BUNDLE';
  target_id: number;
  address: string;
  created_at: Generated<Date>;
}

export interface FollowsTable {
  follower_id: number;
  followee_id: number;
  created_at: Generated<Date>;
}

export interface NotificationsTable {
  id: Generated<string>;
  user_id: number | null;
  address: string | null;
  type: string;
  payload: ColumnType<Record<string, unknown>, string | undefined, string>;
  read_at: TimestampNullable;
  created_at: Generated<Date>;
  /** Chain-derived: a reorg above this block deletes it (migration 020). */
  network_id: number | null;
  block_number: Int8 | null;
  dedupe_key: string | null;
  mail_state: 'pending' | 'sending' | 'sent' | 'skipped' | 'failed' | null;
  mail_claimed_at: TimestampNullable;
}

export interface NotificationPrefsTable {
  user_id: number;
  lang: 'en' | 'vi';
  email_outbid: boolean;
  email_won: boolean;
  email_sold: boolean;
  updated_at: Generated<Date>;
}

/** The live stream's log (migration 020): announced by NOTIFY vbc_live at commit. */
export interface LiveEventsTable {
  id: Generated<string>;
  topic: string;
  kind: string;
  payload: ColumnType<Record<string, unknown>, string | undefined, string>;
  network_id: number | null;
  block_number: Int8 | null;
  created_at: Generated<Date>;
}

export interface DiariesTable {
  id: Generated<number>;
  title: string;
  summary: Generated<string>;
  content: Generated<string>;
  image: Generated<string>;
  link: string | null;
  lang: Generated<'en' | 'vi'>;
  published_at: Timestamp;
}

export interface SupportMessagesTable {
  id: Generated<number>;
  user_id: number | null;
  name: string;
  phone: Generated<string>;
  email: string;
  address: Generated<string>;
  country: Generated<string>;
  city: Generated<string>;
  district: Generated<string>;
  ward: Generated<string>;
  detail: string;
  mailed_at: TimestampNullable;
  created_at: Generated<Date>;
}

export interface IndexerStateTable {
  network_id: number;
  last_block: Int8;
  last_block_hash: string;
  updated_at: Generated<Date>;
}

export interface IndexedBlocksTable {
  network_id: number;
  block_number: Int8;
  block_hash: string;
  parent_hash: string;
}

/** NFTs per network, category (0: none) and status; kept by a trigger (migration 005). */
export interface NftCountsTable {
  network_id: number;
  label_id: number;
  status: string;
  n: string;
}

/** Studio metadata, kept by the sha256 of its bytes (migrations/040_metadata_documents.sql). */
export interface MetadataDocumentsTable {
  hash: string;
  body: string;
  user_id: number | null;
  created_at: Generated<Date>;
}

/** Gifts held by contracts/src/Gifts.sol, written by the indexer (migrations/045_gifts.sql). */
export interface GiftsTable {
  network_id: number;
  gift_id: Wei;
  giver: string;
  claim_key: string;
  collection_address: string;
  token_id: Wei;
  status: 'OPEN' | 'CLAIMED' | 'TAKEN_BACK';
  recipient: string | null;
  created_tx: string;
  created_block: Int8;
  created_at: Date;
  closed_tx: string | null;
}

/** A gift's message, under an id derived from the link's key (migrations/045_gifts.sql). */
export interface GiftMessagesTable {
  message_id: string;
  message: string;
  user_id: number | null;
  created_at: Generated<Date>;
}

export interface Database {
  schema_migrations: SchemaMigrationsTable;
  users: UsersTable;
  email_verifications: EmailVerificationsTable;
  siwe_nonces: SiweNoncesTable;
  bc_addresses: BcAddressesTable;
  eth_wallets: EthWalletsTable;
  eth_wallet_accounts: EthWalletAccountsTable;
  networks: NetworksTable;
  categories: CategoriesTable;
  collections: CollectionsTable;
  sets: SetsTable;
  bundles: BundlesTable;
  nfts: NftsTable;
  nft_counts: NftCountsTable;
  set_items: SetItemsTable;
  bundle_items: BundleItemsTable;
  nft_properties: NftPropertiesTable;
  inspection_reports: InspectionReportsTable;
  orders: OrdersTable;
  order_fills: OrderFillsTable;
  approval_epochs: ApprovalEpochsTable;
  bids: BidsTable;
  settlements: SettlementsTable;
  activities: ActivitiesTable;
  wvbc_transfers: WvbcTransfersTable;
  likes: LikesTable;
  follows: FollowsTable;
  notifications: NotificationsTable;
  notification_prefs: NotificationPrefsTable;
  live_events: LiveEventsTable;
  diaries: DiariesTable;
  support_messages: SupportMessagesTable;
  indexer_state: IndexerStateTable;
  indexed_blocks: IndexedBlocksTable;
  metadata_documents: MetadataDocumentsTable;
  gifts: GiftsTable;
  gift_messages: GiftMessagesTable;
}

export type UserRow = Selectable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type NftRow = Selectable<NftsTable>;
export type CollectionRow = Selectable<CollectionsTable>;
export type SetRow = Selectable<SetsTable>;
export type BundleRow = Selectable<BundlesTable>;
export type NetworkRow = Selectable<NetworksTable>;
export type ActivityRow = Selectable<ActivitiesTable>;
export type OrderRow = Selectable<OrdersTable>;
/**
 * An entry of the order history (repositories/orders.ts). sell: the order as made, `items_sold`
 * of its items sold so far, `paid` null. buy: the order as one of the addresses bought from it:
 * status success; taker, transaction and time those of the fill; `items_sold` the items it
 * took; `paid` the amount paid.
 */
export type OrderHistoryRow = OrderRow & {
  side: 'sell' | 'buy';
  items_sold: number | string;
  paid: string | null;
};
export type BidRow = Selectable<BidsTable>;
