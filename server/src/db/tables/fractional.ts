/**
 * Kysely table types of fractional vaults (migrations 079-082; docs/decisions/119). Gathered into
 * `Database` by server/src/db/types.ts (its conventions apply).
 */
import type { ColumnType, Generated } from 'kysely';
import type { VaultState } from '#shared/schemas/fractional.ts';
import type { Int8, Wei, WeiNullable } from '../columns.ts';

type WeiDefault = ColumnType<string, string | bigint | undefined, string | bigint>;

export interface FractionalVaultsTable {
  network_id: number;
  vault: string;
  collection_address: string;
  token_id: Wei;
  curator: string;
  supply: Wei;
  price_per_share: Wei;
  purchase_limit: Wei;
  sale_start: Date;
  sale_end: Date;
  reserve_price: Wei;
  state: Generated<VaultState>;
  shares_sold: WeiDefault;
  unsold_released: Generated<boolean>;
  holders_count: Generated<number>;
  last_price: WeiNullable;
  buyout_bidder: string | null;
  buyout_amount: WeiNullable;
  buyout_ends_at: Date | null;
  buyout_bid_count: Generated<number>;
  cashed_out_shares: WeiDefault;
  cashed_out_amount: WeiDefault;
  redeemed_by: string | null;
  created_tx: string;
  created_block: Int8;
  created_at: Date;
}

export interface FractionalBalancesTable {
  network_id: number;
  vault: string;
  holder: string;
  shares: WeiDefault;
}

export interface FractionalTradesTable {
  id: Generated<string>;
  network_id: number;
  vault: string;
  kind: 'SALE' | 'LISTING';
  buyer: string;
  seller: string;
  shares: Wei;
  price_per_share: Wei;
  amount: Wei;
  fee: WeiDefault;
  order_hash: string | null;
  tx_hash: string;
  log_index: number;
  block_number: Int8;
  created_at: Date;
}

export interface FractionalBidsTable {
  id: Generated<string>;
  network_id: number;
  vault: string;
  bidder: string;
  amount: Wei;
  ends_at: Date;
  tx_hash: string;
  log_index: number;
  block_number: Int8;
  created_at: Date;
}

export interface FractionalCashoutsTable {
  id: Generated<string>;
  network_id: number;
  vault: string;
  holder: string;
  shares: Wei;
  payout: Wei;
  tx_hash: string;
  log_index: number;
  block_number: Int8;
  created_at: Date;
}

export interface ShareOrdersTable {
  network_id: number;
  vault: string;
  order_hash: string;
  maker: string;
  shares: Wei;
  price_per_share: Wei;
  start_time: Wei;
  end_time: Wei;
  salt: Wei;
  max_fee_bps: Wei;
  signature: string;
  filled: WeiDefault;
  status: Generated<'OPEN' | 'FILLED' | 'CANCELLED'>;
  created_at: Generated<Date>;
}
