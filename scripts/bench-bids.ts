/**
 * `npm run bench:bids [-- --postgres] [--bidders 50] [--bids 20]`: bids under contention. Fifty
 * bidders each send twenty signed bids at one auction at once (as server/tests/trading/
 * bid-load.test.ts does), through the real server in this process (PGlite by default, a
 * throwaway PostgreSQL with --postgres), its chain on anvil, rate limits off. Each bidder reads
 * the highest bid, signs 105-135% of it and posts it; only the POST is timed (signing is the
 * client's). Prints p50/p99 of accepted and refused bids against the budget (p99 ≤ 250 ms on
 * PGlite, ≤ 100 ms on PostgreSQL) with the load average, and checks what must hold whatever the
 * speed: no 5xx, only the known refusals, one highest bid, every accepted bid ≥ 105% of the one
 * before. `--profile DIR` writes a CPU profile of the bidding to DIR and prints its top
 * functions by self time. Exit 1 on a miss. Not part of `npm test`.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { parseEther, type Wallet } from 'ethers';
import { type Bid, hashOrder, SaleKind, signBid } from '#contracts/typed-data/index.ts';
import { startPostgresCluster } from '#server-tests/helpers/postgres-cluster.ts';
import { createTestApp } from '#server-tests/helpers/test-app.ts';
import {
  postListing,
  signedOrder,
  startTradingChain,
  storedOrder,
  TRADING_ENV,
} from '#server-tests/trading/chain-fixture.ts';
import { MIN_BID_INCREMENT_BPS } from '#shared/rules.ts';
import { summarizeProfile } from './lib/bench-api/profile.ts';

const { values: args } = parseArgs({
  options: {
    postgres: { type: 'boolean', default: false },
    bidders: { type: 'string', default: '50' },
    bids: { type: 'string', default: '20' },
    profile: { type: 'string' },
  },
});
const BACKEND = args.postgres ? 'postgres' : 'pglite';
const BIDDERS = Number(args.bidders);
const BIDS_EACH = Number(args.bids);
/** p99 of an accepted or a refused bid, per backend. */
const BUDGET_P99_MS = { pglite: 250, postgres: 100 }[BACKEND];
const KNOWN_REFUSALS = new Set([
  'BID_TOO_LOW',
  'OUTBID_WHILE_BIDDING',
  'NOT_ENOUGH_WRAPPER_BALANCE',
]);

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
const pct = (sorted: number[], p: number) =>
  sorted.length
    ? (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0)
    : 0;

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Chain = Awaited<ReturnType<typeof startTradingChain>>;

/** Funded bidders and one live auction: its hash, its stored order and its token id. */
async function prepare(t: TestApp, c: Chain) {
  const seller = c.wallet(2);
  await c.approve(seller);
  const bidders: Wallet[] = [];
  for (let i = 0; i < BIDDERS; i++) {
    const w = await c.freshWallet('60');
    await c.wrap(w, parseEther('50'));
    bidders.push(w);
  }
  const [id] = await c.mint(seller, 1);
  const signed = await signedOrder(c, seller, {
    tokenIds: [id as bigint],
    saleKind: SaleKind.AUCTION,
    price: 10n ** 9n,
    endIn: 3600,
  });
  const listed = await postListing(t, signed);
  if (listed.statusCode !== 200) throw new Error(`listing: ${listed.statusCode} ${listed.body}`);
  const hash = hashOrder(signed.order).toLowerCase();
  return { bidders, hash, order: await storedOrder(t, hash), tokenId: String(id) };
}

interface Race {
  accepted: number[];
  refused: number[];
  codes: Map<string, number>;
}

/** Every bidder at once: read the highest, sign 105-135% of it, post it (only the POST timed). */
async function race(t: TestApp, c: Chain, a: Awaited<ReturnType<typeof prepare>>): Promise<Race> {
  const out: Race = { accepted: [], refused: [], codes: new Map() };
  const highest = async () =>
    BigInt(
      (
        await t.db
          .selectFrom('nfts')
          .select('highest_bid')
          .where('token_id', '=', a.tokenId)
          .executeTakeFirstOrThrow()
      ).highest_bid ?? '0',
    );
  await Promise.all(
    a.bidders.map(async (bidder, b) => {
      for (let n = 0; n < BIDS_EACH; n++) {
        const seen = await highest();
        const least =
          seen === 0n ? 10n ** 9n : (seen * (10_000n + MIN_BID_INCREMENT_BPS) + 9_999n) / 10_000n;
        const amount = (least * BigInt(100 + ((b * 7 + n * 13) % 31))) / 100n;
        const bid: Bid = { order: a.order, bidder: bidder.address, amount };
        const signature = await signBid(bidder, c.domain, bid);
        const payload = {
          orderHash: a.hash,
          bidder: bidder.address,
          amount: String(amount),
          signature,
        };
        const at = performance.now();
        const res = await t.app.inject({ method: 'POST', url: '/api/v2/bid/bid', payload });
        const ms = performance.now() - at;
        if (res.statusCode === 200) out.accepted.push(ms);
        else {
          out.refused.push(ms);
          const code = res.statusCode >= 500 ? `HTTP ${res.statusCode}` : JSON.parse(res.body).code;
          out.codes.set(code, (out.codes.get(code) ?? 0) + 1);
        }
      }
    }),
  );
  return out;
}

