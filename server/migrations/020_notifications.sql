-- Notifications and the live stream (docs/decisions/060-notifications-and-live-stream.md).
--
-- A notification is written in the transaction of the event that causes it: a bid (trigger on
-- bids), a chain sale (trigger on activities, carrying the log's block), an order the indexer
-- closes (server/src/notifications/derive.ts) or a scheduled moment (ending soon, claims open,
-- claims closed). Chain-derived rows carry network_id and block_number so a reorg rollback
-- deletes them with the activities of the same blocks (server/src/indexer/reorg.ts).
alter table notifications add column network_id integer references networks (network_id);
alter table notifications add column block_number bigint;
-- one notification per (recipient, type, cause): replays and schedulers write nothing twice
alter table notifications add column dedupe_key text;
-- e-mail: null = not a mail type; 'pending' until a node's mail worker claims it ('sending',
-- mail_claimed_at; reclaimed if that node died), then 'sent', 'skipped' (preference, no verified
-- address) or 'failed'
alter table notifications add column mail_state text
  check (mail_state in ('pending', 'sending', 'sent', 'skipped', 'failed'));
alter table notifications add column mail_claimed_at timestamptz;
create unique index notifications_dedupe_key on notifications (address, type, dedupe_key);
create index notifications_unread_idx on notifications (address) where read_at is null;
create index notifications_mail_idx on notifications (id) where mail_state in ('pending', 'sending');
create index notifications_block_idx on notifications (network_id, block_number)
  where block_number is not null;

-- Per-user e-mail choices and the language of the mails.
create table notification_prefs (
  user_id integer primary key references users (id) on delete cascade,
  lang text not null default 'vi' check (lang in ('en', 'vi')),
  email_outbid boolean not null default true,
  email_won boolean not null default true,
  email_sold boolean not null default true,
  updated_at timestamptz not null default now()
);

-- The stream's log: every live event has an id; a client reconnecting with Last-Event-ID gets
-- the rows of its topics above it. Topics: 'address:<addr>' (a user's notifications),
-- 'nft:<id>', 'set:<id>', 'bundle:<id>' (detail pages). Each insert is announced with
-- NOTIFY vbc_live '<id> <topic>', delivered to every API node at commit (none on rollback).
create table live_events (
  id bigint generated always as identity primary key,
  topic text not null,
  kind text not null,
  payload jsonb not null default '{}',
  network_id integer,
  block_number bigint,
  created_at timestamptz not null default now()
);
create index live_events_topic_idx on live_events (topic, id);
create index live_events_created_idx on live_events (created_at);

create function live_events_announce() returns trigger language plpgsql as $$
begin
  perform pg_notify('vbc_live', NEW.id::text || ' ' || NEW.topic);
  return null;
end $$;
create trigger live_events_announce after insert on live_events
  for each row execute function live_events_announce();

-- The item a notification is about: { setId | bundleId | nftId, collection, tokenId; name }.
create function notification_subject(nft integer, set_ integer, bundle integer) returns jsonb
language sql stable as $$
  select case
    when set_ is not null then
      jsonb_build_object('setId', set_, 'name', (select name from sets where id = set_))
    when bundle is not null then
      jsonb_build_object('bundleId', bundle, 'name', (select name from bundles where id = bundle))
    when nft is not null then
      (select jsonb_build_object('nftId', nft, 'name', name, 'collection', collection_address,
        'tokenId', token_id::text) from nfts where id = nft)
    else '{}'::jsonb
  end
$$;

-- Stores one notification (once per recipient, type and key) and its live event.
create function add_notification(
  addr address, kind text, body jsonb, net integer, block bigint, key text
) returns void language plpgsql as $$
declare
  uid integer;
  nid bigint;
  at timestamptz;
begin
  select user_id into uid from bc_addresses where address = addr;
  insert into notifications (user_id, address, type, payload, network_id, block_number,
    dedupe_key, mail_state)
  values (uid, addr, kind, body, net, block, key,
    case when kind in ('OUTBID', 'AUCTION_WON', 'SOLD', 'BUNDLE_ITEM_SOLD') then 'pending' end)
  on conflict (address, type, dedupe_key) do nothing
  returning id, created_at into nid, at;
  if nid is not null then
    insert into live_events (topic, kind, payload, network_id, block_number)
    values ('address:' || addr, 'notification',
      jsonb_build_object('id', nid::text, 'type', kind, 'data', body, 'readAt', null,
        'createdAt', to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
      net, block);
  end if;
end $$;

-- An accepted bid: the seller hears of it, the previous highest bidder (another address) is
-- outbid, and the item's page gets a live 'bid' event.
create function bids_notify() returns trigger language plpgsql as $$
declare
  o record;
  prev record;
  body jsonb;
begin
  select maker, nft_id, set_id, bundle_id into o from orders where order_hash = NEW.order_hash;
  body := notification_subject(o.nft_id, o.set_id, o.bundle_id)
    || jsonb_build_object('orderHash', NEW.order_hash, 'amount', NEW.amount::text,
      'bidder', NEW.bidder);
  perform add_notification(o.maker, 'BID_RECEIVED', body, NEW.network_id, null,
    'bid:' || NEW.id);
  select bidder, amount into prev from bids
    where order_hash = NEW.order_hash and id <> NEW.id order by amount desc, id desc limit 1;
  if found and prev.bidder <> NEW.bidder then
    perform add_notification(prev.bidder, 'OUTBID',
      body || jsonb_build_object('yourAmount', prev.amount::text), NEW.network_id, null,
      'bid:' || NEW.id);
  end if;
  return null;
end $$;
create trigger bids_notify after insert on bids for each row execute function bids_notify();

-- Every activity refreshes the pages of its item, set and bundle; a chain sale (BUY, PURCHASE)
-- tells the seller, once per transaction and listing.
create function activities_notify() returns trigger language plpgsql as $$
declare
  body jsonb;
begin
  body := jsonb_build_object('type', NEW.type, 'price', NEW.price::text,
    'orderHash', NEW.order_hash, 'activityId', NEW.id::text);
  if NEW.nft_id is not null then
    insert into live_events (topic, kind, payload, network_id, block_number)
    values ('nft:' || NEW.nft_id, 'activity', body, NEW.network_id, NEW.block_number);
  end if;
  if NEW.set_id is not null then
    insert into live_events (topic, kind, payload, network_id, block_number)
    values ('set:' || NEW.set_id, 'activity', body, NEW.network_id, NEW.block_number);
  end if;
  if NEW.bundle_id is not null then
    insert into live_events (topic, kind, payload, network_id, block_number)
    values ('bundle:' || NEW.bundle_id, 'activity', body, NEW.network_id, NEW.block_number);
  end if;
  if NEW.type in ('BUY', 'PURCHASE') and NEW.tx_hash is not null and NEW.from_address is not null
  then
    perform add_notification(NEW.from_address,
      case when NEW.bundle_id is not null then 'BUNDLE_ITEM_SOLD' else 'SOLD' end,
      notification_subject(NEW.nft_id, NEW.set_id, NEW.bundle_id)
        || jsonb_build_object('orderHash', NEW.order_hash, 'buyer', NEW.to_address,
          'txHash', NEW.tx_hash),
      NEW.network_id, NEW.block_number,
      'sale:' || NEW.tx_hash || ':' || coalesce('s' || NEW.set_id, 'b' || NEW.bundle_id,
        'n' || NEW.nft_id, ''));
  end if;
  return null;
end $$;
create trigger activities_notify after insert on activities
  for each row execute function activities_notify();
