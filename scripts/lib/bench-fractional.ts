/**
 * The fractional vault's hot paths for `npm run bench:gas` (scripts/bench-gas.ts), each against its
 * budget (docs/decisions/117-fractional-vaults.md). Conditions: a fresh factory and vault over a
 * fresh partner's NFT (1,000 shares at 0.01 coin, 400 per address, reserve 100 coin); every buyer,
 * taker and bidder is a fresh account (first share, first purchase, first fill of the listing:
 * the costliest case); the listing signs the highest fee bound (so the factory's fee is read; the
 * fee itself is 0); the first buyout bid also hands the unsold shares back to the partner.
 */
import { Contract, ContractFactory, type JsonRpcProvider, type Signer, type Wallet } from 'ethers';
import { loadArtifact } from '#contracts/build/compile.ts';
import type { Deployment } from '#contracts/deploy/deployment.ts';
import { fractionalDomain, type ShareOrder, signShareOrder } from '#contracts/typed-data/shares.ts';
import { collectionAt, mined, wvbcAt } from './marketplace.ts';

const ONE = 10n ** 18n;

export const FRACTIONAL_BUDGETS = {
  buyShares: 90_000n,
  takeListingPart: 100_000n,
  startBuyout: 150_000n,
  raiseBuyout: 150_000n,
  cashOut: 60_000n,
} as const;

export type BenchRow = { scenario: string; gasUsed: bigint; budget?: bigint };

type Ctx = {
  provider: JsonRpcProvider;
  deployment: Pick<Deployment, 'chainId' | 'collectionFactory' | 'exchange' | 'wvbc'>;
  admin: Signer;
  freshAccount: () => Promise<Wallet>;
  freshSeller: (count: number) => Promise<{ seller: Wallet; collection: string; ids: bigint[] }>;
};

async function advance(provider: JsonRpcProvider, seconds: number): Promise<void> {
  await provider.send('evm_increaseTime', [seconds]);
  await provider.send('evm_mine', []);
}

type Bench = {
  vaultAddress: string;
  factoryAs: (s: Signer) => Contract;
  vaultAs: (s: Signer) => Contract;
  price: bigint;
  now: bigint;
};

/** A fresh factory and a vault over a fresh partner's NFT, its sale open. */
async function freshVault(ctx: Ctx): Promise<Bench> {
  const { provider, deployment: d, admin } = ctx;
  const factoryArt = loadArtifact('FractionalVaultFactory');
  const vaultAbi = loadArtifact('FractionalVault').abi;
  const deployed = await new ContractFactory(factoryArt.abi, factoryArt.bytecode, admin).deploy(
    await admin.getAddress(),
    d.collectionFactory,
    d.exchange,
    d.wvbc,
  );
  await deployed.waitForDeployment();
  const factoryAddress = await deployed.getAddress();
  const { seller, collection, ids } = await ctx.freshSeller(2);
  await mined(
    collectionAt(collection, seller).getFunction('setApprovalForAll')(factoryAddress, true),
  );
  const now = BigInt((await provider.getBlock('latest'))!.timestamp);
  const price = ONE / 100n;
  const terms = {
    supply: 1_000n,
    pricePerShare: price,
    purchaseLimit: 400n,
    saleStart: now,
    saleEnd: now + 86_400n,
    reservePrice: 100n * ONE,
    name: 'Bench Shares',
    symbol: 'BSHR',
  };
  const factory = new Contract(factoryAddress, factoryArt.abi, seller);
  await mined(factory.getFunction('fractionalize')(collection, ids[0]!, terms));
  const vaultAddress = (await factory.getFunction('vaults')(0n)) as string;
  return {
    vaultAddress,
    factoryAs: (s) => new Contract(factoryAddress, factoryArt.abi, s),
    vaultAs: (s) => new Contract(vaultAddress, vaultAbi, s),
    price,
    now,
  };
}

