// All Vietnamese namespaces in one chunk (loaded only when Vietnamese is chosen).
import account from '#locales/vi/account.json';
import common from '#locales/vi/common.json';
import errors from '#locales/vi/errors.json';
import help from '#locales/vi/help.json';
import market from '#locales/vi/market.json';
import notifications from '#locales/vi/notifications.json';
import pages from '#locales/vi/pages.json';
import pwa from '#locales/vi/pwa.json';

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
