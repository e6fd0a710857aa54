/**
 * The English files are the typed source of keys: `t('missing.key')` fails typecheck
 * (CustomTypeOptions below). tests/unit/i18n-parity.test.ts keeps vi identical in keys.
 */
import type drops from '#locales/en/drops.json';
import type errorsDropsFractional from '#locales/en/errors-drops-fractional.json';
import type fractional from '#locales/en/fractional.json';
import type gifts from '#locales/en/gifts.json';
import type notificationsLater from '#locales/en/notifications-later.json';
import type outbox from '#locales/en/outbox.json';
import type studio from '#locales/en/studio.json';
import type trade from '#locales/en/trade.json';
import type wallet from '#locales/en/wallet.json';
import type { resources } from './locales/en.ts';

export const NAMESPACES = [
  'common',
  'errors',
  'help',
  'market',
  'account',
  'pages',
  'pwa',
  'wallet',
  'notifications',
  'trade',
  'studio',
  'outbox',
  'gifts',
  'drops',
  'fractional',
] as const;

/**
 * Namespaces of screens and panels the first screen never shows (the partner studio, the outbox,
 * gifts, trading panels, the wallet sidebar): not in the language chunk the first screen loads,
 * fetched when a screen asks for them (src/lib/i18n.ts, `withStrings`).
 */
export const LAZY_NAMESPACES: readonly string[] = [
  'studio',
  'outbox',
  'gifts',
  'trade',
  'wallet',
  'drops',
  'fractional',
];

/**
 * Files merged into a first-screen namespace once the first screen is up (src/lib/i18n.ts,
 * `loadLaterStrings`): the refusals of the drops and fractional contracts, and what the
 * notification list, its live toasts and the e-mail preferences say (the header's bell keeps
 * its words in `notifications`), which no first screen shows. Screens that show them wait for
 * them (`laterStrings`).
 */
export const LATER_PARTS = {
  'errors-drops-fractional': 'errors',
  'notifications-later': 'notifications',
} as const;
export const LATER_FILES = Object.keys(LATER_PARTS) as (keyof typeof LATER_PARTS)[];

export type Resources = Omit<typeof resources, 'errors' | 'notifications'> & {
  errors: typeof resources.errors & typeof errorsDropsFractional;
  notifications: typeof resources.notifications & typeof notificationsLater;
  studio: typeof studio;
  outbox: typeof outbox;
  gifts: typeof gifts;
  trade: typeof trade;
  wallet: typeof wallet;
  drops: typeof drops;
  fractional: typeof fractional;
};

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: Resources;
    returnNull: false;
  }
}
