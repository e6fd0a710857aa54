import { describe, expect, it } from 'vitest';
import enFirst from '#locales/en/errors.json';
import enLater from '#locales/en/errors-drops-fractional.json';
import viFirst from '#locales/vi/errors.json';
import viLater from '#locales/vi/errors-drops-fractional.json';
import { FRACTIONAL_REVERT_CODES, fractionalRevertCode } from '#shared/fractional-errors.ts';
import { codeKey } from './errors.ts';

// The whole catalogue: the first screen's part and the later one (LATER_PARTS).
const en: Record<string, string> = { ...enFirst, ...enLater };
const vi: Record<string, string> = { ...viFirst, ...viLater };

describe('fractional vault refusals in both languages', () => {
  it('every code a vault or factory revert maps to has its own English and Vietnamese message', () => {
    for (const code of Object.values(FRACTIONAL_REVERT_CODES)) {
      const key = codeKey(code)!;
      expect(en[key], code).toBeTruthy();
      expect(vi[key], code).toBeTruthy();
      expect(vi[key], code).not.toBe(en[key]);
    }
  });

  it('reads an over-the-limit purchase and a sold-out sale', () => {
    const limit = codeKey(fractionalRevertCode('PurchaseLimitExceeded')!)!;
    expect(en[limit]).toBe('This is more shares than one buyer may buy in this sale');
    expect(vi[limit]).toBe('Số cổ phần này vượt quá giới hạn mỗi người mua trong đợt bán');
    const left = codeKey(fractionalRevertCode('NotEnoughSharesLeft')!)!;
    expect(en[left]).toBe('Fewer shares are left than you asked for');
    expect(vi[left]).toBe('Số cổ phần còn lại ít hơn số bạn muốn mua');
  });
});
