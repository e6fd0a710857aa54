/**
 * The demo catalogue of a further network (the test chain 97 of `npm start`): a smaller one,
 * made the same way as ./seed.ts's (real chain transactions, signed orders and bids through the
 * app's routes, rows from that network's indexer). Three collections, their fixed-price listings,
 * live auctions with bids, and one set; the people are the devnet seed's (accounts are not per
 * network), so it runs beside ./seed.ts.
 */
import { catchUpWithWallClock, seedBids } from './bids.ts';
import { COLLECTIONS } from './catalogue.ts';
import { seedCollections } from './collections.ts';
import { createContext, phaseTimer, type SeedParameters } from './context.ts';
import { FRACTIONAL, seedFractionalMarket, seedFractionalSales } from './fractional.ts';
import { seedListings } from './listings.ts';
import type { SeedReport } from './seed.ts';
import { TRADES } from './trade-plan.ts';

/** The collections a further network gets. */
const NETWORK_COLLECTIONS = ['jewellery', 'abstracts', 'beats'];

const mine = <T extends readonly unknown[]>(rows: readonly T[]) =>
  rows.filter((row) => NETWORK_COLLECTIONS.includes(row[0] as string));

export async function runNetworkSeed(p: SeedParameters): Promise<SeedReport> {
  const started = Date.now();
  const { phases, phase } = phaseTimer(p.log, `seed ${p.deployment.chainId}`);
  const ctx = createContext(p);
  try {
    const plans = COLLECTIONS.filter((c) => NETWORK_COLLECTIONS.includes(c.key));
    const collections = await seedCollections(ctx, plans);
    await ctx.synced();
    phase('collections and mints');
    const listings = await seedListings(ctx, collections, {
      fixed: mine(TRADES.fixed),
      auctions: mine(TRADES.auctions),
      claimed: [],
      sets: mine(TRADES.sets).slice(0, 1),
      bundles: [],
    });
    phase('listings');
    await seedBids(ctx, listings);
    // one fractional item: its sale before the catch-up with the wall clock ends it
    const fractional = FRACTIONAL.filter((f) => NETWORK_COLLECTIONS.includes(f.collection));
    const vaults = await seedFractionalSales(ctx, collections, fractional);
    await catchUpWithWallClock(ctx);
    await ctx.synced();
    phase('bids');
    await seedFractionalMarket(ctx, vaults);
    phase('fractional');
    return { seconds: (Date.now() - started) / 1000, phases, counts: ctx.counts };
  } finally {
    ctx.provider.destroy();
  }
}
