/**
 * The catalogue per network, on both backends, over the seeded catalogue (two networks: the
 * devnet 7771 and the test chain 97, ../catalogue/fixtures.ts): every list that takes `networkId`
 * answers only that network's rows (the two networks' totals make the whole), and a network that
 * does not exist is UNKNOWN_NETWORK ('Wrong network'), not an empty page.
 */
import { beforeAll, expect, it } from 'vitest';
import { ERRORS } from '#server/errors.ts';
import { type Catalogue, DEVNET, seedCatalogue, TESTNET } from '../catalogue/fixtures.ts';
import { insertBid, insertCollection, insertNft, insertOrder } from '../catalogue/insert-rows.ts';
import { ALL_BACKENDS, describeBackends, json } from '../helpers/test-app.ts';

type Page = { data: Record<string, unknown>[]; total: number };

describeBackends(
  'catalogue per network',
  (t) => {
    let cat: Catalogue;
    beforeAll(async () => {
      cat = await seedCatalogue(t);
      // Bob's auction of his test chain NFT and Alice's bid on it: the order and bid lists then
      // hold rows of both networks (the fixture's others are the devnet's).
      const orderHash = `0x${'97'.repeat(32)}`;
      await insertOrder(t.db, {
        order_hash: orderHash,
        network_id: TESTNET,
        maker: cat.bob.address,
        sale_kind: 'AUCTION',
        target: 'NFT',
        nft_id: cat.nfts.n13,
        price: '500',
        payment_token: `0x${'bb'.repeat(20)}`,
        start_time: new Date(),
        end_time: new Date(Date.now() + 86_400_000),
        message: JSON.stringify({ price: '500' }),
        signature: `0x${'97'.repeat(65)}`,
      });
      await insertBid(t.db, {
        order_hash: orderHash,
        network_id: TESTNET,
        bidder: cat.alice.address,
        amount: '600',
        message: JSON.stringify({ amount: '600' }),
        signature: `0x${'98'.repeat(65)}`,
        is_highest: true,
      });
    });
    const get = (url: string, query: Record<string, string | number> = {}) =>
      t.app.inject({
        method: 'GET',
        url,
        query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
        headers: { 'marketplace-key': t.config.marketplaceKey },
      });
    const page = async (url: string, query: Record<string, string | number>) => {
      const res = await get(url, query);
      expect(res.statusCode, `${url} ${JSON.stringify(query)} ${res.body}`).toBe(200);
      return json<Page>(res);
    };

    /** Every paged list that takes networkId, with the query it needs. */
    const lists = (): [string, Record<string, string | number>][] => [
      ['/api/v2/show/market-nfts', { size: 24 }],
      ['/api/v2/show/market-nfts-unique', { size: 24, owner: cat.alice.address }],
      ['/api/v2/show/hot-nfts', { size: 12 }],
      ['/api/v2/show/top-onsale', { size: 12 }],
      ['/api/v2/show/market-collections', { size: 24 }],
      ['/api/v2/show/market-sets', { size: 24 }],
      ['/api/v2/show/market-bundles', { size: 24 }],
      ['/api/v2/activity', { size: 24 }],
      [`/api/v2/user/my-orders/${cat.bob.address}`, {}],
      [`/api/v2/bid/bids-by-bidder/${cat.alice.address}`, {}],
    ];

    it('answers only the named network: its rows, and the two networks make the whole', async () => {
      let testnetRows = 0;
      for (const [url, query] of lists()) {
        const all = await page(url, query);
        const devnet = await page(url, { ...query, networkId: DEVNET });
        const testnet = await page(url, { ...query, networkId: TESTNET });
        expect(devnet.total + testnet.total, url).toBe(all.total);
        for (const [id, answer] of [
          [DEVNET, devnet],
          [TESTNET, testnet],
        ] as const) {
          for (const row of answer.data) {
            if ('networkId' in row) expect(row.networkId, url).toBe(id);
          }
        }
        testnetRows += testnet.total;
      }
      // The fixture has rows on the test chain: the filter is not trivially empty.
      expect(testnetRows).toBeGreaterThan(0);
    });

    it('searches one network’s collections and NFTs when named', async () => {
      type Found = { data: Record<'collections' | 'nfts', { networkId: number }[]> };
      const search = async (query: Record<string, string | number>) => {
        const res = await get('/api/v2/show/search', { q: 'r', size: 12, ...query });
        expect(res.statusCode, res.body).toBe(200);
        return json<Found>(res).data;
      };
      const all = await search({});
      const networks = (found: Found['data']) =>
        new Set([...found.collections, ...found.nfts].map((x) => x.networkId));
      expect(networks(all)).toEqual(new Set([DEVNET, TESTNET]));
      expect(networks(await search({ networkId: TESTNET }))).toEqual(new Set([TESTNET]));
      expect(networks(await search({ networkId: DEVNET }))).toEqual(new Set([DEVNET]));
    });

    it('refuses a network that does not exist on every list, detail and per-bidder total', async () => {
      const urls: [string, Record<string, string | number>][] = [
        ...lists(),
        ['/api/v2/show/market-collection', { id: cat.collections.c1 }],
        [`/api/v2/bid/bids-by-bidder/${cat.alice.address}`, {}],
        [`/api/v2/bid/totalHighestBidBalance/${cat.alice.address}`, { useWrapper: 1 }],
        ['/api/v2/show/search', { q: 'r' }],
      ];
      for (const [url, query] of urls) {
        const res = await get(url, { ...query, networkId: 424242 });
        expect(res.statusCode, `${url} ${res.body}`).toBe(404);
        expect(json(res), url).toMatchObject({
          code: 'UNKNOWN_NETWORK',
          message: ERRORS.UNKNOWN_NETWORK.message,
        });
      }
    });

    it('tells apart two networks holding the same address: by networkId, else the primary’s', async () => {
      // The test chain has a contract at c1's address too (one deployer, the same nonces).
      const devnet = json<{ data: { name: string; tokenId: string } }>(
        await get('/api/v2/show/market-nft', { collectionAddr: cat.c1Address, tokenId: 1 }),
      ).data;
      const twin = await insertCollection(t.db, {
        network_id: TESTNET,
        address: cat.c1Address,
        name: 'Twin collection',
        creator: cat.alice.address,
      });
      await insertNft(t.db, {
        network_id: TESTNET,
        collection_id: twin,
        collection_address: cat.c1Address,
        token_id: devnet.tokenId,
        owner: cat.alice.address,
        creator: cat.alice.address,
        name: 'Twin on the test chain',
        image: '/images/twin.svg',
        status: 'NOTFORSALE',
        base_type: 'image',
      });
      const detail = async (query: Record<string, string | number>) => {
        const res = await get('/api/v2/show/market-nft', {
          collectionAddr: cat.c1Address,
          tokenId: devnet.tokenId,
          ...query,
        });
        expect(res.statusCode, res.body).toBe(200);
        return json<{ data: { name: string; networkId: number } }>(res).data;
      };
      expect(await detail({})).toMatchObject({ name: devnet.name, networkId: DEVNET });
      expect(await detail({ networkId: DEVNET })).toMatchObject({ name: devnet.name });
      expect(await detail({ networkId: TESTNET })).toMatchObject({
        name: 'Twin on the test chain',
        networkId: TESTNET,
      });
      // The collection by its address likewise.
      const collection = async (query: Record<string, string | number>) => {
        const res = await get('/api/v2/show/market-collection', { id: cat.c1Address, ...query });
        expect(res.statusCode, res.body).toBe(200);
        return json<{ data: { name: string } }>(res).data.name;
      };
      expect(await collection({})).toBe('Alpha Art');
      expect(await collection({ networkId: TESTNET })).toBe('Twin collection');
    });
  },
  { backends: ALL_BACKENDS },
);
