-- 029_session_epoch: a password change ends the account's other sessions. Every session token
-- carries the account's epoch at signing (claim `ep`); the auth check refuses a token whose
-- epoch is no longer the account's (server/src/plugins/app/auth.ts), and change-password moves
-- the epoch on and hands its caller a fresh token.
alter table users add column session_epoch integer not null default 0;
