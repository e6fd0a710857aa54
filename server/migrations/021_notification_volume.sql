-- Less work per row for the notification triggers of migration 020:
-- - only activities a detail page shows change it live (a MINT or a LIKE does not);
-- - a notification waits for the mail worker only when its recipient has a verified e-mail
--   (the worker skips the others anyway; bulk loads then leave nothing for it to read).
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
