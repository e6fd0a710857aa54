-- 091_collection_items_by_token_and_order: a collection's items found without reading the
-- collection. Both reads below walked nfts_collection_idx (collection_address, status) and
-- visited every row of the collection, each on its own heap page (1,000 pages for a collection
-- of 1,000; at 1,000,000 NFTs from disk). Measured with scripts/bench-api.ts (docs/api-speed.md,
-- "When the cache does not help").
--
-- An NFT's page by collection address and token id, with no network (links made before a second
-- network was served; the unique key starts with the network): 4.5 → 0.5 ms a detail at 100,000
-- NFTs (server/src/repositories/nft-detail.ts).
create index nfts_collection_token_idx on nfts (collection_address, token_id);

-- A collection's list in each order, narrowed by status or not (market-nfts ?collectionAddr=,
-- the collection screen): its id window (server/src/repositories/nft-window.ts) and its pages
-- are an index-only walk in order, as a category's are (migration 007), instead of a sort of
-- every row of the collection (5 ms alone, tens of ms under load).
create index nfts_collection_newest_idx on nfts (collection_address, created_at desc, id desc)
  include (status);
create index nfts_collection_likes_idx on nfts (collection_address, likes_count desc, id desc)
  include (status);
create index nfts_collection_bids_idx on nfts (collection_address, bids_count desc, id desc)
  include (status);
create index nfts_collection_price_desc_idx on nfts
  (collection_address, buy_price desc nulls last, id desc) include (status);
create index nfts_collection_price_asc_idx on nfts (collection_address, buy_price, id)
  include (status);

-- Every read that narrowed by collection (and status) now has an index led by the address.
drop index nfts_collection_idx;
