-- Auctions that bind (docs/decisions/019-auction-end-and-claims.md).
-- orders.end_time of an AUCTION is its effective end: a late bid moves it (the signed end stays in
-- message.endTime). bids.placed_at is the chain's time when the bid was accepted.
alter table bids add column placed_at bigint;

-- One settlement attestation per auction at a time: re-issued only once its deadline has passed
-- (or the exchange's settlement epoch moved on).
create table settlements (
  order_hash hash32 primary key references orders (order_hash),
  network_id integer not null references networks (network_id),
  bidder address not null,
  amount wei not null,
  deadline bigint not null,
  epoch bigint not null,
  signature text not null check (signature ~ '^0x[0-9a-f]+$'),
  created_at timestamptz not null default now()
);
