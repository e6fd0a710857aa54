/**
 * The notification mails write amounts as the screens do (shared/money.ts), per language, in the
 * coins of the notification's network (its configuration), and name that network.
 */
import { describe, expect, it } from 'vitest';
import { BUILT_IN_NETWORKS } from '#contracts/chains.ts';
import { notificationMail } from '#server/notifications/mail.ts';

const [devnet, testChain] = BUILT_IN_NETWORKS as [
  (typeof BUILT_IN_NETWORKS)[0],
  (typeof BUILT_IN_NETWORKS)[0],
];

describe('notificationMail amounts', () => {
  it.each([
    ['vi', '1050000000000000000', '1,05 WVBC'],
    ['en', '1050000000000000000', '1.05 WVBC'],
    // Never all 18 digits: 4 decimals, '~' when rounded.
    ['vi', '1234567890123456789000', '~1.234,5679 WVBC'],
    ['en', '1234567890123456789000', '~1,234.5679 WVBC'],
  ] as const)('%s: %s wei → %s', (lang, amount, shown) => {
    const data = { name: 'Sunrise', amount };
    const mail = notificationMail(lang, 'AUCTION_WON', data, 'bob', 'http://x', devnet);
    expect(mail?.text).toContain(shown);
  });

  it.each([
    ['en', 'Network: BNB test chain'],
    ['vi', 'Mạng: BNB test chain'],
  ] as const)('%s: a bid on the test chain is in WBNB and names the chain', (lang, named) => {
    const data = {
      name: 'Sunrise',
      amount: '2000000000000000000',
      yourAmount: '1000000000000000000',
    };
    const mail = notificationMail(lang, 'OUTBID', data, 'bob', 'http://x', testChain);
    expect(mail?.text).toContain('2 WBNB');
    expect(mail?.text).toContain('1 WBNB');
    expect(mail?.text).toContain(named);
    expect(mail?.text).not.toContain('VBC');
  });
});
