import { describe, expect, it } from 'vitest';
import enFirst from '#locales/en/errors.json';
import enLater from '#locales/en/errors-drops-fractional.json';
import viFirst from '#locales/vi/errors.json';
import viLater from '#locales/vi/errors-drops-fractional.json';
import { ERROR_CODES } from '#shared/errors.ts';
import { ApiError, codeKey, errorKeyFor } from './errors.ts';

// The catalogue: the first screen's part and the part added once it is up (LATER_PARTS).
const en = { ...enFirst, ...enLater };
const vi = { ...viFirst, ...viLater };

describe('server error codes → catalogue keys', () => {
  it('maps every code the server can answer', () => {
    const missing = ERROR_CODES.filter((code) => codeKey(code) === undefined);
    expect(missing).toEqual([]);
  });

  it('maps only to keys that exist in both catalogues', () => {
    for (const code of ERROR_CODES) {
      const key = codeKey(code)!;
      expect(Object.keys(en), code).toContain(key);
      expect(Object.keys(vi), code).toContain(key);
    }
  });

  it('knows no code the server does not have', () => {
    expect(codeKey('SOMETHING_NEW')).toBeUndefined();
    expect(codeKey('toString')).toBeUndefined();
  });

  it.each([
    ['WRONG_CREDENTIALS', 401, 'wrongCredentials'],
    ['USE_WALLET_ACCOUNT', 403, 'useWalletAccount'],
    ['NOT_PARTNER', 403, 'notPartner'],
    ['DROP_SOLD_OUT', 400, 'dropSoldOut'],
    ['SHARE_LISTING_SHARES_MOVED', 409, 'shareListingSharesMoved'],
    ['UNKNOWN_NETWORK', 404, 'wrongNetwork'],
    ['SOMETHING_NEW', 404, 'notFound'],
    [undefined, 401, 'notSignedIn'],
    [undefined, 429, 'rateLimited'],
    [undefined, 503, 'server'],
    [undefined, 0, 'network'],
    [undefined, 418, 'unknown'],
  ] as const)('%s / %d → %s', (code, status, key) => {
    expect(errorKeyFor(code, status)).toBe(key);
  });

  it('a studio upload refused to a non-partner reads in both languages', () => {
    const key = errorKeyFor('NOT_PARTNER', 403);
    expect(en[key]).toBe('Only partners can mint: none of your wallets holds the partner role');
    expect(vi[key]).toBe('Chỉ đối tác mới được đúc: không ví nào của bạn giữ vai trò đối tác');
  });

  it('ApiError carries status, code, key and the cause', () => {
    const cause = { statusCode: 409, code: 'ACCOUNT_EXISTS' };
    const error = new ApiError('exists', { status: 409, code: 'ACCOUNT_EXISTS', cause });
    expect(error).toMatchObject({
      name: 'ApiError',
      status: 409,
      code: 'ACCOUNT_EXISTS',
      key: 'accountExists',
    });
    expect(error.cause).toBe(cause);
  });
});
