/**
 * The catalogue answer cache (server/src/plugins/answer-cache.ts): a read served from it is
 * never older than a write the reader made. Each kind of write (like, listing, bid, a buy seen
 * by the indexer) is preceded by a read that the next identical read answers from the cache
 * (x-cache: hit), and followed by a read that shows the write. Then two API nodes on one
 * PostgreSQL: a write on one drops the other's cache through NOTIFY vbc_catalogue.
 */
import { parseEther, type Wallet } from 'ethers';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashOrder, SaleKind } from '#contracts/typed-data/index.ts';
import { type App, buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { createDatabase, type DatabaseHandle } from '#server/db/create-database.ts';
import { migrate } from '#server/db/migrate.ts';
import { createIndexer } from '#server/indexer/indexer.ts';
import { AnswerCache } from '#server/plugins/answer-cache.ts';
import { type PostgresCluster, startPostgresCluster } from '../helpers/postgres-cluster.ts';
import { sharedPostgres } from '../helpers/shared-postgres.ts';
import { ALL_BACKENDS, describeBackends, json, type TestApp } from '../helpers/test-app.ts';
import {
  CHAIN_ID,
  postBid,
  postBuy,
  postListing,
  sendBuilt,
  signedOrder,
  type TradingChain,
  useTradingChain,
} from '../trading/chain-fixture.ts';
import { aliceLikesN1, type Catalogue, seedCatalogue } from './fixtures.ts';
import { settle } from './settle.ts';

type Detail = {
  data: { item_id: number; status: string; likeCount: number; isLiked: boolean; bidCount: number };
};
/** The cache on, on both backends: each listens for its NOTIFY its own way (server/src/db/listen.ts). */
const ON = { backends: ALL_BACKENDS, env: { ANSWER_CACHE: 'true' } };

/** GET twice: the second answer comes from the cache; answers the body. */
async function warm(app: App, url: string): Promise<string> {
  await settle(app);
  const first = await app.inject({ method: 'GET', url });
  expect(first.statusCode, first.body).toBe(200);
  const second = await app.inject({ method: 'GET', url });
  expect(second.headers['x-cache'], app.answerCache.reasons.join()).toBe('hit');
  expect(second.body).toBe(first.body);
  // a hit still answers 304 to its ETag
  const headers = { 'if-none-match': String(second.headers.etag) };
  const revalidated = await app.inject({ method: 'GET', url, headers });
  expect([revalidated.statusCode, revalidated.headers['x-cache']]).toEqual([304, 'hit']);
  return second.body;
}

async function read<T>(app: App, url: string): Promise<T> {
  const res = await app.inject({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['x-cache']).toBe('miss');
  return json<T>(res);
}

describe('AnswerCache', () => {
  it('refuses an answer read before a drop, and serves nothing while not listening', () => {
    const cache = new AnswerCache();
    const entry = { body: '{}', etag: 'W/"x"', type: 'application/json', at: Date.now() };
    cache.set('/a', cache.generation, entry);
    expect(cache.get('/a')).toBeUndefined();
    cache.listening = true;
    const began = cache.generation;
    cache.drop('test');
    cache.set('/a', began, entry);
    expect(cache.get('/a')).toBeUndefined();
    cache.set('/a', cache.generation, entry);
    expect(cache.get('/a')).toBe(entry);
    expect(cache.get('/a', entry.at + 60_000)).toBeUndefined();
    cache.listening = false;
    expect(cache.get('/a')).toBeUndefined();
  });
});

describeBackends(
  'answer cache: a like is seen on the next read',
  (t) => {
    let cat: Catalogue;
    beforeAll(async () => {
      cat = await seedCatalogue(t);
    });

    it('likes an NFT: detail and list show it at once', async () => {
      const detail = `/api/v2/show/market-nft?collectionAddr=${cat.c1Address}&tokenId=1&likeAddress=${cat.alice.address}`;
      const before = json<Detail>({ body: await warm(t.app, detail) }).data;
      await warm(t.app, '/api/v2/show/market-nfts?sort=like&size=24');
      await aliceLikesN1(t, cat);
      const after = (await read<Detail>(t.app, detail)).data;
      expect(after.isLiked).toBe(!before.isLiked);
      expect(after.likeCount).toBe(before.likeCount + (before.isLiked ? -1 : 1));
      await read(t.app, '/api/v2/show/market-nfts?sort=like&size=24');
      // dropped by the like's own announcement, heard before the like was answered
      expect(t.app.answerCache.reasons).not.toContain('write');
      expect(t.app.answerCache.reasons).toContain('nfts');
    });

    /** Alice's mail preferences saved: a write of no catalogue table. */
    async function savePrefs(emailOutbid: boolean): Promise<void> {
      const saved = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/notification/preferences',
        payload: { lang: 'en', emailOutbid, emailWon: true, emailSold: true },
        headers: cat.alice.auth,
      });
      expect(saved.statusCode, saved.body).toBe(200);
    }

    it('a write that changes no catalogue table keeps every cached answer', async () => {
      const list = '/api/v2/show/market-nfts?sort=newest&size=24';
      const body = await warm(t.app, list);
      const drops = t.app.answerCache.drops;
      await savePrefs(false);
      const again = await t.app.inject({ method: 'GET', url: list });
      expect([again.headers['x-cache'], again.body]).toEqual(['hit', body]);
      expect(t.app.answerCache.drops).toBe(drops);
    });

    it('a write whose announcements cannot be heard within a second drops everything', async () => {
      const list = '/api/v2/show/market-nfts?sort=newest&size=24';
      await warm(t.app, list);
      const cache = t.app.answerCache;
      const heard = cache.heard;
      cache.heard = () => new Promise<void>(() => undefined); // a LISTEN connection that hangs
      try {
        const started = Date.now();
        await savePrefs(true);
        expect(Date.now() - started).toBeLessThan(5000);
        expect(cache.reasons.at(-1)).toBe('write');
        await read(t.app, list);
      } finally {
        cache.heard = heard;
      }
    });
  },
  ON,
);

