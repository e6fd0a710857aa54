-- 005_catalogue_scale: what the catalogue lists need at 1,000,000 NFTs
-- (scripts/bench-api.ts measures it; docs/decisions/040-041).

-- price low→high over every status (the status-led index only serves one status)
create index nfts_price_asc_idx on nfts (buy_price, id);

-- a category in each list order: the web app's list screens filter by category only, and the
-- (label_id, status) index left the planner sorting every NFT of the category
create index nfts_label_newest_idx on nfts (label_id, created_at desc, id desc);
create index nfts_label_likes_idx on nfts (label_id, likes_count desc, id desc);
create index nfts_label_bids_idx on nfts (label_id, bids_count desc, id desc);
create index nfts_label_price_desc_idx on nfts (label_id, buy_price desc nulls last, id desc);
create index nfts_label_price_asc_idx on nfts (label_id, buy_price, id);

-- NFTs per network, category (0: none) and status, kept by a trigger in the same transaction
-- as the change: a list's total by status and category is a sum of a few rows instead of a
-- count over up to every NFT, and it is exact at once after a write.
create table nft_counts (
  network_id integer not null,
  label_id integer not null,
  status text not null,
  n bigint not null,
  primary key (network_id, label_id, status)
);
insert into nft_counts (network_id, label_id, status, n)
  select network_id, coalesce(label_id, 0), status, count(*) from nfts group by 1, 2, 3;

create function nft_counts_follow() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' and old.network_id = new.network_id
    and coalesce(old.label_id, 0) = coalesce(new.label_id, 0) and old.status = new.status then
    return null;
  end if;
  -- one statement, keys in a fixed order: two writers moving NFTs between the same two keys
  -- in opposite directions lock the rows in the same order (no deadlock)
  insert into nft_counts as c (network_id, label_id, status, n)
    select k.network_id, k.label_id, k.status, sum(k.d)
    from (
      select old.network_id, coalesce(old.label_id, 0), old.status, -1 where tg_op <> 'INSERT'
      union all
      select new.network_id, coalesce(new.label_id, 0), new.status, 1 where tg_op <> 'DELETE'
    ) as k (network_id, label_id, status, d)
    group by 1, 2, 3
    order by 1, 2, 3
  on conflict (network_id, label_id, status) do update set n = c.n + excluded.n;
  return null;
end
$$;

create trigger nfts_follow_counts
  after insert or delete or update of network_id, label_id, status on nfts
  for each row execute function nft_counts_follow();
