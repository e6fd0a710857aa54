-- 085_drop_mail_preference: whether the drop notifications (a followed creator's drop opened,
-- a pre-order delivered, a refund available, a magic bag revealed) also come by e-mail
-- (server/src/notifications/mail.ts, MAIL_PREFERENCE of shared/schemas/notifications.ts).
alter table notification_prefs add column email_drops boolean not null default true;
