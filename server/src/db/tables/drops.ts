/**
 * Kysely table types of drops (migrations/083_drops.sql): the drops and buyers' records the
 * indexer keeps from contracts/src/Drops.sol, the ledger of purchases, deliveries, refunds and
 * bag openings, and the magic bags' pools as their partners stored them.
 */
import type { Generated } from 'kysely';
import type { DropKind } from '#shared/enums.ts';
import type { Int8, Json, Timestamp, TimestampNullable, Wei } from '../columns.ts';

export interface DropsTable {
  network_id: number;
  drop_id: Wei;
  contract_address: string;
  partner: string;
  kind: DropKind;
  wrapped: boolean;
  price: Wei;
  total: number;
  limit_per_wallet: number;
  start_time: Timestamp;
  end_time: Timestamp;
  deadline: TimestampNullable;
  event_time: TimestampNullable;
  pool_root: string | null;
  uri: string;
  title: Generated<string>;
  description: Generated<string>;
  cover: Generated<string>;
  collection_address: string | null;
  event_place: string | null;
  sold: Generated<number>;
  delivered: Generated<number>;
  refunded: Generated<number>;
  withdrawn: Generated<string>;
  cancelled: Generated<boolean>;
  reveal_block: Int8 | null;
  reveal_hash: string | null;
  reveal_offset: number | null;
  revealed: Generated<boolean>;
  opened: Generated<number>;
  /** 084_drop_notifications.sql: the sale's opening and the refunds' opening were told. */
  open_notified: Generated<boolean>;
  refund_notified: Generated<boolean>;
  created_tx: string;
  created_block: Int8;
  created_at: Timestamp;
}

export interface DropBuyersTable {
  network_id: number;
  drop_id: Wei;
  buyer: string;
  bought: Generated<number>;
  delivered: Generated<number>;
  refunded: Generated<number>;
  paid: Generated<string>;
  refunded_amount: Generated<string>;
}

export type DropEventType = 'PURCHASE' | 'DELIVER' | 'REFUND' | 'OPEN';

export interface DropEventsTable {
  network_id: number;
  tx_hash: string;
  log_index: number;
  block_number: Int8;
  type: DropEventType;
  drop_id: Wei;
  account: string;
  quantity: number;
  amount: Wei | null;
  first_token_id: Wei | null;
  created_at: Timestamp;
}

export interface DropClocksTable {
  network_id: number;
  chain_time: Timestamp;
}

export interface DropPoolsTable {
  pool_root: string;
  uris: Json<string[]>;
  user_id: number | null;
  created_at: Generated<Date>;
}
