/**
 * Seed phase: what happens after listing, on chain. Buyers buy fixed-price listings and part of
 * a bundle with the transactions the trade routes build; a seller revokes a listing (cancel
 * data from the API); a partner gives an item away (a plain transfer).
 */
import { Contract } from 'ethers';
import { MARKETPLACE_COLLECTION_ABI } from '#contracts/abi/index.ts';
import type { Collections } from './collections.ts';
import { data, perAccount, type SeedContext } from './context.ts';
import type { Listings } from './listings.ts';
import { TRADES } from './trade-plan.ts';

type BuiltTx = { to: string; data: string; value: string };

export async function seedTrades(
  ctx: SeedContext,
  collections: Collections,
  listings: Listings,
): Promise<void> {
  await perAccount(
    TRADES.bought.map(([key, token, buyer]) => [
      buyer,
      async () => {
        const { hash } = listings.orders.get(`${key}:${token}`)!;
        await buy(ctx, buyer, '/api/v2/trade/matchOrder', { orderHash: hash });
        ctx.count('buys');
      },
    ]),
  );
  for (const [bundleIndex, tokenIds, buyer] of TRADES.bundleBuys) {
    await buy(ctx, buyer, '/api/v2/trade/matchOrderBundle', {
      orderHash: listings.bundles[bundleIndex]!,
      tokenIds: tokenIds.map(String),
    });
    ctx.count('bundle buys');
  }
  for (const [key, token] of TRADES.revoked) {
    const { hash } = listings.orders.get(`${key}:${token}`)!;
    const partner = collections.plan(key).partner;
    const tx = data<{ to: string; data: string }>(
      await ctx.api('POST', `/api/v2/orders/${hash}/cancel-data`, {
        apiKey: true,
        account: partner,
      }),
    );
    await ctx.send(partner, { to: tx.to, data: tx.data });
    ctx.count('revokes');
  }
  for (const [key, token, to] of TRADES.gifts) {
    const partner = collections.plan(key).partner;
    const collection = new Contract(
      collections.addressOf(key),
      MARKETPLACE_COLLECTION_ABI,
      ctx.provider,
    );
    const [from, recipient] = [ctx.wallet(partner).address, ctx.wallet(to).address];
    await ctx.call(collection, partner, 'transferFrom', from, recipient, BigInt(token));
    ctx.count('gifts');
  }
}

/** Asks a trade route for the buy transaction and sends it from the buyer. */
async function buy(ctx: SeedContext, buyer: number, route: string, body: Record<string, unknown>) {
  const { tx } = data<{ tx: BuiltTx }>(
    await ctx.api('POST', route, {
      body: { ...body, buyer: ctx.wallet(buyer).address },
      apiKey: true,
      account: buyer,
    }),
  );
  await ctx.send(buyer, { to: tx.to, data: tx.data, value: BigInt(tx.value) });
}
