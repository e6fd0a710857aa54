import { describe, expect, it } from 'vitest';
import { FRACTIONAL_SORTS as SERVER_SORTS } from '#shared/schemas/fractional.ts';
import { FRACTIONAL_SORTS, shareOrderFromJson, shareOrderToJson } from './fractional.ts';

describe('the fractional api module', () => {
  it('offers the server’s sorts (its copy keeps TypeBox out of the browser)', () => {
    expect([...FRACTIONAL_SORTS]).toEqual([...SERVER_SORTS]);
  });

  it('carries a share listing on the wire and back without losing a wei', () => {
    const order = {
      maker: '0x'.padEnd(42, 'a'),
      shares: 50n,
      pricePerShare: 2n * 10n ** 15n + 1n,
      startTime: 1n,
      endTime: 2n ** 40n,
      salt: 2n ** 127n + 3n,
      maxFeeBps: 100n,
    };
    expect(shareOrderFromJson(shareOrderToJson(order))).toEqual(order);
  });
});