/** `run` under the CPU profiler when --profile is given; its top functions printed. */
async function profiled<T>(run: () => Promise<T>): Promise<T> {
  if (!args.profile) return run();
  const profiler = new Session();
  profiler.connect();
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.start');
  const result = await run();
  const { profile } = await profiler.post('Profiler.stop');
  await mkdir(args.profile, { recursive: true });
  await writeFile(path.join(args.profile, 'bids.cpuprofile'), JSON.stringify(profile));
  console.log((await summarizeProfile(args.profile, 25)).join('\n'));
  return result;
}

/** p50/p99 against the budget; true when both kinds pass. */
function printLatencies(r: Race): boolean {
  let ok = true;
  for (const [name, list] of [
    ['accepted', r.accepted],
    ['refused', r.refused],
  ] as const) {
    const sorted = [...list].sort((x, y) => x - y);
    const p99 = pct(sorted, 99);
    const pass = p99 <= BUDGET_P99_MS;
    if (!pass) ok = false;
    console.log(
      `${name.padEnd(8)} ${String(list.length).padStart(5)} bids  p50 ${pct(sorted, 50).toFixed(0)} ms  p99 ${p99.toFixed(0)} ms  budget p99 ≤ ${BUDGET_P99_MS} ms: ${pass ? 'pass' : 'FAIL'}`,
    );
  }
  return ok;
}

/** One highest bid, each accepted bid ≥ 105% of the one before, only known refusals. */
async function checkInvariants(t: TestApp, hash: string, r: Race): Promise<boolean> {
  const unknown = [...r.codes.keys()].filter((k) => !KNOWN_REFUSALS.has(k));
  const rows = await t.db
    .selectFrom('bids')
    .select(['amount', 'is_highest'])
    .where('order_hash', '=', hash)
    .orderBy('id')
    .execute();
  let rising = rows.length === r.accepted.length;
  for (let i = 1; i < rows.length; i++) {
    const [prev, next] = [BigInt(rows[i - 1]?.amount ?? 0), BigInt(rows[i]?.amount ?? 0)];
    if (next * 10_000n < prev * (10_000n + MIN_BID_INCREMENT_BPS)) rising = false;
  }
  const winners = rows.filter((row) => row.is_highest).length;
  const ok = unknown.length === 0 && rising && winners === 1;
  console.log(
    `invariants: ${winners} highest bid, every accepted bid ≥ 105% of the one before: ${rising}, unknown refusals: ${unknown.join(', ') || 'none'} → ${ok ? 'pass' : 'FAIL'}`,
  );
  return ok;
}

// a throwaway cluster of its own (the tests' shared one is vitest's)
const cluster = args.postgres ? await startPostgresCluster() : undefined;
const t = await createTestApp(BACKEND, {
  env: { ...TRADING_ENV, RATE_LIMIT_ENABLED: 'false' },
  ...(cluster ? { cluster } : {}),
});
const c = await startTradingChain(t);
let ok = false;
try {
  const auction = await prepare(t, c);
  console.log(
    `${new Date().toISOString()} · ${BACKEND} · ${BIDDERS} bidders × ${BIDS_EACH} bids · load ${load()}`,
  );
  const started = Date.now();
  const result = await profiled(() => race(t, c, auction));
  const seconds = (Date.now() - started) / 1000;
  console.log(`${BIDDERS * BIDS_EACH} bids in ${seconds.toFixed(1)} s, load ${load()}`);
  console.log(`refusals: ${JSON.stringify(Object.fromEntries(result.codes))}`);
  const fast = printLatencies(result);
  ok = (await checkInvariants(t, auction.hash, result)) && fast;
} finally {
  await c.close();
  await t.close?.();
  await cluster?.stop();
}
console.log(ok ? 'every budget met' : 'a budget was missed');
process.exit(ok ? 0 : 1);
