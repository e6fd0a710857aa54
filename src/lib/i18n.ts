/**
 * i18next setup: Vietnamese at first start, English available; the choice is remembered
 * (localStorage). Only the chosen language's strings are downloaded (one chunk per language).
 */
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGE_COOKIE,
  LANGUAGES,
  type Language,
} from '#shared/languages.ts';
import { LATER_FILES, LATER_PARTS, LAZY_NAMESPACES, NAMESPACES } from './i18n-resources.ts';

type LaterFile = (typeof LATER_FILES)[number];

export { isLanguage, LANGUAGES, type Language } from '#shared/languages.ts';

const LANGUAGE_STORAGE_KEY = LANGUAGE_COOKIE;

const loaders: Record<Language, () => Promise<{ resources: Record<string, unknown> }>> = {
  en: () => import('./locales/en.ts'),
  vi: () => import('./locales/vi.ts'),
};

/** Lazy namespaces (LAZY_NAMESPACES), each language in its own chunk. */
const lazyLoaders: Record<string, Record<Language, () => Promise<{ default: unknown }>>> = {
  studio: {
    en: () => import('#locales/en/studio.json'),
    vi: () => import('#locales/vi/studio.json'),
  },
  outbox: {
    en: () => import('#locales/en/outbox.json'),
    vi: () => import('#locales/vi/outbox.json'),
  },
  gifts: {
    en: () => import('#locales/en/gifts.json'),
    vi: () => import('#locales/vi/gifts.json'),
  },
  trade: {
    en: () => import('#locales/en/trade.json'),
    vi: () => import('#locales/vi/trade.json'),
  },
  wallet: {
    en: () => import('#locales/en/wallet.json'),
    vi: () => import('#locales/vi/wallet.json'),
  },
  drops: {
    en: () => import('#locales/en/drops.json'),
    vi: () => import('#locales/vi/drops.json'),
  },
  fractional: {
    en: () => import('#locales/en/fractional.json'),
    vi: () => import('#locales/vi/fractional.json'),
  },
};

/** The later parts (LATER_PARTS), each file and language in its own chunk. */
const laterLoaders: Record<
  LaterFile,
  Record<Language, () => Promise<{ default: Record<string, unknown> }>>
> = {
  'errors-drops-fractional': {
    en: () => import('#locales/en/errors-drops-fractional.json'),
    vi: () => import('#locales/vi/errors-drops-fractional.json'),
  },
  'notifications-later': {
    en: () => import('#locales/en/notifications-later.json'),
    vi: () => import('#locales/vi/notifications-later.json'),
  },
};

const laterAdded = new Map<string, Promise<void>>();

/** Adds the later parts of `language` once; resolves when they are in (or failed to load). */
function addLater(language: string): Promise<void> {
  if (!isLanguage(language)) return Promise.resolve();
  let added = laterAdded.get(language);
  if (!added) {
    added = Promise.all(
      LATER_FILES.map((file) =>
        laterLoaders[file][language]().then(
          (m) => {
            i18next.addResourceBundle(language, LATER_PARTS[file], m.default, true, false);
          },
          () => undefined,
        ),
      ),
    ).then(() => undefined);
    laterAdded.set(language, added);
  }
  return added;
}

/**
 * Adds the later parts (LATER_PARTS) for the current language, and for each language switched
 * to (i18next announces a switch once that language's namespaces are loaded, so the addition
 * never stands in for the namespace itself).
 */
export function loadLaterStrings(): void {
  void addLater(i18next.language);
  i18next.on('languageChanged', (language) => void addLater(language));
}

/**
 * The later parts of the current language, loaded now if they are not yet: screens that show
 * them (the notification list, live toasts) load with this, so they first render with them.
 */
export function laterStrings(): Promise<void> {
  return addLater(i18next.language);
}

/**
 * For `lazy()`: loads a component's module together with the lazy namespaces it and its children
 * use, so it first renders with its strings (no raw key, no `ready` check in each component).
 */
export function withStrings<T>(namespaces: string[], load: () => Promise<T>): Promise<T> {
  return Promise.all([load(), i18next.loadNamespaces(namespaces)]).then(([m]) => m);
}

const bundleBackend: BackendModule = {
  type: 'backend',
  init: () => {},
  read(language, namespace, callback) {
    if (!isLanguage(language)) {
      callback(null, {});
      return;
    }
    const lazy = lazyLoaders[namespace]?.[language];
    const load = lazy
      ? lazy().then((m) => ({ resources: { [namespace]: m.default } as Record<string, unknown> }))
      : loaders[language]();
    load.then(
      (m) => callback(null, (m.resources[namespace] ?? {}) as Record<string, string>),
      (error: unknown) => callback(error as Error, false),
    );
  },
};

/**
 * The server renders the first screen in the language of this cookie (server/src/plugins/
 * initial-data.ts); localStorage stays the client's source of truth and the cookie follows it.
 */
const YEAR_SECONDS = 365 * 24 * 60 * 60;

export function rememberLanguageForServer(language: Language): void {
  if (typeof document === 'undefined') return;
  // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie; the Cookie Store API is not in every browser
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=${YEAR_SECONDS}; samesite=lax`;
}

export function storedLanguage(): Language {
  try {
    const stored = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

function applyDocumentLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

export async function initI18n(language: Language = storedLanguage()) {
  i18next.on('languageChanged', applyDocumentLanguage);
  await i18next
    .use(bundleBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: false,
      supportedLngs: [...LANGUAGES],
      ns: NAMESPACES.filter((ns) => !LAZY_NAMESPACES.includes(ns)),
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: false },
    });
  applyDocumentLanguage(language);
  return i18next;
}

/** Switches language and remembers the choice (header and footer switches call this). */
export async function changeLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private mode: the choice lasts for this visit only.
  }
  rememberLanguageForServer(language);
  await i18next.changeLanguage(language);
}

export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : DEFAULT_LANGUAGE;
}
