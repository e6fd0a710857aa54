-- 078_bid_receipts_and_records (docs/decisions/098-auction-records-bind-and-refund.md).
-- bids.receipt: the settlement key's BidAccepted signature made when the bid was accepted;
-- Exchange.recordBid takes it, so only accepted bids go on chain. Null when the server had no
-- settlement key.
alter table bids add column receipt text check (receipt ~ '^0x[0-9a-f]+$');

-- Each BidRecorded (a bid put on chain, escrowed) and RecordedBidReturned (its escrow paid back)
-- of the exchange, written by the indexer; an auction's record is its latest row while that is
-- a RECORDED one and the order did not fill. A reorg deletes the rows above the common ancestor
-- (server/src/indexer/reorg.ts).
create table bid_records (
  network_id integer not null references networks (network_id),
  tx_hash hash32 not null,
  log_index integer not null,
  block_number bigint not null,
  order_hash hash32 not null,
  kind text not null check (kind in ('RECORDED', 'RETURNED')),
  bidder address not null,
  amount wei not null,
  primary key (network_id, tx_hash, log_index)
);
create index bid_records_order on bid_records (order_hash, block_number desc, log_index desc);

-- Bidders the settlement service found unbacked when their attestation was due: skipped in the
-- auction's later picks (server/src/services/settlement.ts).
create table settlement_skips (
  order_hash hash32 not null references orders (order_hash),
  bidder address not null,
  created_at timestamptz not null default now(),
  primary key (order_hash, bidder)
);
