/**
 * The product's languages: Vietnamese first, English available. The client keeps the choice and
 * mirrors it in a cookie so the server renders the first screen in the same language.
 */
export const LANGUAGES = ['vi', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'vi';
/** The cookie (and localStorage key) that holds the chosen language. */
export const LANGUAGE_COOKIE = 'vbc.lang';

export function isLanguage(value: unknown): value is Language {
  return LANGUAGES.includes(value as Language);
}

/** The language a request's Cookie header names, else the default. */
export function languageFromCookie(cookieHeader: string | undefined): Language {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === LANGUAGE_COOKIE && isLanguage(value)) return value;
  }
  return DEFAULT_LANGUAGE;
}
