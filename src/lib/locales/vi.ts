// All Vietnamese namespaces in one chunk (loaded only when Vietnamese is chosen).
import account from '#locales/vi/account.json';
import common from '#locales/vi/common.json';
import errors from '#locales/vi/errors.json';
import help from '#locales/vi/help.json';
import market from '#locales/vi/market.json';
// The mails' texts (`email`) are the server's (server/src/notifications/mail.ts): the top-level
// keys are imported by name so the bundler leaves `email` out of the browser's strings.
import {
  empty as n_empty,
  emptyFiltered as n_emptyFiltered,
  filter as n_filter,
  headerLink as n_headerLink,
  headerLinkUnread_one as n_headerLinkUnread_one,
  headerLinkUnread_other as n_headerLinkUnread_other,
  intro as n_intro,
  live as n_live,
  loading as n_loading,
  markAllRead as n_markAllRead,
  markRead as n_markRead,
  offline as n_offline,
  open as n_open,
  pager as n_pager,
  prefs as n_prefs,
  signIn as n_signIn,
  system as n_system,
  title as n_title,
  toast as n_toast,
  type as n_type,
  unnamed as n_unnamed,
  unread as n_unread,
} from '#locales/vi/notifications.json';
import pages from '#locales/vi/pages.json';
import pwa from '#locales/vi/pwa.json';

const notifications = {
  title: n_title,
  intro: n_intro,
  headerLink: n_headerLink,
  headerLinkUnread_one: n_headerLinkUnread_one,
  headerLinkUnread_other: n_headerLinkUnread_other,
  empty: n_empty,
  emptyFiltered: n_emptyFiltered,
  signIn: n_signIn,
  markRead: n_markRead,
  markAllRead: n_markAllRead,
  unread: n_unread,
  open: n_open,
  loading: n_loading,
  offline: n_offline,
  live: n_live,
  filter: n_filter,
  pager: n_pager,
  type: n_type,
  unnamed: n_unnamed,
  toast: n_toast,
  system: n_system,
  prefs: n_prefs,
};

export const resources = {
  common,
  errors,
  help,
  market,
  account,
  pages,
  pwa,
  notifications,
};
