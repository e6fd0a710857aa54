/**
 * Seed phase: the auctions' bids and the claimed auction. Bidders wrap VBC into WVBC and approve
 * the exchange, then sign EIP-712 bids posted through POST /api/v2/bid/bid. The auctions about to
 * end are claimed by their winners after a jump of the chain's clock past their claim opening
 * (only a chain we drive, anvil, can jump), through POST /api/v2/bid/claim; the clock then
 * catches up with the wall clock.
 */
import { Contract } from 'ethers';
import { WVBC_ABI } from '#contracts/abi/index.ts';
import { signBid } from '#contracts/typed-data/index.ts';
import { AUCTION_CLAIM_DELAY_SECONDS } from '#shared/rules.ts';
import { centi, ONE } from './catalogue.ts';
import { data, perAccount, type SeedContext } from './context.ts';
import type { Listings } from './listings.ts';

export async function seedBids(ctx: SeedContext, listings: Listings): Promise<void> {
  const auctions = [...listings.auctions, ...listings.claimed];
  const bidders = [...new Set(auctions.flatMap(({ bids }) => bids.map(([account]) => account)))];
  const wvbc = new Contract(ctx.deployment.wvbc, WVBC_ABI, ctx.provider);
  await perAccount(
    bidders.map((a) => [
      a,
      async () => {
        await ctx.call(wvbc, a, 'deposit', { value: 100n * ONE });
        await ctx.call(wvbc, a, 'approve', ctx.deployment.exchange, 100n * ONE);
      },
    ]),
  );
  for (const { hash, order, bids } of auctions) {
    for (const [bidder, amount] of bids) {
      const bid = { order, bidder: ctx.wallet(bidder).address, amount: centi(amount) };
      const signature = await signBid(ctx.wallet(bidder), ctx.domain, bid);
      await ctx.api('POST', '/api/v2/bid/bid', {
        body: { orderHash: hash, bidder: bid.bidder, amount: bid.amount.toString(), signature },
        account: bidder,
      });
      ctx.count('bids');
    }
  }
}

/**
 * Jumps the chain's clock to when the short auctions' claims open (their end + the claim delay)
 * and has each winner claim through the API.
 */
export async function claimEndedAuctions(ctx: SeedContext, listings: Listings): Promise<void> {
  await ctx.provider.send('evm_increaseTime', [Number(AUCTION_CLAIM_DELAY_SECONDS) + 91]);
  await ctx.provider.send('evm_mine', []);
  for (const { hash, winner } of listings.claimed) {
    const { tx } = data<{ tx: { to: string; data: string } }>(
      await ctx.api('POST', '/api/v2/bid/claim', {
        body: { orderHash: hash, caller: ctx.wallet(winner).address },
        account: winner,
      }),
    );
    await ctx.send(winner, { to: tx.to, data: tx.data });
    ctx.count('claimed auctions');
  }
}

/**
 * Moves the chain's clock forward to the wall clock when it is behind: the stack starts a chain
 * to be seeded in the past (scripts/lib/stack/chain.ts), so after the jump to the claims it is
 * only a few minutes behind, and the product then runs on one clock (a chain ahead cannot go back).
 */
export async function catchUpWithWallClock(ctx: SeedContext): Promise<void> {
  const now = Math.floor(Date.now() / 1000);
  if (Number(await ctx.chainNow()) >= now) return;
  await ctx.provider.send('evm_setNextBlockTimestamp', [now]);
  await ctx.provider.send('evm_mine', []);
}
