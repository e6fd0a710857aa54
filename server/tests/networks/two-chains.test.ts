/**
 * Two networks in one server, on both database backends: the devnet (7771) and the test chain
 * (97), each a real anvil with the contracts at the same addresses (same deployer, same nonces),
 * indexed at once by the app's two indexers (server/src/indexer/plugin.ts). A reorg on one while
 * the other advances, the test chain's RPC going away (a proxy in front of its node closes) and
 * coming back while the devnet keeps serving, /api/health telling each network's state, and
 * orders and bids bound to their network (a signature for one is refused on the other).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Contract } from 'ethers';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  marketplaceDomain,
  orderToJson,
  SaleKind,
  signBid,
  signOrder,
} from '#contracts/typed-data/index.ts';
import { type App, buildApp } from '#server/app.ts';
import type { NetworkConfig } from '#server/networks.ts';
import { ALL_BACKENDS, describeBackends } from '../helpers/test-app.ts';
import {
  type ChainFixture,
  metadataUri,
  mined,
  ownersVersusChain,
  startChainFixture,
} from '../indexer/fixture.ts';

/** An HTTP proxy to `target` that can be closed (the node "down") and opened again on its port. */
async function rpcProxy(target: string) {
  let server: Server | null = null;
  let port = 0;
  const open = async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        fetch(target, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: Buffer.concat(chunks),
        })
          .then(async (r) => {
            res.writeHead(r.status, { 'content-type': 'application/json' });
            res.end(Buffer.from(await r.arrayBuffer()));
          })
          .catch(() => res.destroy());
      });
    });
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    port = (server!.address() as AddressInfo).port;
  };
  await open();
  return {
    url: () => `http://127.0.0.1:${port}`,
    open,
    async close() {
      const s = server;
      server = null;
      s?.closeAllConnections();
      await new Promise<void>((resolve) => (s ? s.close(() => resolve()) : resolve()));
    },
  };
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 20_000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describeBackends(
  'two networks indexed at once',
  (t) => {
    let devnet: ChainFixture;
    let test97: ChainFixture;
    let proxy: Awaited<ReturnType<typeof rpcProxy>>;
    let app: App;
    let artDevnet: Contract;
    let art97: Contract;

    const nftCount = async (networkId: number) =>
      Number(
        (
          await t.db
            .selectFrom('nfts')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('network_id', '=', networkId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const health = async () =>
      (await app.inject({ method: 'GET', url: '/api/health' })).json<{
        data: { networks: { networkId: number; ok: boolean; lag: number | null }[] };
      }>().data.networks;
    const mint = (collection: Contract, tag: string) =>
      mined(collection.getFunction('mint')(devnet.wallet(5).address, metadataUri({ name: tag })));

    beforeAll(async () => {
      devnet = await startChainFixture(t.db, t.config.databaseUrl);
      test97 = await startChainFixture(t.db, t.config.databaseUrl, { chainId: 97 });
      proxy = await rpcProxy(test97.anvil.url);
      const base = t.config.networks.find((n) => n.networkId === 97)!;
      const served: NetworkConfig[] = [{ ...base, nodeUrl: proxy.url() }];
      app = await buildApp({
        config: { ...t.config, rpcUrl: devnet.anvil.url, chainId: 7771, served },
        database: { db: t.db, backend: t.backend, close: async () => {} },
        migrate: false,
        logger: false,
        indexer: { pollIntervalMs: 50 },
      });
      await app.ready();
      const partner = devnet.wallet(5);
      artDevnet = await devnet.createCollection(partner, { name: 'Devnet art' });
      art97 = await test97.createCollection(test97.wallet(5), { name: 'Test chain art' });
    }, 120_000);
    afterAll(async () => {
      await app?.close();
      await proxy?.close();
      await test97?.close();
      await devnet?.close();
    });

    it('indexes both chains into their own rows, even at the same contract addresses', async () => {
      expect(await art97.getAddress()).toBe(await artDevnet.getAddress());
      expect([...app.indexers.keys()]).toEqual([7771, 97]);
      for (let i = 0; i < 3; i++) await mint(artDevnet, `devnet ${i}`);
      for (let i = 0; i < 2; i++) await mint(art97, `test chain ${i}`);
      await Promise.all([...app.indexers.values()].map((ix) => ix.waitForHead(20_000)));
      expect(await nftCount(7771)).toBe(3);
      expect(await nftCount(97)).toBe(2);
      for (const [chain, id] of [
        [devnet, 7771],
        [test97, 97],
      ] as const) {
        for (const row of await ownersVersusChain(t.db, chain.provider, id)) {
          expect(row.indexed, `${id} ${row.token}`).toEqual(row.chain);
        }
      }
      const lists = await app.inject({
        method: 'GET',
        url: '/api/v2/show/market-nfts?networkId=97',
      });
      expect(lists.json<{ total: number }>().total).toBe(2);
      expect(await health()).toEqual([
        expect.objectContaining({ networkId: 7771, ok: true, lag: 0 }),
        expect.objectContaining({ networkId: 97, ok: true, lag: 0 }),
      ]);
    });

    it('rolls back a reorg on one chain while the other advances', async () => {
      const snapshot = await test97.provider.send('evm_snapshot', []);
      await mint(art97, 'fork A');
      await app.indexers.get(97)!.waitForHead(20_000);
      expect(await nftCount(97)).toBe(3);
      // The test chain forks: its last block is replaced by two others without that mint.
      await test97.provider.send('evm_revert', [snapshot]);
      await test97.provider.send('evm_mine', []);
      await test97.provider.send('evm_mine', []);
      // Meanwhile the devnet goes on.
      await mint(artDevnet, 'devnet during the reorg');
      await Promise.all([...app.indexers.values()].map((ix) => ix.waitForHead(20_000)));
      await until(async () => (await nftCount(97)) === 2);
      expect(await nftCount(7771)).toBe(4);
      for (const row of await ownersVersusChain(t.db, test97.provider, 97)) {
        expect(row.indexed, row.token).toEqual(row.chain);
      }
    });

    it('keeps the devnet indexed and served while the test chain RPC is down, then catches up', async () => {
      await proxy.close();
      await until(() => app.indexers.get(97)!.status().lastError !== null);
      // The devnet goes on being indexed; its lists and health are fine, the test chain says so.
      await mint(artDevnet, 'devnet while 97 is down');
      await app.indexers.get(7771)!.waitForHead(20_000);
      expect(await nftCount(7771)).toBe(5);
      const down = await health();
      expect(down.find((n) => n.networkId === 7771)).toMatchObject({ ok: true, lag: 0 });
      expect(down.find((n) => n.networkId === 97)).toMatchObject({ ok: false });
      const list = await app.inject({
        method: 'GET',
        url: '/api/v2/show/market-nfts?networkId=7771',
      });
      expect(list.statusCode).toBe(200);
      // Blocks made on the test chain while its RPC is unreachable are indexed once it is back.
      await mint(art97, 'made while unreachable');
      await proxy.open();
      await until(() => app.indexers.get(97)!.status().lastError === null, 40_000);
      await app.indexers.get(97)!.waitForHead(20_000);
      expect(await nftCount(97)).toBe(3);
      expect((await health()).every((n) => n.ok)).toBe(true);
    });

    it('refuses an order or a bid signed for the other network, naming it', async () => {
      const partner = devnet.wallet(5);
      const domain7771 = marketplaceDomain(7771, devnet.deployment.exchange);
      const domain97 = marketplaceDomain(97, test97.deployment.exchange);
      const post = (url: string, payload: Record<string, unknown>) =>
        app.inject({ method: 'POST', url, payload, headers: { 'api-key': app.config.apiKey } });
      const order = await devnet.order(artDevnet, partner, [1n]);
      const signed = {
        order: orderToJson(order),
        signature: await signOrder(partner, domain7771, order),
      };
      // Sent for the test chain: refused as the wrong network, naming where it was signed.
      const wrong = await post('/api/v2/orders', { ...signed, networkId: 97 });
      expect(wrong.statusCode, wrong.body).toBe(400);
      expect(wrong.json()).toMatchObject({ code: 'WRONG_NETWORK' });
      expect(wrong.json<{ message: string }>().message).toContain('network 7771');
      // A signature of nobody stays INVALID_SIGNATURE.
      const forged = await post('/api/v2/orders', {
        ...signed,
        networkId: 97,
        signature: await signOrder(devnet.wallet(6), domain97, order),
      });
      expect(forged.json()).toMatchObject({ code: 'INVALID_SIGNATURE' });
      // The same order on its own network is listed.
      const right = await post('/api/v2/orders', { ...signed, networkId: 7771 });
      expect(right.statusCode, right.body).toBe(200);

      const auction = await devnet.order(artDevnet, partner, [2n], { saleKind: SaleKind.AUCTION });
      const listed = await post('/api/v2/orders', {
        order: orderToJson(auction),
        signature: await signOrder(partner, domain7771, auction),
        networkId: 7771,
      });
      expect(listed.statusCode, listed.body).toBe(200);
      const bidder = devnet.wallet(7);
      const bid = { order: auction, bidder: bidder.address, amount: auction.price * 2n };
      const refused = await post('/api/v2/bid/bid', {
        orderHash: listed.json<{ data: { orderHash: string } }>().data.orderHash,
        bidder: bidder.address,
        amount: bid.amount.toString(),
        signature: await signBid(bidder, domain97, bid),
      });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'WRONG_NETWORK' });
      expect(refused.json<{ message: string }>().message).toContain('network 97');
    });

    it('leaves an order of one network alone when the same struct is cancelled on the other', async () => {
      // The order hash is the struct's (no chain in it): the same maker, collection address,
      // token and nonce exist on both chains, so the test chain's OrderCancelled names the
      // devnet listing's hash. Only the test chain's rows may change.
      const partner = devnet.wallet(5);
      const order = await devnet.order(artDevnet, partner, [3n]);
      const listed = await app.inject({
        method: 'POST',
        url: '/api/v2/orders',
        headers: { 'api-key': app.config.apiKey },
        payload: {
          order: orderToJson(order),
          signature: await signOrder(
            partner,
            marketplaceDomain(7771, devnet.deployment.exchange),
            order,
          ),
          networkId: 7771,
        },
      });
      expect(listed.statusCode, listed.body).toBe(200);
      const hash = listed.json<{ data: { orderHash: string } }>().data.orderHash;
      const exchange97 = test97.exchange.connect(test97.wallet(5)) as Contract;
      const receipt = await mined(exchange97.getFunction('cancel')(order));
      const cancelled = receipt.logs.map((l) => test97.exchange.interface.parseLog(l)?.name);
      expect(cancelled).toContain('OrderCancelled');
      await app.indexers.get(97)!.waitForHead(20_000);
      const row = await t.db
        .selectFrom('orders')
        .select(['status', 'network_id'])
        .where('order_hash', '=', hash)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'pending', network_id: 7771 });
      const nft = await t.db
        .selectFrom('nfts')
        .select(['status', 'current_order_hash'])
        .where('network_id', '=', 7771)
        .where('token_id', '=', '3')
        .executeTakeFirstOrThrow();
      expect(nft).toEqual({ status: 'ONSALE', current_order_hash: hash });
    });
  },
  { backends: ALL_BACKENDS },
);
