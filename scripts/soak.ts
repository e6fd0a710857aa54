/**
 * `npm run soak`: mixed traffic for SOAK_MINUTES (default 10) on the real server (PostgreSQL, or
 * SOAK_DB=pglite), its chain on anvil and the trading fixture of server/tests/trading: users
 * browsing (lists, details, search, activity), liking, reading their notifications, bidding on
 * auctions (signed bids) and buying fixed-price listings on chain (the seller lists a new one
 * after each sale). Prints requests, throughput, p95 and p99 and errors per route, and the
 * server's memory after the warm-up and at the end, against the budgets below. Exit 1 on a miss.
 * Not part of `npm test` (its short versions are the server's load and fault tests).
 *
 *   SOAK_MINUTES=2 SOAK_USERS=12 npm run soak
 */
import { parseEther, type Wallet } from 'ethers';
import { hashOrder, SaleKind } from '#contracts/typed-data/index.ts';
import {
  createSignedInUser,
  linkAddress,
  type SignedInUser,
} from '#server-tests/helpers/accounts.ts';
import { createTestApp, type TestApp } from '#server-tests/helpers/test-app.ts';
import {
  postBid,
  postBuy,
  postListing,
  SELLER,
  sendBuilt,
  signedOrder,
  startTradingChain,
  TRADING_ENV,
  type TradingChain,
} from '#server-tests/trading/chain-fixture.ts';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const USERS = Number(process.env.SOAK_USERS ?? 12);
const BACKEND = process.env.SOAK_DB === 'pglite' ? 'pglite' : 'postgres';
const BUDGET = { serverErrors: 0, readP95Ms: 300, writeP95Ms: 1500, heapGrowthMb: 64 };
const MB = 1024 * 1024;

type Sample = { ms: number; status: number };
const samples = new Map<string, Sample[]>();
let running = true;

async function timed(route: string, call: () => Promise<{ statusCode: number }>): Promise<number> {
  const started = performance.now();
  let status = 0;
  try {
    status = (await call()).statusCode;
  } catch {
    status = 599; // the call itself failed (a chain or transport error)
  }
  const list = samples.get(route) ?? [];
  list.push({ ms: performance.now() - started, status });
  samples.set(route, list);
  return status;
}

const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)] as T;

type World = {
  t: TestApp;
  c: TradingChain;
  seller: Wallet;
  auctions: string[];
  auctionNfts: number[];
  fixed: string[];
  nftIds: number[];
  people: (SignedInUser & { wallet: Wallet })[];
};

async function listOne(w: World, saleKind: SaleKind): Promise<string> {
  const [tokenId] = await w.c.mint(w.seller, 1);
  const signed = await signedOrder(w.c, w.seller, {
    tokenIds: [tokenId!],
    saleKind,
    price: saleKind === SaleKind.AUCTION ? 10n ** 12n : parseEther('0.01'),
    endIn: 24 * 3600,
  });
  const res = await postListing(w.t, signed);
  if (res.statusCode !== 200) throw new Error(`listing refused: ${res.body}`);
  return hashOrder(signed.order).toLowerCase();
}

async function browse(w: World): Promise<void> {
  const get = (route: string, url: string) => timed(route, () => w.t.app.inject({ url }));
  const kind = Math.random();
  if (kind < 0.35)
    await get('GET market-nfts', '/api/v2/show/market-nfts?page=1&size=20&sort=newest');
  else if (kind < 0.55) await get('GET hot-nfts', '/api/v2/show/hot-nfts?page=1&size=12');
  else if (kind < 0.75) await get('GET search', `/api/v2/search?q=${pick(['a', 'Soak', 'nft'])}`);
  else if (kind < 0.9) await get('GET activity', '/api/v2/activity?page=1&size=20');
  else await get('GET bids of item', `/api/v2/bid/bid/${pick(w.auctionNfts)}?page=1&size=10`);
}

async function personal(w: World): Promise<void> {
  const me = pick(w.people);
  if (Math.random() < 0.5) {
    await timed('POST like', () =>
      w.t.app.inject({
        method: 'POST',
        url: '/api/v2/user/like',
        headers: me.auth,
        payload: { target: 'nft', id: pick(w.nftIds), address: me.wallet.address },
      }),
    );
  } else {
    await timed('GET notifications', () =>
      w.t.app.inject({ url: '/api/v1/notification?page=1&size=20', headers: me.auth }),
    );
  }
}

async function bid(w: World): Promise<void> {
  const me = pick(w.people);
  const hash = pick(w.auctions);
  const top = await w.t.db
    .selectFrom('bids')
    .select('amount')
    .where('order_hash', '=', hash)
    .where('is_highest', '=', true)
    .executeTakeFirst();
  const amount = top ? (BigInt(top.amount) * 106n) / 100n : 10n ** 12n;
  await timed('POST bid', () => postBid(w.t, w.c, me.wallet, hash, amount));
}

