import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { changeLanguage, initI18n, loadLaterStrings } from './i18n.ts';

const t = (key: string) => i18next.t(key as never);

describe('the later parts of the first screen namespaces', () => {
  it('joins `errors` after start and in each language switched to, keeping the first part', async () => {
    await initI18n('en');
    expect(t('errors:dropSoldOut')).toBe('dropSoldOut');
    loadLaterStrings();
    await expect.poll(() => t('errors:dropSoldOut')).not.toBe('dropSoldOut');
    expect(t('errors:wrongCredentials')).not.toBe('wrongCredentials');
    await expect.poll(() => t('notifications:type.OUTBID')).not.toBe('type.OUTBID');
    expect(t('notifications:headerLink')).not.toBe('headerLink');
    const english = t('errors:dropSoldOut');

    await changeLanguage('vi');
    await expect.poll(() => t('errors:dropSoldOut')).not.toBe('dropSoldOut');
    expect(t('errors:dropSoldOut')).not.toBe(english);
    expect(t('errors:wrongCredentials')).not.toBe('wrongCredentials');
  });
});
