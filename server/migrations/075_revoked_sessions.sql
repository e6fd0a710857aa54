-- 075_revoked_sessions: log out ends the session on the server. Every session token carries an
-- id (claim `jti`); POST /api/v1/account/sign-out keeps the id here until the token would have
-- expired, and the auth check refuses a token whose id is here (server/src/plugins/app/auth.ts).
create table revoked_sessions (
  jti text primary key,
  user_id integer not null references users (id) on delete cascade,
  expires_at timestamptz not null
);
create index revoked_sessions_expires_at on revoked_sessions (expires_at);
