-- 076_uploads: who uploaded which file (DATA_DIR/uploads/<name>), for the per-account upload
-- quota (server/src/config.ts, UPLOAD_QUOTA) and the removal of replaced avatars and banners
-- (server/src/account/upload-quota.ts). Names are content hashes: two accounts may hold one file.
create table uploads (
  user_id integer not null references users (id) on delete cascade,
  name text not null,
  bytes integer not null,
  created_at timestamptz not null default now(),
  primary key (user_id, name)
);
create index uploads_name on uploads (name);
