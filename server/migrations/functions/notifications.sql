-- The notification and live-event functions the triggers of migrations/020_notifications.sql
-- call, as they are now: this file is their one definition. server/src/db/migrate.ts applies it
-- after the numbered migrations whenever its text changes, on every database; change a function
-- here, never in a new migration. Migrations 020 and 021 keep their history (an applied migration
-- never changes), and this file starts out equal to what they left.

-- Wakes the live stream's listeners (server/src/notifications) for each new live event.
create or replace function live_events_announce() returns trigger language plpgsql as $$
begin
  perform pg_notify('vbc_live', NEW.id::text || ' ' || NEW.topic);
  return null;
end $$;

-- The item a notification is about: { setId | bundleId | nftId, collection, tokenId; name }.
create or replace function notification_subject(nft integer, set_ integer, bundle integer) returns jsonb
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

-- Stores one notification (once per recipient, type and key) and its live event. It waits for
-- the mail worker only when its recipient has a verified e-mail and the type is mailed.
create or replace function add_notification(
  addr address, kind text, body jsonb, net integer, block bigint, key text
) returns void language plpgsql as $$
declare
  uid integer;
  mailable boolean;
  nid bigint;
  at timestamptz;
begin
  select a.user_id, u.email is not null and u.email_verified into uid, mailable
    from bc_addresses a join users u on u.id = a.user_id where a.address = addr;
  insert into notifications (user_id, address, type, payload, network_id, block_number,
    dedupe_key, mail_state)
  values (uid, addr, kind, body, net, block, key,
    case when coalesce(mailable, false)
      and kind in ('OUTBID', 'AUCTION_WON', 'SOLD', 'BUNDLE_ITEM_SOLD') then 'pending' end)
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
create or replace function bids_notify() returns trigger language plpgsql as $$
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

-- An activity a detail page shows (not a MINT or a LIKE) refreshes the pages of its item, set
-- and bundle; a chain sale (BUY, PURCHASE) tells the seller, once per transaction and listing.
create or replace function activities_notify() returns trigger language plpgsql as $$
declare
  body jsonb;
begin
  if NEW.type in ('MINT', 'LIKE') then
    return null;
  end if;
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