describeBackends(
  'answer cache: an announcement committed elsewhere is heard once `heard` resolves',
  (t) => {
    it('every time, 200 times in a row', async () => {
      await settle(t.app);
      const cache = t.app.answerCache;
      for (let i = 0; i < 200; i++) {
        // committed on a connection of the pool, not the one that listens
        await sql`select pg_notify('vbc_catalogue', ${`probe-${i}`})`.execute(t.db);
        await cache.heard();
        expect(cache.reasons.at(-1)).toBe(`probe-${i}`);
      }
    });
  },
  ON,
);

describeBackends(
  'answer cache: listing, bid and buy are seen on the next read',
  (t: TestApp) => {
    let c: TradingChain;
    let seller: Wallet;
    useTradingChain(t, (chain, s) => {
      c = chain;
      seller = s;
    });
    const detail = (id: bigint) =>
      `/api/v2/show/market-nft?collectionAddr=${c.collection}&tokenId=${id}`;

    it('lists an NFT for sale, then a buy indexed from the chain', async () => {
      const [id] = await c.mint(seller, 1);
      expect(json<Detail>({ body: await warm(t.app, detail(id!)) }).data.status).not.toBe('ONSALE');
      const signed = await signedOrder(c, seller, { tokenIds: [id!], price: parseEther('1') });
      expect((await postListing(t, signed)).statusCode).toBe(200);
      expect((await read<Detail>(t.app, detail(id!))).data.status).toBe('ONSALE');

      await warm(t.app, detail(id!));
      const buyer = await c.freshWallet('5');
      const built = await postBuy(t, hashOrder(signed.order).toLowerCase(), buyer.address);
      await warm(t.app, detail(id!)); // building the transaction wrote nothing
      const tx = json<{ data: { tx: { to: string; data: string; value: string } } }>(built).data;
      expect((await sendBuilt(buyer, tx.tx)).status).toBe(1);
      const indexer = createIndexer({ db: t.db, networkId: CHAIN_ID, rpcUrl: c.anvil.url });
      try {
        await indexer.syncToHead();
      } finally {
        await indexer.stop();
      }
      // the indexer here is not the node's own: its commit reaches the node as a NOTIFY
      await settle(t.app);
      const sold = await t.app.inject({ method: 'GET', url: detail(id!) });
      expect(sold.headers['x-cache']).toBe('miss');
      expect(json<Detail>(sold).data.status).not.toBe('ONSALE');
    });

    /** A new NFT listed at auction (reserve 1 WVBC, ten minutes). */
    async function listAuction() {
      const [id] = await c.mint(seller, 1);
      const signed = await signedOrder(c, seller, {
        tokenIds: [id!],
        saleKind: SaleKind.AUCTION,
        endIn: 600,
      });
      expect((await postListing(t, signed)).statusCode).toBe(200);
      return { id: id!, hash: hashOrder(signed.order).toLowerCase() };
    }

    it('bids on an auction', async () => {
      const { id, hash } = await listAuction();
      const before = json<Detail>({ body: await warm(t.app, detail(id!)) }).data;
      const history = `/api/v2/bid/bid/${before.item_id}`;
      expect(json<{ total: number }>({ body: await warm(t.app, history) }).total).toBe(0);
      const bidder = await c.freshWallet('5');
      await c.wrap(bidder, parseEther('2'));
      // a refusal wrote nothing: the cached answers stay
      const refused = await postBid(t, c, bidder, hash, 1n);
      expect(json<{ code: string }>(refused).code).toBe('BID_BELOW_RESERVE');
      expect((await t.app.inject({ method: 'GET', url: history })).headers['x-cache']).toBe('hit');
      const bid = await postBid(t, c, bidder, hash, ONE_VBC);
      expect(bid.statusCode, bid.body).toBe(200);
      // a bid route writes the catalogue (config.writesCatalogue): dropped at once, no wait
      expect(t.app.answerCache.reasons).toContain('write');
      expect((await read<Detail>(t.app, detail(id!))).data.bidCount).toBe(before.bidCount + 1);
      const bids = await read<{ data: { amount: string }[]; total: number }>(t.app, history);
      expect([bids.total, bids.data[0]?.amount]).toEqual([1, ONE_VBC.toString()]);
      // the bid recorded on chain, as the indexer writes it, drops the history too
      await warm(t.app, history);
      await t.db
        .insertInto('bid_records')
        .values({
          network_id: CHAIN_ID,
          tx_hash: `0x${'ab'.repeat(32)}`,
          log_index: 0,
          block_number: '1',
          order_hash: hash,
          kind: 'RECORDED',
          bidder: bidder.address.toLowerCase(),
          amount: ONE_VBC.toString(),
        })
        .execute();
      await settle(t.app);
      expect((await t.app.inject({ method: 'GET', url: history })).headers['x-cache']).toBe('miss');
    });

    it("keeps an auction's bidding state: refusals from it, a resend still answered", async () => {
      const { hash } = await listAuction();
      const [alice, bob] = [await c.freshWallet('5'), await c.freshWallet('5')];
      await c.wrap(alice, parseEther('3'));
      await c.wrap(bob, parseEther('3'));
      const first = await postBid(t, c, alice, hash, ONE_VBC);
      expect(first.statusCode, first.body).toBe(200);
      await settle(t.app);
      const kept = () => t.app.answerCache.model.states.size;
      const states = kept();
      // beaten by the stored 1 WVBC (1.05 needed): refused, and the state read is kept
      const low = await postBid(t, c, bob, hash, parseEther('1.04'), 'bid', ONE_VBC);
      expect(json<{ code: string }>(low).code).toBe('BID_TOO_LOW');
      expect(kept()).toBe(states + 1);
      const higher = await postBid(t, c, bob, hash, parseEther('1.5'), 'bid', ONE_VBC);
      expect(higher.statusCode, higher.body).toBe(200);
      await settle(t.app);
      // alice's first bid again (the outbox's resend after a lost answer): the same stored bid,
      // not a refusal, though 1.5 WVBC beats it
      const resent = await postBid(t, c, alice, hash, ONE_VBC);
      expect(resent.statusCode, resent.body).toBe(200);
      const idOf = (res: { body: string }) => json<{ data: { id: number } }>(res).data.id;
      expect(idOf(resent)).toBe(idOf(first));
      // a new bid beaten by 1.5 (the state was read again after the drop)
      const beaten = await postBid(t, c, alice, hash, parseEther('1.55'), 'bid', ONE_VBC);
      expect(json<{ code: string }>(beaten).code).toBe('OUTBID_WHILE_BIDDING');
    });
  },
  ON,
);

