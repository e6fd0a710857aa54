import { describe, expect, it } from 'vitest';
import { languageFromCookie } from './languages.ts';

describe('languageFromCookie', () => {
  it.each([
    [undefined, 'vi'],
    ['', 'vi'],
    ['vbc.lang=en', 'en'],
    ['a=1; vbc.lang=en; b=2', 'en'],
    ['vbc.lang=vi', 'vi'],
    ['vbc.lang=fr', 'vi'],
    ['xvbc.lang=en', 'vi'],
    ['vbc.lang=english', 'vi'],
  ])('%j → %s', (header, language) => {
    expect(languageFromCookie(header)).toBe(language);
  });
});
