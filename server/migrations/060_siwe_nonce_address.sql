-- A sign-in nonce belongs to the address it was issued for: a message naming another address
-- is refused even when that address signs it (server/src/account/siwe-session.ts).
-- Nonces issued before this migration have none and expire within minutes.
alter table siwe_nonces add column address address;
