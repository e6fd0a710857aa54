-- 007_catalogue_status_in_category: a category's lists narrowed by status too (market-nfts
-- ?labelId=&status=, e.g. on sale by price). The category indexes of 005 carry the status
-- (INCLUDE): the page's ids come from an index-only scan that skips other statuses without
-- reading the table (measured with scripts/bench-api.ts; docs/decisions/044).
drop index nfts_label_newest_idx;
drop index nfts_label_likes_idx;
drop index nfts_label_bids_idx;
drop index nfts_label_price_desc_idx;
drop index nfts_label_price_asc_idx;
create index nfts_label_newest_idx on nfts (label_id, created_at desc, id desc) include (status);
create index nfts_label_likes_idx on nfts (label_id, likes_count desc, id desc) include (status);
create index nfts_label_bids_idx on nfts (label_id, bids_count desc, id desc) include (status);
create index nfts_label_price_desc_idx on nfts (label_id, buy_price desc nulls last, id desc)
  include (status);
create index nfts_label_price_asc_idx on nfts (label_id, buy_price, id) include (status);
