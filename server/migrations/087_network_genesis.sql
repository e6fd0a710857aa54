-- The hash of block 0 of the chain each network's rows were indexed from
-- (server/src/indexer/genesis.ts): stored on the indexer's first contact with the node, compared
-- on every step after, so a chain restarted with another genesis behind the same network id is
-- never indexed into the old chain's rows. Null: not yet seen.
alter table networks add column genesis_hash text;
