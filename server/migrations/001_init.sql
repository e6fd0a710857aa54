-- 001_init: the whole schema of the marketplace (spec §3, §4, §7).
-- Rules (see server/README.md):
--   * Money is numeric(78,0) wei (domain `wei`, never negative).
--   * Chain addresses are stored LOWERCASE (domain `address`, checked here) and checksummed
--     (EIP-55) on the wire by the API. Transaction and order hashes are lowercase 0x + 64 hex.
--   * Every list filter and sort the API offers has an index.
--   * Rows written from chain events carry (network_id, tx_hash, log_index) and a UNIQUE key on
--     them, so indexing a log twice is impossible.

create domain address as text check (value ~ '^0x[0-9a-f]{40}$');
create domain wei as numeric(78, 0) check (value >= 0);
create domain hash32 as text check (value ~ '^0x[0-9a-f]{64}$');

-- ---------------------------------------------------------------- accounts

create table users (
  id integer generated always as identity primary key,
  username text not null,
  email text,
  -- node:crypto scrypt: "scrypt$N$r$p$salt_b64$hash_b64"; null for wallet-only accounts.
  password_hash text,
  email_verified boolean not null default false,
  avatar text,
  banner text,
  bio text not null default '',
  is_creator boolean not null default false,
  -- partners may mint (spec §1, §6)
  is_partner boolean not null default false,
  is_admin boolean not null default false,
  followers_count integer not null default 0 check (followers_count >= 0),
  following_count integer not null default 0 check (following_count >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (length(username) between 1 and 64)
);
create unique index users_username_key on users (lower(username));
create unique index users_email_key on users (lower(email)) where email is not null;
create index users_creator_idx on users (created_at desc) where is_creator;
create index users_followers_idx on users (followers_count desc, id);

create table email_verifications (
  id integer generated always as identity primary key,
  user_id integer not null references users (id) on delete cascade,
  -- sha256 hex of the token sent by e-mail; the token itself is never stored
  token_hash text not null unique,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index email_verifications_user_idx on email_verifications (user_id);

-- EIP-4361 nonces: single use, 5 minutes (spec §8 'Authentication request has expired')
create table siwe_nonces (
  nonce text primary key,
  domain text not null,
  chain_id integer not null,
  issued_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index siwe_nonces_expires_idx on siwe_nonces (expires_at);

-- chain addresses linked to an account: one account per address (spec §5)
create table bc_addresses (
  address address primary key,
  user_id integer not null references users (id) on delete cascade,
  created_at timestamptz not null default now()
);
create index bc_addresses_user_idx on bc_addresses (user_id, created_at);

-- platform wallets (0 = VBchain, keystore encrypted in the browser) and extension wallets
-- (1 = MetaMask, address only). The server never holds a clear key, phrase or passphrase.
create table eth_wallets (
  id integer generated always as identity primary key,
  user_id integer not null references users (id) on delete cascade,
  name text not null,
  platform smallint not null check (platform in (0, 1)),
  address address not null,
  is_active boolean not null default false,
  -- a hash (made in the browser) of the passphrase hash, to check switchActive requests
  passphrase_check text,
  created_at timestamptz not null default now(),
  unique (user_id, platform, address)
);
create index eth_wallets_user_idx on eth_wallets (user_id, platform);
create unique index eth_wallets_one_active on eth_wallets (user_id) where is_active;

create table eth_wallet_accounts (
  id integer generated always as identity primary key,
  wallet_id integer not null references eth_wallets (id) on delete cascade,
  address address not null,
  -- Web3 Secret Storage (keystore v3, scrypt) JSON, encrypted in the browser
  enc_private_key jsonb not null,
  created_at timestamptz not null default now(),
  unique (wallet_id, address)
);

-- ---------------------------------------------------------------- reference data

-- networks, joined from three groups (spec §3)
create table networks (
  id integer generated always as identity primary key,
  network_id integer not null unique,
  name text not null,
  icon text not null default '',
  -- public RPC base the client uses (spec §9: suffix appended unless network 97); for our own
  -- nodes it points at the server's JSON-RPC proxy, which forwards to node_url
  domain text not null,
  gateway text not null default '',
  -- where the server itself reaches the node (never sent to clients)
  node_url text,
  network_group text not null check (network_group in ('mainnet', 'testnet', 'devnet')),
  sort_order integer not null default 0,
  is_active boolean not null default true,
  native_symbol text not null default 'VBC',
  wrapped_symbol text not null default 'WVBC',
  explorer_url text not null default '',
  -- our contracts on this network (null until deployed)
  wrapper_address address,
  exchange_address address,
  collection_factory_address address,
  deploy_block bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index networks_order_idx on networks (network_group, sort_order, id);

-- the 17 categories of spec §2 (labelId = id); names come from the locale files by key
create table categories (
  id integer primary key,
  key text not null unique,
  name text not null,
  sort_order integer not null
);
insert into categories (id, key, name, sort_order) values
  (1, 'real-estate', 'Real estate', 1),
  (2, 'jewellery', 'Jewellery', 2),
  (3, 'art', 'Art', 3),
  (4, 'music', 'Music', 4),
  (5, 'domain-names', 'Domain names', 5),
  (6, 'sports', 'Sports', 6),
  (7, 'cards', 'Cards', 7),
  (8, 'virtual-world', 'Virtual world', 8),
  (9, 'collectibles', 'Collectibles', 9),
  (10, 'utility', 'Utility', 10),
  (11, 'tickets', 'Tickets', 11),
  (12, 'goods', 'Goods', 12),
  (13, 'idols', 'Idols', 13),
  (14, 'video', 'Video', 14),
  (15, 'works', 'Works (literature)', 15),
  (16, 'game', 'Game', 16),
  (17, 'car', 'Car', 17);

-- ---------------------------------------------------------------- catalogue

create table collections (
  id integer generated always as identity primary key,
  network_id integer not null references networks (network_id),
  address address not null,
  name text not null,
  symbol text not null default '',
  description text not null default '',
  image text not null default '',
  banner text not null default '',
  creator address not null,
  creator_user_id integer references users (id) on delete set null,
  label_id integer references categories (id),
  likes_count integer not null default 0 check (likes_count >= 0),
  bids_count integer not null default 0 check (bids_count >= 0),
  items_count integer not null default 0 check (items_count >= 0),
  floor_price wei,
  volume wei not null default 0,
  deploy_block bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (network_id, address)
);
create index collections_address_idx on collections (address);
create index collections_creator_idx on collections (creator, created_at desc);
create index collections_label_idx on collections (label_id, created_at desc);
create index collections_network_idx on collections (network_id, created_at desc);
create index collections_newest_idx on collections (created_at desc, id desc);
create index collections_likes_idx on collections (likes_count desc, id desc);
create index collections_bids_idx on collections (bids_count desc, id desc);
create index collections_floor_idx on collections (floor_price, id);

create table sets (
  id integer generated always as identity primary key,
  network_id integer not null references networks (network_id),
  collection_address address,
  owner address not null,
  creator address not null,
  name text not null,
  description text not null default '',
  image text not null default '',
  status text not null default 'NOTFORSALE'
    check (status in ('ONSALE', 'NOTFORSALE', 'INCOMING', 'SOLD')),
  base_type text not null default 'image',
  label_id integer references categories (id),
  sale_type text check (sale_type in ('FIXED', 'AUCTION')),
  is_bid boolean not null default false,
  hot_nft boolean not null default false,
  price wei,
  highest_bid wei,
  likes_count integer not null default 0 check (likes_count >= 0),
  bids_count integer not null default 0 check (bids_count >= 0),
  current_order_hash hash32,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index sets_status_newest_idx on sets (status, created_at desc, id desc);
create index sets_status_likes_idx on sets (status, likes_count desc, id desc);
create index sets_status_bids_idx on sets (status, bids_count desc, id desc);
create index sets_status_price_idx on sets (status, price, id);
create index sets_owner_idx on sets (owner);
create index sets_creator_idx on sets (creator);
create index sets_collection_idx on sets (collection_address);
create index sets_network_idx on sets (network_id);
create index sets_label_idx on sets (label_id);
create index sets_base_type_idx on sets (base_type);

create table bundles (
  id integer generated always as identity primary key,
  network_id integer not null references networks (network_id),
  owner address not null,
  creator address not null,
  name text not null,
  description text not null default '',
  image text not null default '',
  status text not null default 'NOTFORSALE'
    check (status in ('ONSALE', 'NOTFORSALE', 'INCOMING', 'SOLD')),
  label_id integer references categories (id),
  -- spec §5: a percent discount of item price from a minimum count (basis points)
  discount_bps integer not null default 0 check (discount_bps between 0 and 10000),
  min_count integer not null default 1 check (min_count >= 1),
  likes_count integer not null default 0 check (likes_count >= 0),
  current_order_hash hash32,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index bundles_status_newest_idx on bundles (status, created_at desc, id desc);
create index bundles_status_likes_idx on bundles (status, likes_count desc, id desc);
create index bundles_owner_idx on bundles (owner);
create index bundles_network_idx on bundles (network_id);
create index bundles_label_idx on bundles (label_id);

create table nfts (
  id integer generated always as identity primary key,
  network_id integer not null references networks (network_id),
  collection_id integer references collections (id) on delete set null,
  collection_address address not null,
  token_id wei not null,
  -- per-token transfer count kept by our collection contract; orders commit to it
  token_nonce wei not null default 0,
  owner address not null,
  creator address not null,
  name text not null default '',
  description text not null default '',
  image text not null default '',
  animation_url text,
  metadata_uri text not null default '',
  status text not null default 'NOTFORSALE'
    check (status in ('ONSALE', 'NOTFORSALE', 'INCOMING', 'SOLD')),
  base_type text not null default 'image',
  label_id integer references categories (id),
  hot_nft boolean not null default false,
  is_set boolean not null default false,
  is_bundle boolean not null default false,
  -- true while an auction order is live
  is_bid boolean not null default false,
  sale_type text check (sale_type in ('FIXED', 'AUCTION')),
  buy_price wei,
  discount_bps integer not null default 0 check (discount_bps between 0 and 10000),
  highest_bid wei,
  likes_count integer not null default 0 check (likes_count >= 0),
  bids_count integer not null default 0 check (bids_count >= 0),
  current_order_hash hash32,
  set_id integer references sets (id) on delete set null,
  bundle_id integer references bundles (id) on delete set null,
  minted_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (network_id, collection_address, token_id)
);
create index nfts_status_newest_idx on nfts (status, created_at desc, id desc);
create index nfts_status_likes_idx on nfts (status, likes_count desc, id desc);
create index nfts_status_bids_idx on nfts (status, bids_count desc, id desc);
create index nfts_status_price_idx on nfts (status, buy_price, id);
create index nfts_newest_idx on nfts (created_at desc, id desc);
create index nfts_likes_idx on nfts (likes_count desc, id desc);
create index nfts_owner_idx on nfts (owner, status);
create index nfts_creator_idx on nfts (creator);
create index nfts_collection_idx on nfts (collection_address, status);
create index nfts_collection_id_idx on nfts (collection_id);
create index nfts_base_type_idx on nfts (base_type);
create index nfts_network_idx on nfts (network_id, status);
create index nfts_label_idx on nfts (label_id, status);
create index nfts_hot_idx on nfts (likes_count desc, id desc) where hot_nft;
create index nfts_is_set_idx on nfts (set_id) where is_set;
create index nfts_is_bundle_idx on nfts (bundle_id) where is_bundle;
create index nfts_is_bid_idx on nfts (status, created_at desc) where is_bid;
create index nfts_order_idx on nfts (current_order_hash) where current_order_hash is not null;

create table set_items (
  set_id integer not null references sets (id) on delete cascade,
  nft_id integer not null references nfts (id) on delete cascade,
  position integer not null default 0,
  primary key (set_id, nft_id)
);
create index set_items_nft_idx on set_items (nft_id);

create table bundle_items (
  bundle_id integer not null references bundles (id) on delete cascade,
  nft_id integer not null references nfts (id) on delete cascade,
  -- spec §3: pricePerItem
  price wei not null,
  position integer not null default 0,
  sold boolean not null default false,
  primary key (bundle_id, nft_id)
);
create index bundle_items_nft_idx on bundle_items (nft_id);

create table nft_properties (
  id integer generated always as identity primary key,
  nft_id integer references nfts (id) on delete cascade,
  set_id integer references sets (id) on delete cascade,
  trait_type text not null,
  value text not null,
  display_type text,
  rarity_bps integer check (rarity_bps between 0 and 10000),
  position integer not null default 0,
  check ((nft_id is not null) <> (set_id is not null))
);
create index nft_properties_nft_idx on nft_properties (nft_id, position);
create index nft_properties_set_idx on nft_properties (set_id, position);

create table inspection_reports (
  id integer generated always as identity primary key,
  nft_id integer not null references nfts (id) on delete cascade,
  inspector text not null,
  result text not null,
  summary text not null default '',
  document_url text,
  inspected_at timestamptz not null,
  created_at timestamptz not null default now()
);
create index inspection_reports_nft_idx on inspection_reports (nft_id, inspected_at desc);

-- ---------------------------------------------------------------- trading

create table orders (
  order_hash hash32 primary key,
  network_id integer not null references networks (network_id),
  maker address not null,
  -- FIXED (native coin) or AUCTION (English auction in the wrapped token)
  sale_kind text not null check (sale_kind in ('FIXED', 'AUCTION')),
  target text not null check (target in ('NFT', 'SET', 'BUNDLE')),
  nft_id integer references nfts (id) on delete set null,
  set_id integer references sets (id) on delete set null,
  bundle_id integer references bundles (id) on delete set null,
  payment_token address not null,
  price wei not null,
  start_time timestamptz not null,
  end_time timestamptz,
  counter wei not null default 0,
  -- the EIP-712 message exactly as signed; big numbers as decimal strings
  message jsonb not null,
  signature text not null check (signature ~ '^0x[0-9a-f]+$'),
  status text not null default 'pending' check (status in ('pending', 'success', 'end')),
  taker address,
  tx_hash hash32,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index orders_maker_idx on orders (maker, created_at desc);
create index orders_taker_idx on orders (taker, created_at desc);
create index orders_status_idx on orders (status, end_time);
create index orders_nft_idx on orders (nft_id, created_at desc);
create index orders_set_idx on orders (set_id, created_at desc);
create index orders_bundle_idx on orders (bundle_id, created_at desc);
create index orders_network_idx on orders (network_id, status);

-- bids: EIP-712 signed by the bidder in the wrapped token, never cancellable (spec §4)
create table bids (
  id integer generated always as identity primary key,
  order_hash hash32 not null references orders (order_hash),
  network_id integer not null references networks (network_id),
  bidder address not null,
  amount wei not null,
  message jsonb not null,
  signature text not null check (signature ~ '^0x[0-9a-f]+$'),
  is_highest boolean not null default false,
  created_at timestamptz not null default now()
);
create index bids_order_idx on bids (order_hash, amount desc);
create index bids_bidder_idx on bids (bidder, network_id, created_at desc);
create index bids_highest_bidder_idx on bids (bidder, network_id) where is_highest;
create unique index bids_one_highest on bids (order_hash) where is_highest;

-- provenance and activity feed (spec §3). LIKE is the collection activity filter 'likes'.
create table activities (
  id bigint generated always as identity primary key,
  network_id integer not null references networks (network_id),
  type text not null
    check (type in ('MINT', 'LIST', 'TRANSFER', 'BUY', 'REVOKE', 'BID', 'PURCHASE', 'LIKE')),
  nft_id integer references nfts (id) on delete cascade,
  set_id integer references sets (id) on delete cascade,
  bundle_id integer references bundles (id) on delete cascade,
  collection_address address,
  from_address address,
  to_address address,
  price wei,
  order_hash hash32,
  tx_hash hash32,
  log_index integer,
  block_number bigint,
  created_at timestamptz not null default now(),
  -- exactly once per chain log and type (null tx_hash = off-chain event, never conflicts)
  unique (network_id, tx_hash, log_index, type)
);
create index activities_nft_idx on activities (nft_id, created_at desc, id desc);
create index activities_set_idx on activities (set_id, created_at desc, id desc);
create index activities_bundle_idx on activities (bundle_id, created_at desc, id desc);
create index activities_collection_idx on activities (collection_address, type, created_at desc);
create index activities_from_idx on activities (from_address, created_at desc);
create index activities_to_idx on activities (to_address, created_at desc);
create index activities_type_idx on activities (type, created_at desc, id desc);
create index activities_newest_idx on activities (created_at desc, id desc);
create index activities_block_idx on activities (network_id, block_number);

-- wrapped-token deposits and withdrawals seen on chain
create table wvbc_transfers (
  id bigint generated always as identity primary key,
  network_id integer not null references networks (network_id),
  kind text not null check (kind in ('DEPOSIT', 'WITHDRAWAL')),
  address address not null,
  amount wei not null,
  tx_hash hash32 not null,
  log_index integer not null,
  block_number bigint not null,
  created_at timestamptz not null default now(),
  unique (network_id, tx_hash, log_index)
);
create index wvbc_transfers_address_idx on wvbc_transfers (address, created_at desc);
create index wvbc_transfers_block_idx on wvbc_transfers (network_id, block_number);

-- ---------------------------------------------------------------- social

create table likes (
  id integer generated always as identity primary key,
  target text not null check (target in ('NFT', 'COLLECTION', 'SET', 'BUNDLE')),
  target_id integer not null,
  address address not null,
  created_at timestamptz not null default now(),
  unique (target, target_id, address)
);
create index likes_address_idx on likes (address, target, created_at desc);

create table follows (
  follower_id integer not null references users (id) on delete cascade,
  followee_id integer not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (follower_id, followee_id),
  check (follower_id <> followee_id)
);
create index follows_followee_idx on follows (followee_id, created_at desc);

create table notifications (
  id bigint generated always as identity primary key,
  user_id integer references users (id) on delete cascade,
  address address,
  type text not null,
  payload jsonb not null default '{}',
  read_at timestamptz,
  created_at timestamptz not null default now(),
  check (user_id is not null or address is not null)
);
create index notifications_user_idx on notifications (user_id, created_at desc);
create index notifications_address_idx on notifications (address, created_at desc);

-- ---------------------------------------------------------------- content and support

create table diaries (
  id integer generated always as identity primary key,
  title text not null,
  summary text not null default '',
  content text not null default '',
  image text not null default '',
  link text,
  lang text not null default 'en' check (lang in ('en', 'vi')),
  published_at timestamptz not null default now()
);
create index diaries_published_idx on diaries (published_at desc, id desc);

-- spec §2: support form (name, phone, email, address, country, city, district, ward, detail)
create table support_messages (
  id integer generated always as identity primary key,
  user_id integer references users (id) on delete set null,
  name text not null,
  phone text not null default '',
  email text not null,
  address text not null default '',
  country text not null default '',
  city text not null default '',
  district text not null default '',
  ward text not null default '',
  detail text not null,
  mailed_at timestamptz,
  created_at timestamptz not null default now()
);
create index support_messages_created_idx on support_messages (created_at desc);

-- ---------------------------------------------------------------- indexer

-- checkpoint per chain: last fully indexed block
create table indexer_state (
  network_id integer primary key references networks (network_id),
  last_block bigint not null,
  last_block_hash hash32 not null,
  updated_at timestamptz not null default now()
);

-- recent block hashes, to detect a reorg and roll back to the common ancestor
create table indexed_blocks (
  network_id integer not null references networks (network_id),
  block_number bigint not null,
  block_hash hash32 not null,
  parent_hash hash32 not null,
  primary key (network_id, block_number)
);
