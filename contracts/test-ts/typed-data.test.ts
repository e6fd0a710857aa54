import { Contract, getAddress, TypedDataEncoder } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUCTION_CLAIM_DELAY_SECONDS,
  AUCTION_CLAIM_WINDOW_SECONDS,
  AUCTION_MAX_EXTENSION_SECONDS,
  PLATFORM_FEE_CAP_BPS,
} from '#shared/rules.ts';
import { EXCHANGE_ABI } from '../abi/index.ts';
import { type MarketplaceChain, startMarketplaceChain } from '../devnet/marketplace-chain.ts';
import {
  allItemsMask,
  BID_ACCEPTED_TYPEHASH,
  BID_TYPEHASH,
  BID_TYPES,
  bidDigest,
  hashOrder,
  ItemsKind,
  itemMask,
  marketplaceDomain,
  ORDER_TYPEHASH,
  type Order,
  orderDigest,
  orderFromJson,
  orderToJson,
  orderTypedDataV4,
  quoteOrder,
  SaleKind,
  SETTLEMENT_TYPEHASH,
} from '../typed-data/index.ts';

const ONE = 10n ** 18n;

function order(fields: Partial<Order> = {}): Order {
  return {
    maker: getAddress('0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc'),
    collection: getAddress('0x5fbdb2315678afecb367f032d93f642f64180aa3'),
    tokenIds: [1n, 2n, 3n, 4n],
    tokenNonces: [1n, 1n, 3n, 1n],
    saleKind: SaleKind.FIXED_PRICE,
    itemsKind: ItemsKind.BUNDLE,
    price: ONE / 4n,
    discountBps: 1_000n,
    minCountForDiscount: 3n,
    startTime: 1_700_000_000n,
    endTime: 1_800_000_000n,
    salt: 123456789n,
    counter: 0n,
    maxFeeBps: 250n,
    ...fields,
  };
}

describe('typed data against the deployed Exchange', () => {
  let chain: MarketplaceChain;
  let exchange: Contract;
  beforeAll(async () => {
    chain = await startMarketplaceChain();
    exchange = new Contract(chain.deployment.exchange, EXCHANGE_ABI, chain.provider);
  });
  afterAll(async () => {
    await chain?.close();
  });

  it('has the contract type hashes', async () => {
    expect(await exchange.getFunction('ORDER_TYPEHASH')()).toBe(ORDER_TYPEHASH);
    expect(await exchange.getFunction('BID_TYPEHASH')()).toBe(BID_TYPEHASH);
    expect(await exchange.getFunction('SETTLEMENT_TYPEHASH')()).toBe(SETTLEMENT_TYPEHASH);
    expect(await exchange.getFunction('BID_ACCEPTED_TYPEHASH')()).toBe(BID_ACCEPTED_TYPEHASH);
  });

  it('uses the auction timing rules of #shared/rules.ts', async () => {
    const read = (name: string) => exchange.getFunction(name)() as Promise<bigint>;
    expect(await read('MAX_EXTENSION')).toBe(AUCTION_MAX_EXTENSION_SECONDS);
    expect(await read('CLAIM_DELAY')).toBe(AUCTION_CLAIM_DELAY_SECONDS);
    expect(await read('CLAIM_WINDOW')).toBe(AUCTION_CLAIM_WINDOW_SECONDS);
    expect(await read('MAX_FEE_BPS')).toBe(PLATFORM_FEE_CAP_BPS);
  });

  it('hashes a bid from its order hash as the whole typed data does', () => {
    const domain = marketplaceDomain(7771n, '0x5fbdb2315678afecb367f032d93f642f64180aa3');
    for (const [o, amount] of [
      [order(), ONE],
      [order({ saleKind: SaleKind.AUCTION, tokenIds: [9n], tokenNonces: [2n] }), 2n ** 256n - 1n],
    ] as const) {
      const bidder = getAddress('0x70997970c51812dc3a010c7d01b50e0d17dc79c8');
      expect(bidDigest(domain, hashOrder(o), bidder, amount)).toBe(
        TypedDataEncoder.hash(domain, BID_TYPES, { order: o, bidder, amount }),
      );
    }
  });

  it('has the contract domain', async () => {
    const domain = marketplaceDomain(chain.deployment.chainId, chain.deployment.exchange);
    expect(await exchange.getFunction('domainSeparator')()).toBe(
      TypedDataEncoder.hashDomain(domain),
    );
    const [, name, version, chainId, verifyingContract] =
      await exchange.getFunction('eip712Domain')();
    expect({ name, version, chainId, verifyingContract }).toEqual(domain);
  });

  it.each([
    ['bundle', order()],
    [
      'single auction',
      order({
        tokenIds: [7n],
        tokenNonces: [2n],
        saleKind: SaleKind.AUCTION,
        itemsKind: ItemsKind.SINGLE,
      }),
    ],
    [
      'large values',
      order({
        salt: 2n ** 256n - 1n,
        price: 10n ** 30n,
        tokenIds: [2n ** 200n],
        tokenNonces: [5n],
      }),
    ],
  ])('hashes a %s order like the contract', async (_, o) => {
    const domain = marketplaceDomain(chain.deployment.chainId, chain.deployment.exchange);
    expect(await exchange.getFunction('hashOrder')(o)).toBe(hashOrder(o));
    expect(await exchange.getFunction('orderDigest')(o)).toBe(orderDigest(domain, o));
  });

  it.each([
    [itemMask([0, 1, 2, 3]), 4, (ONE * 9n) / 10n],
    [itemMask([0, 2]), 2, ONE / 2n],
    [itemMask([3]), 1, ONE / 4n],
    [itemMask([0, 1, 3]), 3, (((ONE * 3n) / 4n) * 9n) / 10n],
  ])('quotes mask %s like the contract', async (mask, count, total) => {
    const o = order();
    expect(quoteOrder(o, mask)).toEqual({ count, total });
    const [c, t] = await exchange.getFunction('quote')(o, mask);
    expect([Number(c), t]).toEqual([count, total]);
  });
});

