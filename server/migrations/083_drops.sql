-- 083_drops: the primary market (contracts/src/Drops.sol, docs/decisions/118-drops-escrow-and-reveal.md,
-- 121-drops-on-the-server.md). `drops` and `drop_buyers` are written by the indexer from the
-- contract's events (a reorg undoes them through the journal); `drop_events` is the ledger of
-- purchases, deliveries, refunds and bag openings (deleted above the ancestor on a reorg, as
-- wvbc_transfers); `drop_pools` holds a magic bag's ordered pool as its partner stored it,
-- published once the bag is revealed. Items are tokens of the Drops contract: `nfts` rows of the
-- contract's `collections` row, with their edition number for editions, tickets and bags.
alter table networks add column drops_address address;

alter table nfts add column edition_number integer, add column edition_total integer;

create table drops (
  network_id integer not null references networks (network_id),
  drop_id wei not null,
  contract_address address not null,
  partner address not null,
  kind text not null check (kind in ('EDITION', 'TICKET', 'PRE_ORDER', 'MAGIC_BAG')),
  wrapped boolean not null,
  price wei not null,
  total integer not null check (total > 0),
  limit_per_wallet integer not null check (limit_per_wallet > 0),
  start_time timestamptz not null,
  end_time timestamptz not null,
  deadline timestamptz,
  event_time timestamptz,
  pool_root hash32,
  uri text not null,
  title text not null default '',
  description text not null default '',
  cover text not null default '',
  collection_address address,
  event_place text,
  sold integer not null default 0,
  delivered integer not null default 0,
  refunded integer not null default 0,
  withdrawn wei not null default 0,
  cancelled boolean not null default false,
  reveal_block bigint,
  reveal_hash hash32,
  reveal_offset integer,
  revealed boolean not null default false,
  opened integer not null default 0,
  created_tx hash32 not null,
  created_block bigint not null,
  created_at timestamptz not null,
  primary key (network_id, drop_id)
);
create index drops_start on drops (start_time desc);
create index drops_end on drops (end_time);
create index drops_partner on drops (partner, network_id);

create table drop_buyers (
  network_id integer not null,
  drop_id wei not null,
  buyer address not null,
  bought integer not null default 0,
  delivered integer not null default 0,
  refunded integer not null default 0,
  paid wei not null default 0,
  refunded_amount wei not null default 0,
  primary key (network_id, drop_id, buyer),
  foreign key (network_id, drop_id) references drops (network_id, drop_id) on delete cascade
);
create index drop_buyers_buyer on drop_buyers (buyer, network_id);

create table drop_events (
  network_id integer not null references networks (network_id),
  tx_hash hash32 not null,
  log_index integer not null,
  block_number bigint not null,
  type text not null check (type in ('PURCHASE', 'DELIVER', 'REFUND', 'OPEN')),
  drop_id wei not null,
  account address not null,
  quantity integer not null,
  amount wei,
  first_token_id wei,
  created_at timestamptz not null,
  primary key (network_id, tx_hash, log_index)
);
create index drop_events_account on drop_events (account, created_at desc);

create table drop_pools (
  pool_root hash32 primary key,
  uris jsonb not null,
  user_id integer references users (id) on delete set null,
  created_at timestamptz not null default now()
);

alter table activities drop constraint activities_type_check;
alter table activities add constraint activities_type_check check (type in ('MINT', 'LIST',
  'TRANSFER', 'BUY', 'REVOKE', 'BID', 'PURCHASE', 'LIKE', 'PRE_ORDER', 'DELIVER', 'REFUND',
  'REVEAL'));
