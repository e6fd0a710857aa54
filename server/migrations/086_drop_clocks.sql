-- 086_drop_clocks: the chain's clock as the indexer last saw it (the time of the last block of
-- its last range), per network. A drop's state (upcoming, live, ended) is read against the later
-- of it and the server's clock: the next block, the one a purchase would land in, is at least that
-- late (server/src/repositories/drops.ts). Written by server/src/indexer/drop-clock.ts.
create table drop_clocks (
  network_id integer primary key references networks (network_id),
  chain_time timestamptz not null
);
