/**
 * locales/en and locales/vi: same namespaces, same keys, same {{placeholders}}, no empty string.
 * Fails when a key is missing in either language.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LATER_FILES, NAMESPACES } from '#web/lib/i18n-resources.ts';

const root = join(import.meta.dirname, '../../locales');
/** Read by the server only (mail texts: server/src/notifications/mail.ts), never bundled. */
const SERVER_ONLY = ['mail'];
type Tree = { [key: string]: string | Tree };

function load(lng: string, ns: string): Tree {
  return JSON.parse(readFileSync(join(root, lng, `${ns}.json`), 'utf8')) as Tree;
}

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
  }
  return out;
}

const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('locales', () => {
  it('have the same namespace files in both languages, and the app loads exactly those', () => {
    const en = readdirSync(join(root, 'en')).sort();
    const vi = readdirSync(join(root, 'vi')).sort();
    expect(vi).toEqual(en);
    const files = [...NAMESPACES, ...LATER_FILES, ...SERVER_ONLY];
    expect(en).toEqual(files.map((ns) => `${ns}.json`).sort());
  });

  describe.each([...NAMESPACES, ...LATER_FILES, ...SERVER_ONLY])('%s', (ns) => {
    const en = flatten(load('en', ns));
    const vi = flatten(load('vi', ns));

    it('vi has every en key and no other', () => {
      expect([...vi.keys()].filter((k) => !en.has(k))).toEqual([]);
      expect([...en.keys()].filter((k) => !vi.has(k))).toEqual([]);
    });

    it('no value is empty, and placeholders match', () => {
      for (const [key, text] of en) {
        expect(text.trim(), `en ${ns}:${key}`).not.toBe('');
        const other = vi.get(key) ?? '';
        expect(other.trim(), `vi ${ns}:${key}`).not.toBe('');
        expect(placeholders(other), `${ns}:${key}`).toEqual(placeholders(text));
      }
    });
  });

  it('the error catalogue has a key for each message', () => {
    const errors = flatten(load('en', 'errors'));
    const catalogue = [
      'This account does not exist',
      'Account not found',
      'Username or password is wrong',
      'Wrong password',
      'Username or email has already existed',
      'Authentication request has expired',
      'Verifying email failure',
      'Invalid Email',
      'Please install MetaMask Wallet',
      'Wallet not connected yet',
      'Wrong network connection detected',
      'Wrong network',
      'Address is already in use',
      'Please use another address',
      "Don't have enough Wrapper balance",
      'Please wrap more balance to Wrapper',
      "Don't have enough Account balance",
      'Please add more balance to Account',
      'Please select items',
      'No data found',
      'Sorry, no items found',
      'Coming soon',
      'Improving feature',
      'Please use Wallet account',
      'You are the seller',
      'Compulsory field',
      'Require',
      'Invalid',
    ];
    const values = new Set(errors.values());
    expect(catalogue.filter((m) => !values.has(m))).toEqual([]);
    expect(errors.get('pleaseSwitchTo')).toContain('Please switch to');
    expect(errors.get('passwordMismatch')).toMatch(/do not match/);
  });
});
