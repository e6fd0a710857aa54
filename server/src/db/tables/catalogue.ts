/**
 * Kysely table types of the catalogue: networks, categories, collections, sets, bundles, NFTs and what hangs off them.
 * Gathered into `Database` by server/src/db/types.ts (its conventions apply).
 */
import type { ColumnType, Generated } from 'kysely';
import type { NftStatus, SaleType } from '#shared/enums.ts';
import type { VaultState } from '#shared/schemas/fractional.ts';
import type { Int8, Timestamp, TimestampNullable, Wei, WeiNullable } from '../columns.ts';

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
  /** contracts/src/Drops.sol (migrations/083_drops.sql); null where not deployed. */
  drops_address: string | null;
  deploy_block: Int8 | null;
  /** migrations/079_fractional_vaults.sql */
  fractional_factory_address: Generated<string | null>;
  fractional_block: ColumnType<
    string | null,
    string | number | null | undefined,
    string | number | null
  >;
  /** Block 0's hash of the chain indexed (server/src/indexer/genesis.ts); null: not yet seen. */
  genesis_hash: Generated<string | null>;
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
  /** Its vault while it is in one (migrations/079_fractional_vaults.sql). */
  fractional_vault: Generated<string | null>;
  fractional_state: Generated<VaultState | null>;
  /** Drop editions, tickets and bags: serial k of the drop's total N (083_drops.sql). */
  edition_number: number | null;
  edition_total: number | null;
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

/** NFTs per network, category (0: none) and status; kept by a trigger (migration 005). */
export interface NftCountsTable {
  network_id: number;
  label_id: number;
  status: string;
  n: string;
}

/** Activity events per network and type; kept by triggers (migration 089). */
export interface ActivityCountsTable {
  network_id: number;
  type: string;
  n: string;
}

/** Studio metadata, kept by the sha256 of its bytes (migrations/040_metadata_documents.sql). */
export interface MetadataDocumentsTable {
  hash: string;
  body: string;
  user_id: number | null;
  created_at: Generated<Date>;
}
