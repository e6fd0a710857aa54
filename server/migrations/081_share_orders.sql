-- Share listings (docs/decisions/119-fractional-server-side.md): a holder's signed ShareOrder
-- (contracts/typed-data/shares.ts), stored by the API after its checks; `filled` and `status`
-- follow ShareOrderFilled / ShareOrderCancelled through the undo journal. The struct hash does
-- not name the vault, so the key holds it. EXPIRED is read from end_time, not stored.
create table share_orders (
  network_id integer not null references networks (network_id),
  vault address not null,
  order_hash hash32 not null,
  maker address not null,
  shares wei not null check (shares > 0),
  price_per_share wei not null check (price_per_share > 0),
  start_time wei not null,
  end_time wei not null,
  salt wei not null,
  max_fee_bps wei not null,
  signature text not null,
  filled wei not null default 0,
  status text not null default 'OPEN' check (status in ('OPEN', 'FILLED', 'CANCELLED')),
  created_at timestamptz not null default now(),
  primary key (network_id, vault, order_hash)
);
create index share_orders_book_idx on share_orders (network_id, vault, price_per_share, created_at)
  where status = 'OPEN';
create index share_orders_maker_idx on share_orders (maker) where status = 'OPEN';
