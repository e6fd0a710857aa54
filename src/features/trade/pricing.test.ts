import { describe, expect, it } from 'vitest';
import { ItemsKind, type Order, quoteBundle, SaleKind } from '#shared/orders.ts';
import { AUCTION_CLAIM_DELAY_SECONDS } from '#shared/rules.ts';
import {
  auctionPhase,
  BID_GAS_RESERVE,
  bidFunding,
  buyQuote,
  checkAccountBalance,
  checkGroup,
  checkPrice,
  checkWrapperBalance,
  discountBps,
  expiryEnd,
  leastBid,
  priceBreakdown,
} from './pricing.ts';

const E = 10n ** 18n;

const order = (o: Partial<Order>): Order => ({
  maker: '0x0000000000000000000000000000000000000001',
  collection: '0x0000000000000000000000000000000000000002',
  tokenIds: [1n],
  tokenNonces: [0n],
  saleKind: SaleKind.FIXED_PRICE,
  itemsKind: ItemsKind.SINGLE,
  price: E,
  discountBps: 0n,
  minCountForDiscount: 0n,
  startTime: 0n,
  endTime: 10n,
  salt: 1n,
  counter: 0n,
  maxFeeBps: 0n,
  ...o,
});

describe('priceBreakdown', () => {
  it('shows the fee line even when it is 0', () => {
    expect(priceBreakdown(E, 0n, 0n)).toEqual({
      youPay: E,
      fee: 0n,
      sellerReceives: E,
      feeBps: 0n,
    });
  });
  it('charges the lower of the current fee and the signed bound', () => {
    expect(priceBreakdown(E, 500n, 250n)).toEqual({
      youPay: E,
      fee: E / 40n,
      sellerReceives: E - E / 40n,
      feeBps: 250n,
    });
    expect(priceBreakdown(1001n, 100n, 1000n).fee).toBe(10n);
  });
});

describe('buyQuote', () => {
  const bundle = order({
    itemsKind: ItemsKind.BUNDLE,
    tokenIds: [1n, 2n, 3n, 4n, 5n],
    tokenNonces: [0n, 0n, 0n, 0n, 0n],
    price: 333_333_333_333_333_333n,
    discountBps: 333n,
    minCountForDiscount: 3n,
  });
  it('asks for a selection first', () => {
    expect(buyQuote(bundle, [], 0n)).toEqual({ error: 'selectItems' });
  });
  it('equals the contract quote, the discount rounded as the exchange does', () => {
    const q = buyQuote(bundle, [0, 2, 4], 0n);
    expect('breakdown' in q && q.breakdown.youPay).toBe(quoteBundle(bundle, 3));
    const total = bundle.price * 3n;
    expect(quoteBundle(bundle, 3)).toBe(total - (total * 333n) / 10_000n);
    const two = buyQuote(bundle, [0, 1], 0n);
    expect('breakdown' in two && two.breakdown.youPay).toBe(bundle.price * 2n);
  });
  it('prices a set or a single at the order price', () => {
    const set = order({ itemsKind: ItemsKind.SET, tokenIds: [1n, 2n], tokenNonces: [0n, 0n] });
    const q = buyQuote(set, [0, 1], 0n);
    expect('breakdown' in q && q.breakdown.youPay).toBe(E);
  });
});

describe('balance checks', () => {
  it('refuses a buy the account cannot pay, with the hint', () => {
    expect(checkAccountBalance(E, E - 1n)).toEqual({
      error: 'notEnoughAccount',
      hint: 'addMoreAccount',
    });
    expect(checkAccountBalance(E, E)).toBeNull();
  });
  it('counts the locked bids against the wrapper balance', () => {
    expect(checkWrapperBalance(E, 2n * E, E + 1n)).toEqual({
      error: 'notEnoughWrapper',
      hint: 'wrapMore',
    });
    expect(checkWrapperBalance(E, 2n * E, E)).toBeNull();
  });
  it('offers to wrap the difference of a bid, keeping VBC for gas', () => {
    const b = { account: E, wrapper: E / 2n, lockedBids: E / 4n };
    // 0.25 available: a bid of 0.25 needs nothing
    expect(bidFunding(E / 4n, b)).toBeNull();
    // a bid of 1 lacks 0.75, which the account has with the reserve to spare
    expect(bidFunding(E, b)).toEqual({ wrap: (3n * E) / 4n });
    // the difference plus the reserve is more than the account holds: the wrapper refusal
    const tight = { ...b, account: (3n * E) / 4n + BID_GAS_RESERVE - 1n };
    expect(bidFunding(E, tight)).toEqual({ error: 'notEnoughWrapper', hint: 'wrapMore' });
    expect(bidFunding(E, { ...tight, account: tight.account + 1n })).toEqual({
      wrap: (3n * E) / 4n,
    });
  });
});

