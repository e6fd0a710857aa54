/**
 * Property: the price shared/orders.ts quotes (what the bundle page shows and the buyer pays)
 * equals `Exchange.quote` on chain, over random per-item prices (any wei, so discounts rarely
 * come out whole), discounts, minimum counts, order sizes and selections. Seeded, so a failure
 * names a case that can be replayed.
 */
import { Contract, getAddress } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BPS, ItemsKind, type Order, quoteBundle, quoteOrder, SaleKind } from '#shared/orders.ts';
import { EXCHANGE_ABI } from '../abi/index.ts';
import { type MarketplaceChain, startMarketplaceChain } from '../devnet/marketplace-chain.ts';

const CASES = 300;
const SEED = Number(process.env.QUOTE_SEED ?? 20261123);

/** xorshift32: small, seeded, good enough to spread cases. */
function random(seed: number) {
  let x = seed >>> 0 || 1;
  const next = () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
  const int = (max: number) => Math.floor(next() * max);
  const bigint = (digits: number) => {
    let v = 0n;
    for (let i = 0; i < digits; i++) v = v * 10n + BigInt(int(10));
    return v;
  };
  return { int, bigint };
}

function randomCase(rng: ReturnType<typeof random>) {
  const items = 1 + rng.int(rng.int(4) === 0 ? 256 : 12);
  let mask = 0n;
  for (let i = 0; i < items; i++) if (rng.int(2)) mask |= 1n << BigInt(i);
  if (mask === 0n) mask = 1n << BigInt(rng.int(items));
  const order: Order = {
    maker: getAddress('0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc'),
    collection: getAddress('0x5fbdb2315678afecb367f032d93f642f64180aa3'),
    tokenIds: Array.from({ length: items }, (_, i) => BigInt(i + 1)),
    tokenNonces: Array.from({ length: items }, () => 1n),
    saleKind: SaleKind.FIXED_PRICE,
    itemsKind: ItemsKind.BUNDLE,
    // From 1 wei to 10^24 wei, with arbitrary low digits.
    price: 1n + rng.bigint(1 + rng.int(24)),
    discountBps: rng.int(5) === 0 ? 0n : BigInt(rng.int(Number(BPS) + 1)),
    minCountForDiscount: BigInt(rng.int(items + 2)),
    startTime: 1_700_000_000n,
    endTime: 1_800_000_000n,
    maxFeeBps: 0n,
    salt: 1n,
    counter: 0n,
  };
  return { order, mask };
}

describe('bundle quote: shared/orders.ts equals Exchange.quote', () => {
  let chain: MarketplaceChain;
  let exchange: Contract;
  beforeAll(async () => {
    chain = await startMarketplaceChain();
    exchange = new Contract(chain.deployment.exchange, EXCHANGE_ABI, chain.provider);
  });
  afterAll(async () => {
    await chain?.close();
  });

  it(`${CASES} random bundles (seed ${SEED})`, async () => {
    const rng = random(SEED);
    let uneven = 0;
    for (let n = 0; n < CASES; n++) {
      const { order, mask } = randomCase(rng);
      const ours = quoteOrder(order, mask);
      expect(quoteBundle(order, ours.count)).toBe(ours.total);
      const [count, total] = await exchange.getFunction('quote')(order, mask);
      expect({ case: n, count: ours.count, total: ours.total }).toEqual({
        case: n,
        count: Number(count),
        total,
      });
      const gross = order.price * BigInt(ours.count);
      if (ours.total !== gross && (gross * order.discountBps) % BPS !== 0n) uneven++;
    }
    // The property is only interesting when discounts are not whole wei: most cases must be.
    expect(uneven).toBeGreaterThan(CASES / 5);
  });
});
