/**
 * The English files are the typed source of keys: `t('missing.key')` fails typecheck
 * (CustomTypeOptions below). tests/unit/i18n-parity.test.ts keeps vi identical in keys.
 */
import type gifts from '#locales/en/gifts.json';
import type outbox from '#locales/en/outbox.json';
import type studio from '#locales/en/studio.json';
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
] as const;

/**
 * Namespaces of screens few visitors open (the partner studio, the outbox): not in the language chunk the
 * first screen loads, fetched when a screen asks for them (src/lib/i18n.ts).
 */
export const LAZY_NAMESPACES: readonly string[] = ['studio', 'outbox', 'gifts'];

export type Resources = typeof resources & {
  studio: typeof studio;
  outbox: typeof outbox;
  gifts: typeof gifts;
};

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: Resources;
    returnNull: false;
  }
}
