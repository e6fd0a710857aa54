import { describe, expect, it } from 'vitest';
import {
  allItemsMask,
  buildOrder,
  ItemsKind,
  itemMask,
  maskCount,
  minimumBid,
  type OrderChainReader,
  quoteBundle,
  SaleKind,
} from './orders.ts';
import { DEFAULT_ORDER_LIFETIME_SECONDS } from './rules.ts';

const E = 10n ** 18n;

describe('masks', () => {
  it.each([
    [[], 0n, 0],
    [[0, 2], 5n, 2],
    [[255], 1n << 255n, 1],
  ])('itemMask(%j) = %s (%d items)', (indexes, mask, count) => {
    expect(itemMask(indexes)).toBe(mask);
    expect(maskCount(mask)).toBe(count);
  });
  it('refuses indexes outside an order', () => {
    expect(() => itemMask([256])).toThrow(RangeError);
    expect(() => itemMask([-1])).toThrow(RangeError);
    expect(() => itemMask([1.5])).toThrow(RangeError);
  });
  it('allItemsMask covers every item', () => {
    expect(allItemsMask(1)).toBe(1n);
    expect(allItemsMask(256)).toBe(2n ** 256n - 1n);
  });
});

describe('quoteBundle', () => {
  it.each([
    // price, bps, min, count → total
    [E, 1000n, 3n, 2, 2n * E],
    [E, 1000n, 3n, 3, (27n * E) / 10n],
    [5n, 3000n, 3n, 3, 11n], // 15 - floor(4.5): the discount is taken once from the total
    [E, 1000n, 0n, 5, 5n * E], // no minimum: no discount
    [7n, 10_000n, 1n, 2, 0n],
  ])('%s wei x %i at %s bps from %s', (price, discountBps, minCountForDiscount, count, total) => {
    expect(quoteBundle({ price, discountBps, minCountForDiscount }, count)).toBe(total);
  });
});

describe('minimumBid: 5% above the highest, never below the reserve', () => {
  it.each([
    [100n, null, 100n],
    [100n, 100n, 105n],
    [100n, 50n, 100n],
    [1n, E, (105n * E) / 100n],
    [0n, 19n, 20n], // 19 x 1.05 = 19.95, rounded up: 19 would be no raise at all
  ])('reserve %s, highest %s → %s', (reserve, highest, expected) => {
    expect(minimumBid(reserve, highest)).toBe(expected);
  });
});

describe('buildOrder', () => {
  const reader: OrderChainReader = {
    now: async () => 1_000_000n,
    tokenNonce: async (_collection, id) => id * 10n,
    counter: async () => 7n,
  };
  const base = { maker: '0xA', collection: '0xC', price: E };

  it('reads nonces, counter and time, and defaults the rest', async () => {
    const one = await buildOrder(reader, { ...base, tokenIds: [3n] });
    expect(one).toMatchObject({
      tokenNonces: [30n],
      counter: 7n,
      saleKind: SaleKind.FIXED_PRICE,
      itemsKind: ItemsKind.SINGLE,
      startTime: 1_000_000n - 60n,
      endTime: 1_000_000n + DEFAULT_ORDER_LIFETIME_SECONDS,
    });
    const two = await buildOrder(reader, { ...base, tokenIds: [1n, 2n] });
    expect(two.itemsKind).toBe(ItemsKind.SET);
    expect(two.salt).not.toBe(one.salt);
  });

  it('keeps every field the caller gives', async () => {
    const order = await buildOrder(reader, {
      ...base,
      tokenIds: [1n, 2n],
      tokenNonces: [5n, 6n],
      counter: 2n,
      itemsKind: ItemsKind.BUNDLE,
      saleKind: SaleKind.AUCTION,
      startTime: 1n,
      endTime: 2n,
      salt: 9n,
    });
    expect(order).toMatchObject({ tokenNonces: [5n, 6n], counter: 2n, startTime: 1n, salt: 9n });
  });
});
