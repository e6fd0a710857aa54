/**
 * Kysely table types of trading and the chain: orders, their fills, bids, settlements, activity, WVBC moves, gifts, the indexer.
 * Gathered into `Database` by server/src/db/types.ts (its conventions apply).
 */
import type { ColumnType, Generated } from 'kysely';
import type { ActivityType, OrderStatus, OrderTarget, SaleType } from '#shared/enums.ts';
import type { Int8, Json, Timestamp, TimestampNullable, Wei, WeiNullable } from '../columns.ts';

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
  /** The settlement key's BidAccepted receipt (Exchange.recordBid); null without a key. */
  receipt: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Generated<Date>;
}

/** Each BidRecorded / RecordedBidReturned, written by the indexer (migrations/078). */
export interface BidRecordsTable {
  network_id: number;
  tx_hash: string;
  log_index: number;
  block_number: Int8;
  order_hash: string;
  kind: 'RECORDED' | 'RETURNED';
  bidder: string;
  amount: Wei;
}

/** Bidders found unbacked when their attestation was due: skipped in later picks. */
export interface SettlementSkipsTable {
  order_hash: string;
  bidder: string;
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
