-- 088_search_prefix: search (server/src/repositories/search.ts) reads the names that start with
-- the text apart from those that only contain it. A trigram index cannot answer a prefix alone
-- (`lower(name) like 'temple%'` took every name holding "temple", 100,000 of 1,000,000, to
-- recheck and find none); a btree on the lowercase name in pattern order reads exactly the names
-- in the prefix's range, on PostgreSQL and PGlite alike.
create index nfts_name_prefix_idx on nfts (lower(name) text_pattern_ops);
create index collections_name_prefix_idx on collections (lower(name) text_pattern_ops);
create index users_username_prefix_idx on users (lower(username) text_pattern_ops);