describe('seller input', () => {
  it('checks the price', () => {
    expect(checkPrice('')).toEqual({ ok: false, error: 'require' });
    expect(checkPrice('0')).toEqual({ ok: false, error: 'invalid' });
    expect(checkPrice('abc')).toEqual({ ok: false, error: 'invalid' });
    expect(checkPrice('1.5')).toEqual({ ok: true, value: (3n * E) / 2n });
  });
  it('reads a discount percent as basis points', () => {
    expect(discountBps('10')).toBe(1000n);
    expect(discountBps('3.33')).toBe(333n);
    expect(discountBps('100')).toBe(10_000n);
    expect(discountBps('100.01')).toBeNull();
    expect(discountBps('-1')).toBeNull();
  });
  it('ends a listing by preset or at a custom future date', () => {
    const now = 1_700_000_000;
    expect(expiryEnd('1d', now)).toBe(BigInt(now + 86_400));
    expect(expiryEnd('7d', now)).toBe(BigInt(now + 7 * 86_400));
    expect(expiryEnd('30d', now)).toBe(BigInt(now + 30 * 86_400));
    const sixMonths = Number(expiryEnd('6m', now)) - now;
    expect(sixMonths).toBeGreaterThanOrEqual(181 * 86_400 - 3600);
    expect(sixMonths).toBeLessThanOrEqual(184 * 86_400 + 3600);
    expect(expiryEnd('custom', now, '')).toBeNull();
    expect(expiryEnd('custom', now, '2000-01-01T00:00')).toBeNull();
    expect(expiryEnd('custom', now, '2100-01-01T00:00')).toBeGreaterThan(BigInt(now));
  });
});

describe('auctions', () => {
  it('prefills the reserve, then 5% over the highest', () => {
    expect(leastBid(E, null)).toBe(E);
    expect(leastBid(E, 2n * E)).toBe((2n * E * 105n) / 100n);
    expect(leastBid(3n * E, 2n * E)).toBe(3n * E);
  });
  it('bids until the effective end, claims from two hours after the signed end', () => {
    const signed = 1000n;
    expect(auctionPhase(signed, 1300n, 1200n)).toBe('bidding');
    expect(auctionPhase(signed, 1300n, 1300n)).toBe('waiting');
    expect(auctionPhase(signed, 1300n, signed + AUCTION_CLAIM_DELAY_SECONDS)).toBe('claims');
    expect(auctionPhase(signed, 1300n, signed + 10n ** 7n)).toBe('closed');
  });
});

describe('checkGroup', () => {
  const base = { others: [] as bigint[], name: '', discount: '', minCount: '' };
  it('lists the NFT alone', () => {
    expect(checkGroup(7n, { ...base, kind: 'single' })).toEqual({
      ok: true,
      order: {
        tokenIds: [7n],
        itemsKind: ItemsKind.SINGLE,
        discountBps: 0n,
        minCountForDiscount: 0n,
      },
    });
  });
  it('asks for other items and a name for a set or bundle', () => {
    expect(checkGroup(7n, { ...base, kind: 'set' })).toEqual({
      ok: false,
      errors: { items: 'selectItems', name: 'require' },
    });
  });
  it('builds a set and a bundle with its discount from a minimum count', () => {
    const set = checkGroup(7n, { ...base, kind: 'set', others: [8n, 9n], name: ' Trio ' });
    expect(set).toEqual({
      ok: true,
      order: {
        tokenIds: [7n, 8n, 9n],
        itemsKind: ItemsKind.SET,
        discountBps: 0n,
        minCountForDiscount: 0n,
        name: 'Trio',
      },
    });
    const bundle = checkGroup(7n, {
      kind: 'bundle',
      others: [8n, 9n, 10n, 11n],
      name: 'Five',
      discount: '12.5',
      minCount: '3',
    });
    expect(bundle.ok && bundle.order).toMatchObject({
      itemsKind: ItemsKind.BUNDLE,
      discountBps: 1250n,
      minCountForDiscount: 3n,
    });
  });
  it('refuses a bad discount or minimum', () => {
    const g = { ...base, kind: 'bundle' as const, others: [8n], name: 'Two' };
    expect(checkGroup(7n, { ...g, discount: 'x' })).toEqual({
      ok: false,
      errors: { discount: 'invalid' },
    });
    expect(checkGroup(7n, { ...g, discount: '10' })).toEqual({
      ok: false,
      errors: { minCount: 'require' },
    });
    expect(checkGroup(7n, { ...g, discount: '10', minCount: '3' })).toEqual({
      ok: false,
      errors: { minCount: 'invalid' },
    });
  });
});
