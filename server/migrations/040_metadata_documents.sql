-- 040_metadata_documents: token and collection metadata written in the partner studio. Each
-- document is kept by the sha256 of its exact bytes, and a token URI names that hash
-- (/metadata/<sha256>.json, server/src/studio/metadata-store.ts): the document behind a URI can
-- never change, and the indexer reads it here (no HTTP call to ourselves) after checking the hash.
create table metadata_documents (
  hash text primary key check (hash ~ '^[0-9a-f]{64}$'),
  body text not null,
  user_id integer references users(id) on delete set null,
  created_at timestamptz not null default now()
);
