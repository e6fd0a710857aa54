-- 084_drop_notifications: the moments of a drop the chain's clock reaches are told once
-- (server/src/notifications/drop-notify.ts): its sale opened (to the followers of its partner)
-- and refunds opened (to the buyers of undelivered pre-orders). The marks are journaled, so a
-- reorg that takes the moment back tells it again when it comes.
alter table drops add column open_notified boolean not null default false;
alter table drops add column refund_notified boolean not null default false;
create index drops_open_due on drops (network_id, start_time) where not open_notified;
create index drops_refund_due on drops (network_id, deadline)
  where not refund_notified and deadline is not null;
