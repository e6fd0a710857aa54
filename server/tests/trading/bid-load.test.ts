/**
 * 50 bidders × 20 bids on one auction at once, through the API (POST /api/v2/bid/bid, each bid
 * signed by its bidder) on PostgreSQL and a real anvil. Each bidder bids 105% of the highest it
 * last read plus a little, so most bids race. Afterwards: zero 5xx, every refusal a known rule
 * code, every accepted bid ≥ 105% of the one accepted before it, the highest the largest accepted
 * bid, and every bidder's locked total (GET totalHighestBidBalance) what its highest bids add up to.
 */
import { parseEther, type Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashOrder, SaleKind } from '#contracts/typed-data/index.ts';
import { MIN_BID_INCREMENT_BPS } from '#shared/rules.ts';
import { createTestApp, json, type TestApp } from '../helpers/test-app.ts';
import {
  CHAIN_ID,
  postBid,
  postListing,
  signedOrder,
  TRADING_ENV,
  type TradingChain,
  useTradingChain,
} from './chain-fixture.ts';

const BIDDERS = 50;
const BIDS_EACH = 20;
/** Refusals a racing bidder may meet: outbid meanwhile, or its funds no longer cover the bid. */
const EXPECTED_REFUSALS = new Set([
  'BID_TOO_LOW',
  'OUTBID_WHILE_BIDDING',
  'NOT_ENOUGH_WRAPPER_BALANCE',
]);

describe('bid load: 50 bidders × 20 bids on one auction [postgres]', () => {
  const t = {} as TestApp;
  let c: TradingChain;
  let seller: Wallet;
  const bidders: Wallet[] = [];
  beforeAll(async () => {
    Object.assign(t, await createTestApp('postgres', { env: TRADING_ENV }));
  });
  useTradingChain(t, async (chain, s) => {
    c = chain;
    seller = s;
    for (let i = 0; i < BIDDERS; i++) {
      const w = await c.freshWallet('60');
      await c.wrap(w, parseEther('50'));
      bidders.push(w);
    }
  });
  afterAll(async () => {
    await t.close?.();
  });

  it('keeps every accepted bid ≥ 105% of the one before, no 5xx, locked totals right', async () => {
    const [id] = await c.mint(seller, 1);
    const signed = await signedOrder(c, seller, {
      tokenIds: [id!],
      saleKind: SaleKind.AUCTION,
      price: 10n ** 9n,
      endIn: 3600,
    });
    expect((await postListing(t, signed)).statusCode).toBe(200);
    const hash = hashOrder(signed.order).toLowerCase();
    const highest = async () =>
      BigInt(
        (
          await t.db
            .selectFrom('nfts')
            .select('highest_bid')
            .where('token_id', '=', id!.toString())
            .executeTakeFirstOrThrow()
        ).highest_bid ?? '0',
      );

    const statuses = new Map<number, number>();
    const refusals = new Map<string, number>();
    let accepted = 0;
    const started = Date.now();
    await Promise.all(
      bidders.map(async (bidder, b) => {
        for (let n = 0; n < BIDS_EACH; n++) {
          const seen = await highest();
          const least =
            seen === 0n ? 10n ** 9n : (seen * (10_000n + MIN_BID_INCREMENT_BPS) + 9_999n) / 10_000n;
          // 105% to 135% of what it saw: several bids of a round can still be accepted in turn.
          const amount = (least * BigInt(100 + ((b * 7 + n * 13) % 31))) / 100n;
          const res = await postBid(t, c, bidder, hash, amount);
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          if (res.statusCode === 200) accepted++;
          else {
            const code = json<{ code: string }>(res).code;
            refusals.set(code, (refusals.get(code) ?? 0) + 1);
          }
        }
      }),
    );
    const seconds = (Date.now() - started) / 1000;
    console.info(
      `bid load: ${BIDDERS * BIDS_EACH} bids in ${seconds.toFixed(1)} s, ${accepted} accepted, refused ${JSON.stringify(Object.fromEntries(refusals))}, statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    expect([...statuses.keys()].filter((s) => s >= 500)).toEqual([]);
    expect([...refusals.keys()].filter((code) => !EXPECTED_REFUSALS.has(code))).toEqual([]);
    expect(accepted).toBeGreaterThanOrEqual(10);

    const rows = await t.db
      .selectFrom('bids')
      .select(['bidder', 'amount', 'is_highest'])
      .where('order_hash', '=', hash)
      .orderBy('id')
      .execute();
    expect(rows).toHaveLength(accepted);
    for (let i = 1; i < rows.length; i++) {
      const [prev, next] = [BigInt(rows[i - 1]!.amount), BigInt(rows[i]!.amount)];
      expect(next * 10_000n >= prev * (10_000n + MIN_BID_INCREMENT_BPS), `bid ${i}`).toBe(true);
    }
    const top = rows.filter((r) => r.is_highest);
    expect(top).toHaveLength(1);
    const max = rows.reduce((m, r) => (BigInt(r.amount) > m ? BigInt(r.amount) : m), 0n);
    expect(BigInt(top[0]!.amount)).toBe(max);
    expect(await highest()).toBe(max);

    for (const bidder of bidders) {
      const res = await t.app.inject({
        url: `/api/v2/bid/totalHighestBidBalance/${bidder.address}?networkId=${CHAIN_ID}`,
      });
      const mine = top[0]!.bidder === bidder.address.toLowerCase() ? max : 0n;
      expect(json<{ data: string }>(res).data, bidder.address).toBe(mine.toString());
    }
  }, 240_000);
});
