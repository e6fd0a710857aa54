/**
 * The English files are the typed source of keys: `t('missing.key')` fails typecheck
 * (CustomTypeOptions below). tests/unit/i18n-parity.test.ts keeps vi identical in keys.
 */
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
] as const;
export type Resources = typeof resources;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: Resources;
    returnNull: false;
  }
}
