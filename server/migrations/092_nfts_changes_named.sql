-- 092_nfts_changes_named: a write to nfts announces which rows it changed, and how, so an API
-- node keeps the NFT id windows and rows it holds that the write did not touch (decision 133,
-- server/src/repositories/nft-changes.ts). Every other table still announces its name alone
-- (migrations 070 and 090).
--
-- The payload is `nfts:` and a JSON array, one object per changed row:
--   i  the id;
--   m  what changed, as bits: 1 created_at, 2 likes_count, 4 bids_count, 8 buy_price, 16 one of
--      the columns a list is narrowed by (an insert or a delete sets them all);
--   n  the row's list columns after the write (none for a delete), o before (a delete, or an
--      update that changed one of them): status, is_set, is_bundle, is_bid, hot_nft, owner,
--      creator, collection_address, base_type, network_id, label_id (nftWhere in
--      server/src/repositories/nfts.ts narrows by these).
-- A statement that changed more than 20 rows, or whose payload would pass 7,900 bytes (NOTIFY's
-- limit is 8,000), announces `nfts` alone: every node then drops everything, as before. A
-- statement that changed no row announces nothing.

create function nft_list_keys(
  status text, is_set boolean, is_bundle boolean, is_bid boolean, hot_nft boolean, owner text,
  creator text, collection_address text, base_type text, network_id integer, label_id integer
) returns json language sql immutable as $$
  select json_build_array(status, is_set, is_bundle, is_bid, hot_nft, owner, creator,
    collection_address, base_type, network_id, label_id)
$$;

-- Announces `<tbl>:<changes>` on vbc_catalogue, or `<tbl>` alone when the statement changed more
-- than `most` rows or the changes would pass 7,900 bytes; nothing when it changed no row.
create function announce_changes(tbl text, n integer, most integer, changes text) returns void
language plpgsql as $$
begin
  if n = 0 then
    return;
  end if;
  if n > most or length(changes) > 7900 then
    changes := null;
  end if;
  perform pg_notify('vbc_catalogue', tbl || coalesce(':' || changes, ''));
end $$;

create function nfts_changed() returns trigger language plpgsql as $$
declare
  n integer;
  changes text;
begin
  if tg_op = 'INSERT' then
    select count(*), json_agg(json_build_object('i', id, 'm', 31, 'n', k))::text into n, changes
    from (select id, nft_list_keys(status, is_set, is_bundle, is_bid, hot_nft, owner, creator,
            collection_address, base_type, network_id, label_id) as k
          from new_rows limit 21) r;
  elsif tg_op = 'DELETE' then
    select count(*), json_agg(json_build_object('i', id, 'm', 31, 'o', k))::text into n, changes
    from (select id, nft_list_keys(status, is_set, is_bundle, is_bid, hot_nft, owner, creator,
            collection_address, base_type, network_id, label_id) as k
          from old_rows limit 21) r;
  else
    select count(*),
      json_agg(json_build_object('i', id, 'm', m, 'o', case when m & 16 <> 0 then o end, 'n', k))::text
    into n, changes
    from (select a.id, b.k as o, a.k,
            ((x.created_at is distinct from y.created_at)::int
              | ((x.likes_count is distinct from y.likes_count)::int << 1)
              | ((x.bids_count is distinct from y.bids_count)::int << 2)
              | ((x.buy_price is distinct from y.buy_price)::int << 3)
              | ((b.k::text is distinct from a.k::text)::int << 4)) as m
          from new_rows y
          join old_rows x on x.id = y.id,
          lateral (select y.id, nft_list_keys(y.status, y.is_set, y.is_bundle, y.is_bid,
            y.hot_nft, y.owner, y.creator, y.collection_address, y.base_type, y.network_id,
            y.label_id) as k) a,
          lateral (select nft_list_keys(x.status, x.is_set, x.is_bundle, x.is_bid, x.hot_nft,
            x.owner, x.creator, x.collection_address, x.base_type, x.network_id,
            x.label_id) as k) b
          limit 21) r;
  end if;
  perform announce_changes('nfts', n, 20, changes);
  return null;
end $$;

drop trigger nfts_catalogue_changed on nfts;
create trigger nfts_inserted_changes after insert on nfts referencing new table as new_rows
  for each statement execute function nfts_changed();
create trigger nfts_updated_changes after update on nfts
  referencing old table as old_rows new table as new_rows
  for each statement execute function nfts_changed();
create trigger nfts_deleted_changes after delete on nfts referencing old table as old_rows
  for each statement execute function nfts_changed();
-- nfts_catalogue_truncated (migration 070) still announces `nfts` alone.
