-- 057_approval_epochs: each ApprovalEpochBumped of a collection (a holder revoked an operator),
-- with the holder's new epoch. A token's nonce on chain is its own count of moves plus its
-- holder's epoch (contracts/src/MarketplaceCollection.sol, tokenNonce), so the indexer needs the
-- epoch of whoever receives a token to keep `nfts.token_nonce` equal to the chain's
-- (server/src/indexer/token-events.ts). Written by the indexer; a reorg deletes the rows above
-- the common ancestor (server/src/indexer/reorg.ts).
create table approval_epochs (
  network_id integer not null references networks (network_id),
  tx_hash hash32 not null,
  log_index integer not null,
  block_number bigint not null,
  collection_address address not null,
  holder address not null,
  epoch numeric(78, 0) not null,
  primary key (network_id, tx_hash, log_index)
);
create index approval_epochs_holder on approval_epochs (network_id, collection_address, holder);
