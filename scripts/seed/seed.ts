/**
 * The demo catalogue (what: ./catalogue.ts), made the way users make things: real chain
 * transactions (partner role, collections from the factory, mints with on-chain metadata,
 * approvals, WVBC wraps, buys, a revoke, a gift) and real signed EIP-712 orders and bids sent
 * through the app's own HTTP routes. Nothing is inserted behind the chain's back: NFTs, owners
 * and provenance come from the indexer. Two editorial flags have no route and are set directly:
 * `users.is_creator` (featured creators) and `nfts.hot_nft` (the most liked NFTs on sale).
 *
 * `runSeed` needs the running app with its indexer (the stack calls it once, when the database
 * has no seed marker) and anvil's demo accounts (contracts/README.md). Each phase has its file.
 */
import { seedAccounts } from './accounts.ts';
import { catchUpWithWallClock, claimEndedAuctions, seedBids } from './bids.ts';
import { seedCollections } from './collections.ts';
import { createContext, phaseTimer, type SeedContext, type SeedParameters } from './context.ts';
import { seedFractionalMarket, seedFractionalSales } from './fractional.ts';
import { seedListings } from './listings.ts';
import { SEED_MARKER, SEED_STARTED_MARKER } from './markers.ts';
import { seedSocial } from './social.ts';
import { seedTrades } from './trades.ts';

export type { SeedParameters } from './context.ts';

export interface SeedReport {
  seconds: number;
  /** Seconds each phase took. */
  phases: Record<string, number>;
  counts: Record<string, number>;
}

export async function runSeed(p: SeedParameters): Promise<SeedReport> {
  const started = Date.now();
  const { phases, phase } = phaseTimer(p.log, 'seed');
  const ctx = createContext(p);
  await writeMarker(ctx, SEED_STARTED_MARKER);
  try {
    const accounts = await seedAccounts(ctx);
    phase('accounts');
    const collections = await seedCollections(ctx);
    phase('collections and mints');
    await ctx.synced();
    phase('indexed mints');
    const listings = await seedListings(ctx, collections);
    phase('listings');
    await seedBids(ctx, listings);
    phase('bids');
    // fractional items: their sales before the clock jump, their market after (./fractional.ts)
    const vaults = await seedFractionalSales(ctx, collections);
    phase('fractional sales');
    if (listings.claimed.length) {
      await claimEndedAuctions(ctx, listings);
      phase('auction claimed');
    }
    await catchUpWithWallClock(ctx);
    await seedTrades(ctx, collections, listings);
    phase('buys, revoke, gift');
    await seedFractionalMarket(ctx, vaults);
    phase('fractional listings and buyout');
    await seedSocial(ctx, accounts, collections);
    phase('likes and follows');
    await ctx.synced();
    ctx.counts['hot NFTs'] = await markHotNfts(ctx);
    const seconds = (Date.now() - started) / 1000;
    const { counts, chainId } = ctx;
    await writeMarker(ctx, SEED_MARKER, JSON.stringify({ counts, seconds, chainId }));
    phase('indexed and marked');
    return { seconds, phases, counts };
  } finally {
    ctx.provider.destroy();
  }
}

/** Editorial flag (no route): the most liked NFTs on sale are "hot". Returns how many. */
async function markHotNfts(ctx: SeedContext): Promise<number> {
  const hot = await ctx.app.db
    .selectFrom('nfts')
    .select('id')
    .where('network_id', '=', ctx.chainId)
    .where('status', '=', 'ONSALE')
    .where('likes_count', '>', 0)
    .orderBy('likes_count', 'desc')
    .orderBy('id')
    .limit(12)
    .execute();
  if (hot.length) {
    const ids = hot.map((h) => h.id);
    await ctx.app.db.updateTable('nfts').set({ hot_nft: true }).where('id', 'in', ids).execute();
  }
  return hot.length;
}

/** Writes a seed marker once (./markers.ts). */
async function writeMarker(ctx: SeedContext, key: string, value?: string): Promise<void> {
  await ctx.app.db
    .withTables<{ app_markers: { key: string; value?: string } }>()
    .insertInto('app_markers')
    .values(value === undefined ? { key } : { key, value })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}