/** Buys in the sale (fresh buyer) and takes part of a listing (fresh taker). */
async function saleAndListing(ctx: Ctx, b: Bench, holder: Wallet): Promise<BenchRow[]> {
  const { vaultAs, price, now } = b;
  await mined(vaultAs(holder).getFunction('buy')(100n, { value: 100n * price }));
  const buyer = await ctx.freshAccount();
  const bought = await mined(vaultAs(buyer).getFunction('buy')(10n, { value: 10n * price }));
  const order: ShareOrder = {
    maker: holder.address,
    shares: 50n,
    pricePerShare: 2n * price,
    startTime: now,
    endTime: now + 30n * 86_400n,
    salt: 1n,
    maxFeeBps: 1_000n,
  };
  const domain = fractionalDomain(ctx.deployment.chainId, b.vaultAddress);
  const sig = await signShareOrder(holder, domain, order);
  const taker = await ctx.freshAccount();
  const taken = await mined(
    vaultAs(taker).getFunction('take')(order, sig, 20n, { value: 20n * 2n * price }),
  );
  // The same with a 1% fee switched on (for reference: the budget is met with the fee at 0).
  await mined(b.factoryAs(ctx.admin).getFunction('setFee')(100n, await ctx.admin.getAddress()));
  const feeOrder = { ...order, salt: 2n };
  const feeSig = await signShareOrder(holder, domain, feeOrder);
  const feeTaker = await ctx.freshAccount();
  const feeTaken = await mined(
    vaultAs(feeTaker).getFunction('take')(feeOrder, feeSig, 20n, { value: 20n * 2n * price }),
  );
  await mined(b.factoryAs(ctx.admin).getFunction('setFee')(0n, await ctx.admin.getAddress()));
  return [
    {
      scenario: 'fractional: buy shares in the primary sale',
      gasUsed: bought.gasUsed,
      budget: FRACTIONAL_BUDGETS.buyShares,
    },
    {
      scenario: 'fractional: take part of a share listing',
      gasUsed: taken.gasUsed,
      budget: FRACTIONAL_BUDGETS.takeListingPart,
    },
    { scenario: '  (the same with a 1% fee, for reference)', gasUsed: feeTaken.gasUsed },
  ];
}

/** After the sale: starts a buyout, raises it, settles it, and `holder` cashes out. */
async function buyoutAndCashOut(ctx: Ctx, b: Bench, holder: Wallet): Promise<BenchRow[]> {
  const { provider, deployment: d, admin } = ctx;
  await advance(provider, 86_400);
  const bidders: Wallet[] = [];
  for (let i = 0; i < 2; i++) {
    const w = await ctx.freshAccount();
    await mined(wvbcAt(d.wvbc, w).getFunction('deposit')({ value: 200n * ONE }));
    await mined(wvbcAt(d.wvbc, w).getFunction('approve')(b.vaultAddress, 2n ** 256n - 1n));
    bidders.push(w);
  }
  const started = await mined(b.vaultAs(bidders[0]!).getFunction('bid')(100n * ONE));
  const raised = await mined(b.vaultAs(bidders[1]!).getFunction('bid')(105n * ONE));
  await advance(provider, 3 * 86_400);
  await mined(b.vaultAs(admin).getFunction('settle')());
  const cashed = await mined(b.vaultAs(holder).getFunction('cashOut')());
  return [
    {
      scenario: 'fractional: start a buyout (unsold shares released)',
      gasUsed: started.gasUsed,
      budget: FRACTIONAL_BUDGETS.startBuyout,
    },
    {
      scenario: 'fractional: raise a buyout (outbid bid refunded)',
      gasUsed: raised.gasUsed,
      budget: FRACTIONAL_BUDGETS.raiseBuyout,
    },
    {
      scenario: 'fractional: cash out after a buyout',
      gasUsed: cashed.gasUsed,
      budget: FRACTIONAL_BUDGETS.cashOut,
    },
  ];
}

export async function benchFractional(ctx: Ctx): Promise<BenchRow[]> {
  const bench = await freshVault(ctx);
  const holder = await ctx.freshAccount();
  return [
    ...(await saleAndListing(ctx, bench, holder)),
    ...(await buyoutAndCashOut(ctx, bench, holder)),
  ];
}
