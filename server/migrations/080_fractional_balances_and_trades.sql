-- Share balances and the vaults' history (docs/decisions/119-fractional-server-side.md).
-- Balances follow the vault's ERC-20 Transfer events through the undo journal; trades, buyout
-- bids and cash-outs are one row per log, deleted by block number on a reorg
-- (server/src/indexer/reorg.ts), as order_fills are.
create table fractional_balances (
  network_id integer not null references networks (network_id),
  vault address not null,
  holder address not null,
  shares wei not null default 0,
  primary key (network_id, vault, holder)
);
create index fractional_balances_holder_idx on fractional_balances (holder) where shares > 0;

-- SALE: bought in the primary sale (seller the partner, no fee); LISTING: a share listing taken
create table fractional_trades (
  id bigint generated always as identity primary key,
  network_id integer not null references networks (network_id),
  vault address not null,
  kind text not null check (kind in ('SALE', 'LISTING')),
  buyer address not null,
  seller address not null,
  shares wei not null,
  price_per_share wei not null,
  amount wei not null,
  fee wei not null default 0,
  order_hash hash32,
  tx_hash hash32 not null,
  log_index integer not null,
  block_number bigint not null,
  created_at timestamptz not null,
  unique (network_id, tx_hash, log_index)
);
create index fractional_trades_vault_idx on fractional_trades (network_id, vault, id desc);
create index fractional_trades_block_idx on fractional_trades (network_id, block_number);

create table fractional_bids (
  id bigint generated always as identity primary key,
  network_id integer not null references networks (network_id),
  vault address not null,
  bidder address not null,
  amount wei not null,
  ends_at timestamptz not null,
  tx_hash hash32 not null,
  log_index integer not null,
  block_number bigint not null,
  created_at timestamptz not null,
  unique (network_id, tx_hash, log_index)
);
create index fractional_bids_vault_idx on fractional_bids (network_id, vault, id desc);
create index fractional_bids_block_idx on fractional_bids (network_id, block_number);

create table fractional_cashouts (
  id bigint generated always as identity primary key,
  network_id integer not null references networks (network_id),
  vault address not null,
  holder address not null,
  shares wei not null,
  payout wei not null,
  tx_hash hash32 not null,
  log_index integer not null,
  block_number bigint not null,
  created_at timestamptz not null,
  unique (network_id, tx_hash, log_index)
);
create index fractional_cashouts_holder_idx on fractional_cashouts (holder);
create index fractional_cashouts_block_idx on fractional_cashouts (network_id, block_number);
