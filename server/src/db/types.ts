/**
 * Kysely types of server/migrations (keep in step with the SQL). Conventions:
 * addresses are lowercase text (checksummed on the wire), money (numeric(78,0)) and int8 come
 * back as decimal strings and may be written as string or bigint, timestamptz as Date.
 * Statuses, sale types and event names are the product's enumerations (shared/enums.ts).
 */
import type { Selectable, Updateable } from 'kysely';
import type {
  BcAddressesTable,
  EmailVerificationsTable,
  EthWalletAccountsTable,
  EthWalletsTable,
  RevokedSessionsTable,
  SchemaMigrationsTable,
  SiweNoncesTable,
  UploadsTable,
  UsersTable,
} from './tables/accounts.ts';
import type {
  ActivityCountsTable,
  BundleItemsTable,
  BundlesTable,
  CategoriesTable,
  CollectionsTable,
  InspectionReportsTable,
  MetadataDocumentsTable,
  NetworksTable,
  NftCountsTable,
  NftPropertiesTable,
  NftsTable,
  SetItemsTable,
  SetsTable,
} from './tables/catalogue.ts';
import type {
  DropBuyersTable,
  DropClocksTable,
  DropEventsTable,
  DropPoolsTable,
  DropsTable,
} from './tables/drops.ts';
import type {
  FractionalBalancesTable,
  FractionalBidsTable,
  FractionalCashoutsTable,
  FractionalTradesTable,
  FractionalVaultsTable,
  ShareOrdersTable,
} from './tables/fractional.ts';
import type {
  DiariesTable,
  FollowsTable,
  LikesTable,
  LiveEventsTable,
  NotificationPrefsTable,
  NotificationsTable,
  SupportMessagesTable,
} from './tables/social.ts';
import type {
  ActivitiesTable,
  ApprovalEpochsTable,
  BidRecordsTable,
  BidsTable,
  GiftMessagesTable,
  GiftsTable,
  IndexedBlocksTable,
  IndexerStateTable,
  OrderFillsTable,
  OrdersTable,
  SettlementSkipsTable,
  SettlementsTable,
  WvbcTransfersTable,
} from './tables/trading.ts';

export type { ActivityType, OrderStatus, OrderTarget } from '#shared/enums.ts';
export type { Int8, Json, Timestamp, TimestampNullable, Wei, WeiNullable } from './columns.ts';
export type * from './tables/accounts.ts';
export type * from './tables/catalogue.ts';
export type * from './tables/fractional.ts';
export type * from './tables/social.ts';
export type * from './tables/trading.ts';

export interface Database {
  schema_migrations: SchemaMigrationsTable;
  users: UsersTable;
  email_verifications: EmailVerificationsTable;
  siwe_nonces: SiweNoncesTable;
  revoked_sessions: RevokedSessionsTable;
  uploads: UploadsTable;
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
  settlement_skips: SettlementSkipsTable;
  bid_records: BidRecordsTable;
  activities: ActivitiesTable;
  activity_counts: ActivityCountsTable;
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
  fractional_vaults: FractionalVaultsTable;
  fractional_balances: FractionalBalancesTable;
  fractional_trades: FractionalTradesTable;
  fractional_bids: FractionalBidsTable;
  fractional_cashouts: FractionalCashoutsTable;
  share_orders: ShareOrdersTable;
  drops: DropsTable;
  drop_buyers: DropBuyersTable;
  drop_events: DropEventsTable;
  drop_pools: DropPoolsTable;
  drop_clocks: DropClocksTable;
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
export type EthWalletRow = Selectable<EthWalletsTable>;
export type EthWalletAccountRow = Selectable<EthWalletAccountsTable>;