describe('typed data helpers', () => {
  it('builds item masks', () => {
    expect(itemMask([])).toBe(0n);
    expect(itemMask([0, 2])).toBe(5n);
    expect(itemMask([255])).toBe(1n << 255n);
    expect(() => itemMask([256])).toThrow(RangeError);
    expect(() => itemMask([-1])).toThrow(RangeError);
    expect(allItemsMask(1)).toBe(1n);
    expect(allItemsMask(10)).toBe(1023n);
    expect(allItemsMask(256)).toBe(2n ** 256n - 1n);
  });

  it('quotes single and set orders at their price, ignoring discounts', () => {
    const set = order({ itemsKind: ItemsKind.SET, price: 3n * ONE });
    expect(quoteOrder(set, allItemsMask(4))).toEqual({ count: 4, total: 3n * ONE });
    const noDiscount = order({ minCountForDiscount: 0n });
    expect(quoteOrder(noDiscount, allItemsMask(4)).total).toBe(ONE);
  });

  it('round-trips the wire form with decimal strings', () => {
    const o = order({ price: 12345678901234567890123n });
    const json = orderToJson(o);
    expect(json.price).toBe('12345678901234567890123');
    expect(json.tokenIds).toEqual(['1', '2', '3', '4']);
    expect(orderFromJson(JSON.parse(JSON.stringify(json)))).toEqual(o);
    expect(() => orderFromJson({ ...json, saleKind: 5 as never })).toThrow(RangeError);
  });

  it('gives the eth_signTypedData_v4 payload of an order', () => {
    const domain = marketplaceDomain(7771, '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0');
    const payload = JSON.parse(orderTypedDataV4(domain, order()));
    expect(payload.primaryType).toBe('Order');
    expect(payload.domain.name).toBe('VBChain Marketplace');
    expect(payload.types.EIP712Domain).toHaveLength(4);
    expect(payload.message.price).toBe((ONE / 4n).toString());
  });
});
