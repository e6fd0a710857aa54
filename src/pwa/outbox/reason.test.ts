import { describe, expect, it } from 'vitest';
import { reasonOf } from './reason.ts';

describe('reasonOf', () => {
  it.each([
    ['EXPIRED', { ns: 'outbox', key: 'reason.expired' }],
    ['BID_TOO_LOW', { ns: 'outbox', key: 'reason.outbidNoAmount' }],
    ['OUTBID_WHILE_BIDDING', { ns: 'outbox', key: 'reason.outbidNoAmount' }],
    ['AUCTION_ENDED', { ns: 'errors', key: 'auctionEnded' }],
    ['ORDER_NOT_AVAILABLE', { ns: 'errors', key: 'orderNotAvailable' }],
    ['NOT_ENOUGH_WRAPPER_BALANCE', { ns: 'errors', key: 'notEnoughWrapper' }],
    ['ALREADY_LISTED', { ns: 'errors', key: 'alreadyListed' }],
    ['SOMETHING_NEW', { ns: 'errors', key: 'validation' }],
  ])('%s → %o', (code, expected) => {
    expect(reasonOf(code)).toMatchObject(expected);
  });
});
