-- 093_likes_changes_named: a write to likes announces the likes it added and removed, so an API
-- node keeps every like in memory and lays a reader's `isLiked` over a shared answer without a
-- statement (decision 134, server/src/repositories/likes-index.ts). Every other table announces as
-- before (migrations 070, 090 and 092).
--
-- The payload is `likes:` and a JSON array of [sign, target, target_id, address]: 1 for a like
-- added, -1 for one removed (an update removes the old row and adds the new one), in that order.
-- A statement of more than 40 rows, or whose payload would pass 7,900 bytes (NOTIFY's limit is
-- 8,000), announces `likes` alone: every node then loads its likes again. A statement that
-- changed no row announces nothing (announce_changes, migration 092).

create function likes_changed() returns trigger language plpgsql as $$
declare
  n integer;
  changes text;
begin
  if tg_op = 'INSERT' then
    select count(*), json_agg(json_build_array(1, target, target_id, address))::text
    into n, changes from (select * from new_rows limit 41) r;
  elsif tg_op = 'DELETE' then
    select count(*), json_agg(json_build_array(-1, target, target_id, address))::text
    into n, changes from (select * from old_rows limit 41) r;
  else
    select count(*), json_agg(json_build_array(sign, target, target_id, address) order by sign)::text
    into n, changes
    from ((select -1 as sign, target, target_id, address from old_rows limit 21)
          union all
          (select 1, target, target_id, address from new_rows limit 21)) r;
  end if;
  perform announce_changes('likes', n, 40, changes);
  return null;
end $$;

drop trigger likes_catalogue_changed on likes;
create trigger likes_inserted_changes after insert on likes referencing new table as new_rows
  for each statement execute function likes_changed();
create trigger likes_updated_changes after update on likes
  referencing old table as old_rows new table as new_rows
  for each statement execute function likes_changed();
create trigger likes_deleted_changes after delete on likes referencing old table as old_rows
  for each statement execute function likes_changed();
-- likes_catalogue_truncated (migration 070) still announces `likes` alone.
