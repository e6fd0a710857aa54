-- The answer cache of the API nodes (server/src/plugins/answer-cache.ts) is dropped when the
-- catalogue changes: every statement that writes a table the public reads depend on announces
-- NOTIFY vbc_catalogue '<table>' at commit, whoever wrote it (a route, the indexer, a script).
-- Statement-level: one notification per statement and table, not per row (PostgreSQL folds
-- identical ones within a transaction).
create function catalogue_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('vbc_catalogue', tg_table_name);
  return null;
end $$;

do $$
declare t text;
begin
  foreach t in array array[
    'networks', 'categories', 'collections', 'sets', 'bundles', 'nfts', 'set_items',
    'bundle_items', 'nft_properties', 'inspection_reports', 'orders', 'bids', 'settlements',
    'activities', 'likes', 'follows', 'users', 'bc_addresses'
  ] loop
    execute format(
      'create trigger %I after insert or update or delete on %I '
      'for each statement execute function catalogue_changed()',
      t || '_catalogue_changed', t);
    execute format(
      'create trigger %I after truncate on %I '
      'for each statement execute function catalogue_changed()',
      t || '_catalogue_truncated', t);
  end loop;
end $$;
