import { describe, expect, it } from 'vitest';
import { typedDataJson } from './eip1193.ts';

const payload = (chainId: unknown) => ({
  domain: { name: 'Exchange', version: '1', chainId, verifyingContract: `0x${'1'.repeat(40)}` },
  types: { Order: [{ name: 'price', type: 'uint256' }] },
  primaryType: 'Order',
  message: { price: 10n ** 18n },
});

describe('typedDataJson', () => {
  it.each([
    [31_337n, 31_337],
    ['31337', 31_337],
    [8_888, 8_888],
  ])('domain chainId %s is the number %s', (chainId, expected) => {
    const json = JSON.parse(typedDataJson(payload(chainId)));
    expect(json.domain.chainId).toBe(expected);
    // The message's amounts stay decimal strings (above 2^53).
    expect(json.message.price).toBe('1000000000000000000');
    expect(json.types.EIP712Domain.map((f: { name: string }) => f.name)).toEqual([
      'name',
      'version',
      'chainId',
      'verifyingContract',
    ]);
  });
});
