-- Rate-limit counters shared by every API node on this database (server/src/plugins/rate-limit-store.ts):
-- one row per route and client key, counting hits until window_end. Unlogged: counters need no
-- crash safety, and a lost window only lets a client start a fresh one.
create unlogged table rate_limit_hits (
  key text primary key,
  hits integer not null,
  window_end timestamptz not null
);
create index rate_limit_hits_window_end on rate_limit_hits (window_end);
