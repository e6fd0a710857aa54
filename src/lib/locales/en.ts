// All English namespaces in one chunk (loaded only when English is chosen).
import account from '#locales/en/account.json';
import common from '#locales/en/common.json';
import errors from '#locales/en/errors.json';
import help from '#locales/en/help.json';
import market from '#locales/en/market.json';
import notifications from '#locales/en/notifications.json';
import pages from '#locales/en/pages.json';
import pwa from '#locales/en/pwa.json';

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