const ONE_VBC = parseEther('1');

describe('answer cache across API nodes [postgres]', () => {
  let cluster: PostgresCluster;
  const handles: DatabaseHandle[] = [];
  const nodes: App[] = [];
  let cat: Catalogue;

  beforeAll(async () => {
    // The run's cluster, else one of its own (its stop() leaves the run's running).
    cluster = sharedPostgres() ?? (await startPostgresCluster());
    const url = await cluster.createDatabase('answer_cache_nodes');
    for (const name of ['a', 'b']) {
      const database = await createDatabase({ databaseUrl: url, poolMax: 3 });
      handles.push(database);
      if (name === 'a') await migrate(database.db);
      const config = loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATABASE_URL: url,
        JWT_SECRET: 'answer-cache-secret-answer-cache-secret-0123',
        PUBLIC_URL: 'http://marketplace.test',
        RATE_LIMIT_ENABLED: 'false',
      });
      const app = await buildApp({ config, database, migrate: false });
      await app.ready();
      nodes.push(app);
    }
    const [a] = nodes;
    cat = await seedCatalogue({ app: a!, db: handles[0]!.db, config: a!.config } as TestApp);
  });

  afterAll(async () => {
    for (const app of nodes) await app.close();
    for (const handle of handles) await handle.close();
    await cluster?.stop();
  });

  it("a like on node a drops node b's cached answers within a second", async () => {
    const [a, b] = nodes as [App, App];
    const detail = `/api/v2/show/market-nft?collectionAddr=${cat.c1Address}&tokenId=1`;
    const before = json<Detail>({ body: await warm(b, detail) }).data;
    const drops = b.answerCache.drops;
    const liked = await a.inject({
      method: 'POST',
      url: '/api/v2/user/like',
      payload: { target: 'nft', id: cat.nfts.n1, address: cat.alice.address },
      headers: cat.alice.auth,
    });
    expect(liked.statusCode, liked.body).toBe(200);
    const started = Date.now();
    while (b.answerCache.drops === drops && Date.now() - started < 1000) {
      await new Promise((r) => setTimeout(r, 5));
    }
    expect(b.answerCache.drops).toBeGreaterThan(drops);
    const after = (await read<Detail>(b, detail)).data;
    expect(after.likeCount).toBe(before.likeCount + 1);
  });

  it("a like on node a is seen through node b's kept window and rows", async () => {
    const [a, b] = nodes as [App, App];
    const list = '/api/v2/show/market-nfts?sort=like&size=24';
    const likes = (answer: { data: { item_id: number; likeCount: number }[] }) =>
      answer.data.find((i) => i.item_id === cat.nfts.n2)?.likeCount;
    const before = likes(await read(b, list));
    expect(b.answerCache.model.windows.size).toBeGreaterThan(0);
    const drops = b.answerCache.drops;
    const liked = await a.inject({
      method: 'POST',
      url: '/api/v2/user/like',
      payload: { target: 'nft', id: cat.nfts.n2, address: cat.bob.address },
      headers: cat.bob.auth,
    });
    expect(liked.statusCode, liked.body).toBe(200);
    const started = Date.now();
    while (b.answerCache.drops === drops && Date.now() - started < 1000) {
      await new Promise((r) => setTimeout(r, 5));
    }
    const stored = await handles[0]!.db
      .selectFrom('nfts')
      .select('likes_count')
      .where('id', '=', cat.nfts.n2)
      .executeTakeFirstOrThrow();
    expect(stored.likes_count).not.toBe(before);
    expect(likes(await read(b, `${list}&page=1`))).toBe(stored.likes_count);
  });

  it('a row written by the indexer or a script (no route) drops every node', async () => {
    const url = '/api/v2/show/market-collections?sort=like';
    for (const node of nodes) await warm(node, url);
    const drops = nodes.map((n) => n.answerCache.drops);
    await handles[0]!.db
      .updateTable('collections')
      .set({ name: 'Renamed by the indexer' })
      .where('address', '=', cat.c1Address.toLowerCase())
      .execute();
    const started = Date.now();
    while (nodes.some((n, i) => n.answerCache.drops === drops[i]) && Date.now() - started < 1000) {
      await new Promise((r) => setTimeout(r, 5));
    }
    for (const node of nodes) {
      expect(JSON.stringify(await read<unknown>(node, url))).toContain('Renamed by the indexer');
    }
  });

  it("a row written by the indexer is seen through every node's kept window and rows", async () => {
    const url = '/api/v2/show/market-collections?sort=newest';
    for (const node of nodes) await read(node, url);
    const drops = nodes.map((n) => n.answerCache.drops);
    await handles[0]!.db
      .updateTable('collections')
      .set({ name: 'Renamed again by the indexer' })
      .where('address', '=', cat.c1Address.toLowerCase())
      .execute();
    const started = Date.now();
    while (nodes.some((n, i) => n.answerCache.drops === drops[i]) && Date.now() - started < 1000) {
      await new Promise((r) => setTimeout(r, 5));
    }
    for (const node of nodes) {
      const again = JSON.stringify(await read<unknown>(node, `${url}&page=1`));
      expect(again).toContain('Renamed again by the indexer');
    }
  });
});
