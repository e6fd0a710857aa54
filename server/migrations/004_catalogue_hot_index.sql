-- 004_catalogue_hot_index: the home page's hot NFTs and top on-sale lists (spec §7: status ONSALE,
-- isSet 0, isBundle 0, sort like, hotNFT 1 or not) read one small partial index for both the page
-- and its count (measured on 100k NFTs: the count went from a 19 ms heap scan to an index scan).
create index nfts_onsale_single_likes_idx on nfts (likes_count desc, id desc)
  where status = 'ONSALE' and not is_set and not is_bundle;
create index nfts_hot_onsale_single_likes_idx on nfts (likes_count desc, id desc)
  where hot_nft and status = 'ONSALE' and not is_set and not is_bundle;