async function buy(w: World): Promise<void> {
  const hash = w.fixed.shift();
  if (!hash) return;
  const buyer = pick(w.people).wallet;
  const status = await timed('POST matchOrder + send', async () => {
    const res = await postBuy(w.t, hash, buyer.address);
    if (res.statusCode !== 200) return res;
    const built = JSON.parse(res.body) as {
      data: { tx: { to: string; data: string; value: string } };
    };
    await sendBuilt(buyer, built.data.tx);
    return res;
  });
  if (status >= 500) return;
  w.fixed.push(await listOne(w, SaleKind.FIXED_PRICE));
}

async function user(w: World, role: number): Promise<void> {
  while (running) {
    if (role % 6 === 5) await buy(w);
    else if (role % 6 === 4) await bid(w);
    else if (role % 3 === 0) await personal(w);
    else await browse(w);
    await new Promise((r) => setTimeout(r, 20 + Math.random() * 80));
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

function heapMb(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed / MB;
}

async function setUp(): Promise<World> {
  const t = await createTestApp(BACKEND, { env: TRADING_ENV });
  const c = await startTradingChain(t);
  const seller = c.wallet(SELLER);
  await c.approve(seller);
  const w: World = {
    t,
    c,
    seller,
    auctions: [],
    auctionNfts: [],
    fixed: [],
    nftIds: [],
    people: [],
  };
  for (let i = 0; i < 5; i++) w.auctions.push(await listOne(w, SaleKind.AUCTION));
  for (let i = 0; i < 5; i++) w.fixed.push(await listOne(w, SaleKind.FIXED_PRICE));
  w.nftIds = (await t.db.selectFrom('nfts').select('id').execute()).map((r) => r.id);
  const auctioned = await t.db
    .selectFrom('orders')
    .select('nft_id')
    .where('order_hash', 'in', w.auctions)
    .execute();
  w.auctionNfts = auctioned.map((r) => Number(r.nft_id));
  for (let i = 0; i < USERS; i++) {
    const wallet = await c.freshWallet('100');
    await c.wrap(wallet, parseEther('50'));
    const account = await createSignedInUser(t);
    const linked = await linkAddress(t, account.auth, wallet);
    if (linked.statusCode !== 200) throw new Error(linked.body);
    w.people.push({ ...account, wallet });
  }
  return w;
}

function report(seconds: number, heap: { warm: number; end: number; rssEnd: number }): boolean {
  const misses: string[] = [];
  console.log(`\nroute                      requests   req/s    p95 ms   p99 ms   4xx   5xx`);
  for (const [route, list] of [...samples].sort()) {
    const sorted = list.map((s) => s.ms).sort((a, b) => a - b);
    const p95 = percentile(sorted, 95);
    const errors = list.filter((s) => s.status >= 500).length;
    const refused = list.filter((s) => s.status >= 400 && s.status < 500).length;
    console.log(
      `${route.padEnd(26)} ${String(list.length).padStart(8)} ${(list.length / seconds).toFixed(1).padStart(7)} ${p95.toFixed(0).padStart(9)} ${percentile(sorted, 99).toFixed(0).padStart(8)} ${String(refused).padStart(5)} ${String(errors).padStart(5)}`,
    );
    const write = route.startsWith('POST');
    const budget = write ? BUDGET.writeP95Ms : BUDGET.readP95Ms;
    if (p95 > budget) misses.push(`${route}: p95 ${p95.toFixed(0)} ms > ${budget} ms`);
    if (errors > BUDGET.serverErrors) misses.push(`${route}: ${errors} 5xx`);
  }
  const growth = heap.end - heap.warm;
  console.log(
    `\nheap after warm-up ${heap.warm.toFixed(0)} MB, at the end ${heap.end.toFixed(0)} MB (growth ${growth.toFixed(0)} MB, budget ${BUDGET.heapGrowthMb} MB); rss ${heap.rssEnd.toFixed(0)} MB`,
  );
  if (growth > BUDGET.heapGrowthMb) misses.push(`heap grew ${growth.toFixed(0)} MB`);
  console.log(misses.length ? `\nMISSED:\n${misses.join('\n')}` : '\nall within budget');
  return misses.length === 0;
}

const w = await setUp();
console.log(
  `soak: ${MINUTES} min, ${USERS} users on ${BACKEND}, budgets ${JSON.stringify(BUDGET)}`,
);
const workers = Array.from({ length: USERS }, (_, i) => user(w, i));
const warmUpMs = Math.min(60_000, MINUTES * 6_000);
await new Promise((r) => setTimeout(r, warmUpMs));
const warm = heapMb();
samples.clear();
const started = Date.now();
await new Promise((r) => setTimeout(r, MINUTES * 60_000 - warmUpMs));
running = false;
await Promise.all(workers);
const ok = report((Date.now() - started) / 1000, {
  warm,
  end: heapMb(),
  rssEnd: process.memoryUsage().rss / MB,
});
await w.c.close();
await w.t.close();
process.exit(ok ? 0 : 1);
