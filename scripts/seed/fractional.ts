/**
 * Seed phase: three fractional items (an apartment, a piece of jewellery, a car), made with real
 * transactions (docs/decisions/117 and 119). Before the seed's clock jump (./bids.ts) each
 * partner puts an item into a vault with a short sale window and buyers buy shares; after it the
 * sales are over: the unsold shares go back, holders list shares through the API (signed share
 * orders) and a buyout of the car runs (a first bid and a raise), so the demo shows a finished
 * sale, holders, open share listings and one live buyout.
 */
import { Contract } from 'ethers';
import {
  FRACTIONAL_VAULT_ABI,
  FRACTIONAL_VAULT_FACTORY_ABI,
  MARKETPLACE_COLLECTION_ABI,
  WVBC_ABI,
} from '#contracts/abi/index.ts';
import { fractionalDomain, signShareOrder } from '#contracts/typed-data/shares.ts';
import { centi } from './catalogue.ts';
import type { Collections } from './collections.ts';
import { perAccount, type SeedContext, SeedError } from './context.ts';

interface FractionalPlan {
  collection: string;
  token: number;
  supply: bigint;
  /** Price per share in 0.01 VBC. */
  price: number;
  limit: bigint;
  /** [account, shares] bought in the primary sale. */
  buys: [number, bigint][];
  /** [account, shares, price per share in 0.01 VBC] listed after the sale. */
  listings: [number, bigint, number][];
  /** [account, amount in 0.01 VBC] buyout bids, in order. */
  bids: [number, number][];
}

/** Free items of the catalogue (no listing, set, bundle or auction in ./trade-plan.ts). */
export const FRACTIONAL: FractionalPlan[] = [
  {
    collection: 'residences',
    token: 14,
    supply: 1000n,
    price: 20,
    limit: 400n,
    buys: [
      [7, 300n],
      [8, 250n],
      [9, 150n],
    ],
    listings: [
      [7, 50n, 24],
      [8, 30n, 26],
    ],
    bids: [],
  },
  {
    collection: 'jewellery',
    token: 14,
    supply: 100n,
    price: 5,
    limit: 40n,
    buys: [
      [6, 20n],
      [9, 30n],
    ],
    listings: [[9, 10n, 7]],
    bids: [],
  },
  {
    collection: 'motors',
    token: 12,
    supply: 500n,
    price: 10,
    limit: 200n,
    buys: [
      [6, 100n],
      [8, 120n],
    ],
    listings: [[8, 20n, 12]],
    bids: [
      [9, 5_000],
      [7, 5_300],
    ],
  },
];

/** How long the seeded sales stay open (the seed's clock jump ends them). */
const SALE_SECONDS = 600n;

export interface Vaults {
  plans: FractionalPlan[];
  addresses: string[];
  saleEnd: bigint;
}

/** Before the clock jump: the vaults and their primary sales. */
export async function seedFractionalSales(
  ctx: SeedContext,
  collections: Collections,
  plans: FractionalPlan[] = FRACTIONAL,
): Promise<Vaults> {
  const factoryAddress = ctx.deployment.fractionalFactory;
  if (!factoryAddress) throw new SeedError('no fractional factory in the deployment');
  const factory = new Contract(factoryAddress, FRACTIONAL_VAULT_FACTORY_ABI, ctx.provider);
  const start = await ctx.chainNow();
  const saleEnd = start + SALE_SECONDS;
  const addresses: string[] = [];
  // each partner's items in turn, the partners at once
  await perAccount(
    plans.map((plan, i): [number, () => Promise<void>] => {
      const { partner } = collections.plan(plan.collection);
      return [
        partner,
        async () => {
          const address = collections.addressOf(plan.collection);
          const collection = new Contract(address, MARKETPLACE_COLLECTION_ABI, ctx.provider);
          await ctx.call(collection, partner, 'approve', factoryAddress, BigInt(plan.token));
          const price = centi(plan.price);
          const terms = [plan.supply, price, plan.limit, start, saleEnd, plan.supply * price];
          const name = `${plan.collection} #${plan.token} shares`;
          const receipt = await ctx.call(factory, partner, 'fractionalize', address, plan.token, [
            ...terms,
            name,
            'SHR',
          ]);
          const created = receipt.logs
            .map((l) => factory.interface.parseLog(l))
            .find((p) => p?.name === 'VaultCreated');
          addresses[i] = String(created!.args[0]);
          ctx.count('fractional vaults');
        },
      ];
    }),
  );
  await perAccount(
    plans.flatMap((plan, i) =>
      plan.buys.map(([account, shares]): [number, () => Promise<void>] => [
        account,
        async () => {
          const vault = new Contract(addresses[i]!, FRACTIONAL_VAULT_ABI, ctx.provider);
          await ctx.call(vault, account, 'buy', shares, { value: shares * centi(plan.price) });
          ctx.count('share buys');
        },
      ]),
    ),
  );
  return { plans, addresses, saleEnd };
}

/** After the clock jump: unsold shares back, share listings, the car's buyout. */
export async function seedFractionalMarket(ctx: SeedContext, vaults: Vaults): Promise<void> {
  if ((await ctx.chainNow()) < vaults.saleEnd) {
    await ctx.provider.send('evm_setNextBlockTimestamp', [Number(vaults.saleEnd)]);
    await ctx.provider.send('evm_mine', []);
  }
  const wvbc = new Contract(ctx.deployment.wvbc, WVBC_ABI, ctx.provider);
  const vault = (i: number) =>
    new Contract(vaults.addresses[i]!, FRACTIONAL_VAULT_ABI, ctx.provider);
  // the unsold shares back (anyone may call: #2 does) while the car's bids go in, in their order
  const released = async () => {
    for (const [i, plan] of vaults.plans.entries()) {
      if (!plan.bids.length) await ctx.call(vault(i), 2, 'releaseUnsold');
    }
  };
  const bids = async () => {
    for (const [i, plan] of vaults.plans.entries()) {
      for (const [account, amount] of plan.bids) {
        const value = centi(amount);
        await ctx.call(wvbc, account, 'deposit', { value });
        await ctx.call(wvbc, account, 'approve', vaults.addresses[i]!, value);
        await ctx.call(vault(i), account, 'bid', value);
        ctx.count('buyout bids');
      }
    }
  };
  await Promise.all([released(), bids()]);
  await ctx.synced();
  const end = (await ctx.chainNow()) + 30n * 86_400n;
  for (const [i, plan] of vaults.plans.entries()) {
    const vault = vaults.addresses[i]!;
    // signed off chain: no transaction, only the API's checks
    for (const [account, shares, price] of plan.listings) {
      const maker = ctx.wallet(account);
      const order = {
        maker: maker.address,
        shares,
        pricePerShare: centi(price),
        startTime: 0n,
        endTime: end,
        salt: BigInt(ctx.chainId) * 1_000n + BigInt(i * 10 + account),
        maxFeeBps: 0n,
      };
      const signature = await signShareOrder(maker, fractionalDomain(ctx.chainId, vault), order);
      const wire = Object.fromEntries(Object.entries(order).map(([k, v]) => [k, String(v)]));
      await ctx.api('POST', `/api/v2/fractional/${ctx.chainId}/${vault}/listings`, {
        body: { order: wire, signature },
        account,
      });
      ctx.count('share listings');
    }
  }
}
