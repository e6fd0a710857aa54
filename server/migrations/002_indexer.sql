-- 002_indexer: what the chain indexer (server/src/indexer) needs beyond 001.

-- Exactly once per chain log: a handler runs only when its (tx_hash, log_index) row is new, in the
-- same transaction as its effects and the checkpoint. Rolled back with its block on a reorg.
create table indexed_logs (
  network_id integer not null references networks (network_id),
  tx_hash hash32 not null,
  log_index integer not null,
  block_number bigint not null,
  primary key (network_id, tx_hash, log_index)
);
create index indexed_logs_block_idx on indexed_logs (network_id, block_number);

-- Undo journal of the recent blocks (reorg safety): before the indexer changes chain-derived
-- columns of a row it records their old values (null: the row was inserted, undo = delete).
-- A reorg replays the journal above the common ancestor in reverse; entries older than the
-- reorg window are pruned.
create table indexer_journal (
  id bigint generated always as identity primary key,
  network_id integer not null references networks (network_id),
  block_number bigint not null,
  table_name text not null,
  row_key jsonb not null,
  old_values jsonb
);
create index indexer_journal_block_idx on indexer_journal (network_id, block_number, id);

-- One-time markers (e.g. 'demo-seed': the demo catalogue was created on this database).
create table app_markers (
  key text primary key,
  value jsonb not null default '{}',
  created_at timestamptz not null default now()
);
