import { describe, expect, it } from 'vitest';
import {
  buyoutMinimum,
  cashOutOf,
  checkBuyoutBid,
  checkSaleQuantity,
  checkTakeQuantity,
  checkTerms,
  holdingValue,
  percentSold,
  saleCap,
  shareQuote,
} from './rules.ts';

const E = 10n ** 18n;

describe('the primary sale caps', () => {
  const sale = { purchaseLimit: 100n, purchased: 30n, left: 500n };

  it('lets a buyer take the rest of their limit, never more than is left', () => {
    expect(saleCap(sale)).toBe(70n);
    expect(saleCap({ ...sale, left: 12n })).toBe(12n);
    expect(saleCap({ ...sale, purchased: 100n })).toBe(0n);
  });

  it('refuses above the limit, above what is left, and nothing', () => {
    expect(checkSaleQuantity('70', sale)).toEqual({ ok: true, value: 70n });
    expect(checkSaleQuantity('71', sale)).toEqual({ ok: false, error: 'sharePurchaseLimit' });
    expect(checkSaleQuantity('20', { ...sale, left: 10n })).toEqual({
      ok: false,
      error: 'notEnoughSharesLeft',
    });
    expect(checkSaleQuantity('0', sale)).toEqual({ ok: false, error: 'sharesAmountInvalid' });
    expect(checkSaleQuantity('1.5', sale)).toEqual({ ok: false, error: 'sharesAmountInvalid' });
    expect(checkSaleQuantity(' ', sale)).toEqual({ ok: false, error: 'require' });
  });

  it('takes part of a listing up to what it has left', () => {
    expect(checkTakeQuantity('20', 50n)).toEqual({ ok: true, value: 20n });
    expect(checkTakeQuantity('51', 50n)).toEqual({ ok: false, error: 'shareListingNotEnough' });
  });
});

describe('the all-in price of shares', () => {
  it('is shares x price; the fee is the lower of the platform and signed fee, off the seller', () => {
    const q = shareQuote(20n, 3n * E, 250n, 100n);
    expect(q.youPay).toBe(60n * E);
    expect(q.feeBps).toBe(100n);
    expect(q.fee).toBe((60n * E) / 100n);
    expect(q.sellerReceives).toBe(60n * E - q.fee);
  });

  it('shows a fee of 0 when the seller signed none', () => {
    const q = shareQuote(7n, 11n, 250n, 0n);
    expect(q).toEqual({ youPay: 77n, fee: 0n, sellerReceives: 77n, feeBps: 0n });
  });

  it('values a holding at the last price, or not at all before any trade', () => {
    expect(holdingValue(30n, 2n * E)).toBe(60n * E);
    expect(holdingValue(30n, null)).toBeNull();
  });
});

describe('the buyout', () => {
  it('starts at the reserve and rises by 5% rounded up, as the vault', () => {
    expect(buyoutMinimum(1000n * E, null)).toBe(1000n * E);
    expect(buyoutMinimum(1000n * E, 1000n * E)).toBe(1050n * E);
    // 101 wei + 5% = 106.05 → 107 (the vault's minimumRaise rounds up)
    expect(buyoutMinimum(1n, 101n)).toBe(107n);
  });

  it('refuses a first bid below the reserve and a raise below +5%', () => {
    expect(checkBuyoutBid('999', 1000n * E, null)).toEqual({ ok: false, error: 'bidBelowReserve' });
    expect(checkBuyoutBid('1000', 1000n * E, null)).toEqual({ ok: true, value: 1000n * E });
    expect(checkBuyoutBid('1049.99', 1000n * E, 1000n * E)).toEqual({
      ok: false,
      error: 'bidTooLow',
    });
    expect(checkBuyoutBid('abc', 1n, null)).toEqual({ ok: false, error: 'invalid' });
  });

  it('pays each holder the rounded-down pro-rata part, and the last holder the rest', () => {
    const base = { winningBid: 1000n, shareSupply: 3n, outstanding: 3n, proceedsLeft: 1000n };
    const first = cashOutOf({ ...base, shares: 1n });
    expect(first).toBe(333n);
    const second = cashOutOf({ ...base, shares: 1n, outstanding: 2n, proceedsLeft: 667n });
    expect(second).toBe(333n);
    const last = cashOutOf({ ...base, shares: 1n, outstanding: 1n, proceedsLeft: 334n });
    expect(first + second + last).toBe(1000n);
    expect(cashOutOf({ ...base, shares: 0n })).toBe(0n);
  });
});

describe('the partner terms', () => {
  const now = BigInt(Math.floor(Date.parse('2026-11-27T10:00') / 1000));
  const good = {
    shares: '1000',
    pricePerShare: '0.5',
    purchaseLimit: '300',
    saleStart: '2026-11-27T10:00',
    saleEnd: '2026-12-04T10:00',
    reservePrice: '600',
  };

  it('accepts coherent terms in wei and seconds', () => {
    const r = checkTerms(good, now);
    expect(r.ok && r.value.pricePerShare).toBe(E / 2n);
    expect(r.ok && r.value.saleEnd - r.value.saleStart).toBe(7n * 24n * 3600n);
  });

  it('refuses each term the factory refuses, on its own field', () => {
    const r = checkTerms(
      {
        shares: '0',
        pricePerShare: '0',
        purchaseLimit: '2000',
        saleStart: good.saleStart,
        saleEnd: '2026-11-26T10:00',
        reservePrice: '',
      },
      now,
    );
    expect(r).toEqual({
      ok: false,
      errors: {
        shares: 'invalidShareCount',
        pricePerShare: 'invalidSharePrice',
        purchaseLimit: 'invalidPurchaseLimit',
        saleEnd: 'invalidSaleWindow',
        reservePrice: 'require',
      },
    });
    const low = checkTerms({ ...good, reservePrice: '499.9' }, now);
    expect(low).toEqual({ ok: false, errors: { reservePrice: 'reserveBelowSaleValue' } });
    const limit = checkTerms({ ...good, purchaseLimit: '1001' }, now);
    expect(limit).toEqual({ ok: false, errors: { purchaseLimit: 'invalidPurchaseLimit' } });
  });

  it('says what share of the sale was sold', () => {
    expect(percentSold(125n, 1000n)).toBe('12.5');
    expect(percentSold(1000n, 1000n)).toBe('100');
    expect(percentSold(1n, 3n)).toBe('33.3');
    expect(percentSold(1n, 10_000n)).toBe('0');
  });
});
