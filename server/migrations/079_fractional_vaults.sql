-- Fractional vaults (docs/decisions/119-fractional-server-side.md): one row per vault the
-- network's FractionalVaultFactory created (VaultCreated), its immutable terms and the state its
-- events build up. The indexer inserts the row and changes the state columns through the undo
-- journal (server/src/indexer/journal.ts), so a reorg removes or restores them.
alter table networks add column fractional_factory_address address;
-- the factory's creation block (it may come after the marketplace's deploy block)
alter table networks add column fractional_block bigint;
-- the vault holding the NFT while it is in one, and that vault's state (catalogue answers link
-- to it without a join)
alter table nfts add column fractional_vault address;
alter table nfts add column fractional_state text;

create table fractional_vaults (
  network_id integer not null references networks (network_id),
  vault address not null,
  collection_address address not null,
  token_id wei not null,
  curator address not null,
  supply wei not null check (supply > 0),
  price_per_share wei not null,
  purchase_limit wei not null,
  sale_start timestamptz not null,
  sale_end timestamptz not null,
  reserve_price wei not null,
  state text not null default 'IDLE'
    check (state in ('IDLE', 'LIVE', 'SUCCEEDED', 'FAILED', 'REDEEMED')),
  shares_sold wei not null default 0,
  unsold_released boolean not null default false,
  holders_count integer not null default 0,
  -- price per share of the last trade (a sale purchase or a listing fill)
  last_price wei,
  buyout_bidder address,
  buyout_amount wei,
  buyout_ends_at timestamptz,
  buyout_bid_count integer not null default 0,
  cashed_out_shares wei not null default 0,
  cashed_out_amount wei not null default 0,
  redeemed_by address,
  created_tx hash32 not null,
  created_block bigint not null,
  created_at timestamptz not null,
  primary key (network_id, vault)
);
create index fractional_vaults_newest_idx on fractional_vaults (created_at desc, vault);
create index fractional_vaults_nft_idx on fractional_vaults (network_id, collection_address, token_id);
