/**
 * Seed phase: the collections, on chain. The factory's admin grants each partner the partner
 * role; each partner creates its collections, mints every item to itself with on-chain metadata
 * and lets the exchange move them (one approval per collection).
 */
import { Contract } from 'ethers';
import { COLLECTION_FACTORY_ABI, MARKETPLACE_COLLECTION_ABI } from '#contracts/abi/index.ts';
import { COLLECTIONS, type CollectionPlan } from './catalogue.ts';
import { perAccount, type SeedContext } from './context.ts';
import { collectionMetadataUri, tokenUris } from './metadata.ts';

/** The seeded collections: each plan with its address on chain. */
export type Collections = {
  plan(key: string): CollectionPlan;
  addressOf(key: string): string;
};

export async function seedCollections(
  ctx: SeedContext,
  plans: readonly CollectionPlan[] = COLLECTIONS,
): Promise<Collections> {
  const { deployment, provider } = ctx;
  const factory = new Contract(deployment.collectionFactory, COLLECTION_FACTORY_ABI, provider);
  const partnerRole = (await factory.getFunction('PARTNER_ROLE')()) as string;
  for (const partner of new Set(plans.map((c) => c.partner))) {
    await ctx.call(factory, 0, 'grantRole', partnerRole, ctx.wallet(partner).address);
  }
  const addresses = new Map<string, string>();
  await perAccount(
    plans.map((plan) => [
      plan.partner,
      async () => {
        addresses.set(plan.key, await createAndMint(ctx, factory, plan));
        ctx.count('collections');
        ctx.count('nfts', plan.items.length);
      },
    ]),
  );
  return {
    plan: (key) => plans.find((c) => c.key === key)!,
    addressOf: (key) => addresses.get(key)!,
  };
}

/** One collection: created by its partner, every item minted, the exchange approved. */
async function createAndMint(
  ctx: SeedContext,
  factory: Contract,
  plan: CollectionPlan,
): Promise<string> {
  const receipt = await ctx.call(
    factory,
    plan.partner,
    'createCollection',
    plan.name,
    plan.symbol,
    collectionMetadataUri(ctx.dataDir, plan),
  );
  const created = receipt.logs
    .map((l) => factory.interface.parseLog(l))
    .find((x) => x?.name === 'CollectionCreated');
  const address = String(created!.args[0]);
  const collection = new Contract(address, MARKETPLACE_COLLECTION_ABI, ctx.provider);
  const owner = ctx.wallet(plan.partner).address;
  await ctx.call(collection, plan.partner, 'mintBatch', owner, tokenUris(ctx.dataDir, plan));
  await ctx.call(collection, plan.partner, 'setApprovalForAll', ctx.deployment.exchange, true);
  return address;
}
