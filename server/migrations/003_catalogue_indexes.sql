-- 003_catalogue_indexes: indexes for catalogue sorts and filters 001 does not cover
-- (server/src/repositories/catalogue*.ts; ARCHITECTURE.md: every list filter and sort has one).

-- price high→low lists (nulls, i.e. not for sale, last; ties newest id first)
create index nfts_price_desc_idx on nfts (buy_price desc nulls last, id desc);
create index nfts_status_price_desc_idx on nfts (status, buy_price desc nulls last, id desc);
create index sets_price_desc_idx on sets (status, price desc nulls last, id desc);
create index collections_floor_desc_idx on collections (floor_price desc nulls last, id desc);

-- lists across all four statuses ordered by bids (001 has status-led ones and likes/newest)
create index nfts_bids_idx on nfts (bids_count desc, id desc);

-- featured creators (users?isCreator=1), most followed first
create index users_creator_followers_idx on users (followers_count desc, id) where is_creator;

-- bid history of an NFT or set: orders of the item, then its bids newest first
create index bids_order_newest_idx on bids (order_hash, created_at desc, id desc);

-- the likes of one address over a page of items (isLiked)
create index likes_address_target_idx on likes (address, target, target_id);

-- collection activity over all types, newest first
create index activities_collection_newest_idx on activities (collection_address, created_at desc, id desc);
