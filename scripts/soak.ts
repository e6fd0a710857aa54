/**
 * `npm run soak`: mixed traffic for SOAK_MINUTES (default 10): users browsing (lists, details,
 * search, activity), liking, reading their notifications, bidding on auctions (signed bids) and
 * buying fixed-price listings on chain. Prints requests, throughput, p95 and p99 and errors per
 * route, and the server's memory after the warm-up and at the end, against the budgets below.
 * Exit 1 on a miss. Not part of `npm test` (its short versions are the server's load and fault
 * tests).
 * - SOAK_URL set: against a running `npm start` over HTTP, on its demo catalogue
 *   (scripts/lib/soak-http.ts; memory: the server process's resident size). Start it with
 *   RATE_LIMIT_ENABLED=false: every soak user comes from this one address.
 * - else in this process: the real server (PostgreSQL, or SOAK_DB=pglite), its chain on anvil
 *   and the trading fixture of server/tests/trading (the seller lists a new one after each sale;
 *   memory: this process's heap, the server's included).
 *
 *   RATE_LIMIT_ENABLED=false PORT=3000 npm start    # then:
 *   SOAK_URL=http://127.0.0.1:3000 CHAIN_PORT=8545 SOAK_MINUTES=3 npm run soak
 *   SOAK_MINUTES=2 SOAK_USERS=12 npm run soak
 */
import { parseEther, type Wallet } from 'ethers';
import { hashOrder, SaleKind } from '#contracts/typed-data/index.ts';
import {
  type Client,
  type HttpWorld,
  type Reply,
  type SoakUser,
  startHttpWorld,
} from '#scripts/lib/soak-http.ts';
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
import { scriptEnv } from './lib/config.ts';

const MINUTES = scriptEnv.soakMinutes(10);
const USERS = scriptEnv.soakUsers(12);
const BACKEND = scriptEnv.soakDb() === 'pglite' ? 'pglite' : 'postgres';
const SOAK_URL = scriptEnv.soakUrl();
/** Memory: heap growth in this process; resident-size growth of the server process over HTTP. */
const BUDGET = {
  serverErrors: 0,
  readP95Ms: 300,
  writeP95Ms: 1500,
  memoryGrowthMb: SOAK_URL ? 128 : 64,
};
const MB = 1024 * 1024;

type Sample = { ms: number; status: number; code?: string };
const samples = new Map<string, Sample[]>();
let running = true;

async function timed(
  route: string,
  call: () => Promise<{ statusCode: number; body?: string }>,
): Promise<number> {
  const started = performance.now();
  let status = 0;
  let code: string | undefined;
  try {
    const res = await call();
    status = res.statusCode;
    if (status >= 400) code = /"code":"([A-Z_]+)"/.exec(res.body ?? '')?.[1];
  } catch (error) {
    status = 599; // the call itself failed (a chain or transport error)
    code = (error as { code?: string }).code ?? 'THROWN';
  }
  const list = samples.get(route) ?? [];
  list.push({ ms: performance.now() - started, status, ...(code ? { code } : {}) });
  samples.set(route, list);
  return status;
}

const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)] as T;

/** What the users act through: the routes, a bid, a buy, the memory to watch. */
type Soak = {
  call: Client;
  people: SoakUser[];
  nftIds: number[];
  auctionNfts: number[];
  bid(): Promise<void>;
  buy(): Promise<void>;
  memoryMb(): number;
  close(): Promise<void>;
};

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

async function browse(w: Soak): Promise<void> {
  const get = (route: string, url: string) => timed(route, () => w.call({ url }));
  const kind = Math.random();
  if (kind < 0.35)
    await get('GET market-nfts', '/api/v2/show/market-nfts?page=1&size=20&sort=newest');
  else if (kind < 0.55) await get('GET hot-nfts', '/api/v2/show/hot-nfts?page=1&size=12');
  else if (kind < 0.75) await get('GET search', `/api/v2/search?q=${pick(['a', 'Soak', 'nft'])}`);
  else if (kind < 0.9) await get('GET activity', '/api/v2/activity?page=1&size=20');
  else await get('GET bids of item', `/api/v2/bid/bid/${pick(w.auctionNfts)}?page=1&size=10`);
}

