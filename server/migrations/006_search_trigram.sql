-- 006_search_trigram: search by name (server/src/repositories/search.ts matches `lower(name)
-- like '%text%'`) reads a trigram index instead of scanning every name. pg_trgm ships with
-- PostgreSQL's contrib (a trusted extension: the database owner may create it); where it is not
-- available (the embedded PGlite, which loads no extension) search scans the names as before.
do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_trgm') then
    create extension if not exists pg_trgm;
    create index nfts_name_trgm_idx on nfts using gin (lower(name) gin_trgm_ops);
    create index collections_name_trgm_idx on collections using gin (lower(name) gin_trgm_ops);
    create index users_username_trgm_idx on users using gin (lower(username) gin_trgm_ops);
  end if;
end
$$;
