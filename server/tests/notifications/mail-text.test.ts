/** The notification mails write amounts as the screens do (shared/money.ts), per language. */
import { describe, expect, it } from 'vitest';
import { notificationMail } from '#server/notifications/mail.ts';

describe('notificationMail amounts', () => {
  it.each([
    ['vi', '1050000000000000000', '1,05 WVBC'],
    ['en', '1050000000000000000', '1.05 WVBC'],
    // Never all 18 digits: 4 decimals, '~' when rounded.
    ['vi', '1234567890123456789000', '~1.234,5679 WVBC'],
    ['en', '1234567890123456789000', '~1,234.5679 WVBC'],
  ] as const)('%s: %s wei → %s', (lang, amount, shown) => {
    const mail = notificationMail(
      lang,
      'AUCTION_WON',
      { name: 'Sunrise', amount },
      'bob',
      'http://x',
    );
    expect(mail?.text).toContain(shown);
  });
});