async function personal(w: Soak): Promise<void> {
  const me = pick(w.people);
  if (Math.random() < 0.5) {
    await timed('POST like', () =>
      w.call({
        method: 'POST',
        url: '/api/v2/user/like',
        headers: me.auth,
        payload: { target: 'nft', id: pick(w.nftIds), address: me.wallet.address },
      }),
    );
  } else {
    await timed('GET notifications', () =>
      w.call({ url: '/api/v1/notification?page=1&size=20', headers: me.auth }),
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

/**
 * The in-process buys send from plain wallets (each asks the node for its nonce): two buys from
 * one wallet at once, or the seller's two relistings, took the same nonce and the second failed
 * as "replacement transaction underpriced". Chain sends go one at a time, as over HTTP.
 */
let chainTurn: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(send: () => Promise<T>): Promise<T> {
  const turn = chainTurn.then(send);
  chainTurn = turn.catch(() => undefined);
  return turn;
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
    await oneAtATime(() => sendBuilt(buyer, built.data.tx));
    return res;
  });
  if (status >= 500) return;
  w.fixed.push(await oneAtATime(() => listOne(w, SaleKind.FIXED_PRICE)));
}

async function user(w: Soak, role: number): Promise<void> {
  while (running) {
    if (role % 6 === 5) await w.buy();
    else if (role % 6 === 4) await w.bid();
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

/** In this process: the test app, its anvil and the trading fixture. */
async function inProcess(): Promise<Soak> {
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
  return {
    call: (c) =>
      t.app.inject({
        method: c.method ?? 'GET',
        url: c.url,
        ...(c.headers ? { headers: c.headers } : {}),
        ...(c.payload === undefined ? {} : { payload: c.payload as object }),
      }),
    people: w.people,
    nftIds: w.nftIds,
    auctionNfts: w.auctionNfts,
    bid: () => bid(w),
    buy: () => buy(w),
    memoryMb: heapMb,
    async close() {
      await c.close();
      await t.close();
    },
  };
}

/** Over HTTP against a running `npm start` (SOAK_URL). */
async function overHttp(base: string): Promise<Soak> {
  const h: HttpWorld = await startHttpWorld(base, USERS);
  const busy = new Set<SoakUser>();
  return {
    call: h.call,
    people: h.people,
    nftIds: h.nftIds,
    auctionNfts: h.auctions.map((a) => a.nftId),
    bid: async () => {
      await timed('POST bid', () => h.bid(pick(h.people), pick(h.auctions)));
      // A person's pace: each bid is 6% over the last, so bids as fast as the loop would
      // outgrow every wallet within minutes (the API's bid rate is the bid-load test's).
      await new Promise((r) => setTimeout(r, 2000 + Math.random() * 3000));
    },
    buy: async () => {
      const item = h.fixed.shift();
      if (!item) return;
      // one transaction at a time per wallet: a buyer not busy with another buy
      const me = pick(h.people.filter((p) => !busy.has(p)));
      busy.add(me);
      try {
        await buyAs(me, item);
      } finally {
        busy.delete(me);
      }
    },
    memoryMb: h.serverRssMb,
    close: async () => h.close(),
  };

  /** The server's parts (the built transaction, the new listing) timed apart from the chain's. */
  async function buyAs(me: SoakUser, item: (typeof h.fixed)[number]): Promise<void> {
    let built: Reply = { statusCode: 0, body: '' };
    await timed('POST matchOrder', async () => {
      built = await h.buildBuy(me, item);
      return built;
    });
    if (built.statusCode !== 200) return;
    if ((await timed('chain: send buy', () => h.sendBuy(me, built))) !== 200) return;
    const relisting = await h.relisting(me, item).catch(() => null);
    if (relisting) await timed('POST orders (list again)', () => h.listAgain(relisting));
  }
}

function report(seconds: number, memory: { warm: number; end: number }): boolean {
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
    const codes = new Map<string, number>();
    for (const s of list) if (s.code) codes.set(s.code, (codes.get(s.code) ?? 0) + 1);
    if (codes.size) {
      const text = [...codes].map(([c, n]) => `${c} ${n}`).join(', ');
      console.log(`${''.padEnd(27)}refused or failed: ${text}`);
    }
    // A chain step waits for blocks (the node's block time): counted, not held to the API's budget.
    const chain = route.startsWith('chain');
    const budget = chain
      ? Infinity
      : route.startsWith('POST')
        ? BUDGET.writeP95Ms
        : BUDGET.readP95Ms;
    if (p95 > budget) misses.push(`${route}: p95 ${p95.toFixed(0)} ms > ${budget} ms`);
    // a chain step's failure (599: reverted, short of funds) is the chain's answer, not a 5xx
    if (!chain && errors > BUDGET.serverErrors) misses.push(`${route}: ${errors} 5xx`);
  }
  const growth = memory.end - memory.warm;
  const what = SOAK_URL ? 'server resident size' : 'heap (this process, server included)';
  console.log(
    `\n${what} after warm-up ${memory.warm.toFixed(0)} MB, at the end ${memory.end.toFixed(0)} MB (growth ${growth.toFixed(0)} MB, budget ${BUDGET.memoryGrowthMb} MB)`,
  );
  if (growth > BUDGET.memoryGrowthMb) misses.push(`memory grew ${growth.toFixed(0)} MB`);
  console.log(misses.length ? `\nMISSED:\n${misses.join('\n')}` : '\nall within budget');
  return misses.length === 0;
}

const w = SOAK_URL ? await overHttp(SOAK_URL) : await inProcess();
const start = w.memoryMb();
console.log(
  `soak: ${MINUTES} min, ${USERS} users ${SOAK_URL ? `against ${SOAK_URL}` : `on ${BACKEND}`}, budgets ${JSON.stringify(BUDGET)}; memory at start ${start.toFixed(0)} MB`,
);
const workers = Array.from({ length: USERS }, (_, i) => user(w, i));
const warmUpMs = Math.min(60_000, MINUTES * 6_000);
await new Promise((r) => setTimeout(r, warmUpMs));
const warm = w.memoryMb();
samples.clear();
const started = Date.now();
await new Promise((r) => setTimeout(r, MINUTES * 60_000 - warmUpMs));
running = false;
await Promise.all(workers);
const ok = report((Date.now() - started) / 1000, { warm, end: w.memoryMb() });
await w.close();
process.exit(ok ? 0 : 1);
