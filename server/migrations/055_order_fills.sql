-- 055_order_fills: each fill of a stored order (the exchange's OrderFilled), with its taker,
-- the items it took and what the taker paid (fee included). A bundle order fills several times,
-- by several buyers, while `orders.taker` keeps only the last one: the order history reads a
-- buyer's purchases here (server/src/repositories/orders.ts). Written by the indexer; a reorg
-- deletes the rows above the common ancestor (server/src/indexer/reorg.ts).
create table order_fills (
  network_id integer not null references networks (network_id),
  tx_hash hash32 not null,
  log_index integer not null,
  block_number bigint not null,
  order_hash hash32 not null references orders (order_hash) on delete cascade,
  taker address not null,
  item_count integer not null check (item_count > 0),
  amount wei not null,
  created_at timestamptz not null,
  primary key (network_id, tx_hash, log_index)
);
create index order_fills_taker on order_fills (taker, created_at desc);
create index order_fills_order on order_fills (order_hash);

-- Fills indexed before this table: one per order, transaction and buyer, from the BUY and
-- PURCHASE provenance rows (one per item, each priced at its share of the amount; the shares
-- may be a few wei under the amount of a bundle bought at a discount).
insert into order_fills
  (network_id, tx_hash, log_index, block_number, order_hash, taker, item_count, amount, created_at)
select a.network_id, a.tx_hash, max(a.log_index), max(a.block_number), a.order_hash, a.to_address,
  count(*), coalesce(sum(a.price), 0), max(a.created_at)
from activities a
join orders o on o.order_hash = a.order_hash
where a.type in ('BUY', 'PURCHASE') and a.tx_hash is not null and a.to_address is not null
  and a.block_number is not null
group by a.network_id, a.tx_hash, a.order_hash, a.to_address
on conflict do nothing;
