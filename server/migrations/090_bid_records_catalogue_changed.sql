-- An item's bid history (GET /api/v2/bid/bid/{id}) is kept by the answer cache
-- (server/src/plugins/etag.ts VALIDATED) and says whether each bid is the one recorded on chain
-- (bid_records, written by the indexer): a write to bid_records announces NOTIFY vbc_catalogue
-- as the tables of migration 070 do.
create trigger bid_records_catalogue_changed after insert or update or delete on bid_records
  for each statement execute function catalogue_changed();
create trigger bid_records_catalogue_truncated after truncate on bid_records
  for each statement execute function catalogue_changed();
