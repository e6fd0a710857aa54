-- 045_gifts: NFTs given with a link (contracts/src/Gifts.sol, docs/decisions/085-gift-escrow-with-a-link-key.md).
-- `gifts` is written by the indexer from the contract's events (reorgs undo it through the
-- journal); `gift_messages` holds the giver's message, written once under an id derived one way
-- from the link's throwaway key (contracts/typed-data/gifts.ts), so only the link's holders can
-- find it. The key itself is never sent here.
alter table networks add column gifts_address address;

create table gifts (
  network_id integer not null references networks (network_id),
  gift_id wei not null,
  giver address not null,
  claim_key address not null,
  collection_address address not null,
  token_id wei not null,
  status text not null default 'OPEN' check (status in ('OPEN', 'CLAIMED', 'TAKEN_BACK')),
  recipient address,
  created_tx hash32 not null,
  created_block bigint not null,
  created_at timestamptz not null,
  closed_tx hash32,
  primary key (network_id, gift_id)
);
create index gifts_claim_key on gifts (network_id, claim_key);
create index gifts_giver on gifts (network_id, giver, gift_id desc);

create table gift_messages (
  message_id hash32 primary key,
  message text not null check (char_length(message) <= 280),
  user_id integer references users (id) on delete set null,
  created_at timestamptz not null default now()
);
