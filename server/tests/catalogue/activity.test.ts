/**
 * Activity, provenance, bid reads, order history, users, properties, inspection reports and
 * diaries, read-only over one seeded catalogue per backend.
 */
import { Wallet } from 'ethers';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, type ErrorCode } from '#server/errors.ts';
import { ALL_BACKENDS, describeBackends, json, TEST_MARKETPLACE_KEY } from '../helpers/test-app.ts';
import { type Catalogue, DEVNET, seedCatalogue } from './fixtures.ts';

type Page<T = Record<string, unknown>> = { data: T[]; total: number; page: number; size: number };

describeBackends(
  'catalogue activity, bids, orders, users, content',
  (t) => {
    let cat: Catalogue;
    beforeAll(async () => {
      cat = await seedCatalogue(t);
    });

    const get = (
      url: string,
      query: Record<string, string | number> = {},
      headers: Record<string, string> = {},
    ) =>
      t.app.inject({
        method: 'GET',
        url,
        headers,
        query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
      });
    const expectError = (
      res: { statusCode: number; body: string },
      status: number,
      code: ErrorCode,
    ) => {
      expect(res.statusCode, res.body).toBe(status);
      expect(json(res)).toMatchObject({ statusCode: status, code, message: ERRORS[code].message });
    };
    const types = (body: Page<{ type: string }>) => body.data.map((a) => a.type);

    describe('provenance', () => {
      it('lists an NFT’s MINT, LIST, PURCHASE, BUY newest first and leaves likes out', async () => {
        const res = await get('/api/v2/show/provenance', { item_id: cat.nfts.n4 });
        expect(res.statusCode).toBe(200);
        const body =
          json<Page<{ type: string; price: string | null; from: string | null; to: string }>>(res);
        expect(types(body)).toEqual(['BUY', 'PURCHASE', 'LIST', 'MINT']);
        expect(body).toMatchObject({ total: 4, page: 1, size: 20 });
        expect(body.data[0]).toMatchObject({
          price: '200',
          from: cat.alice.address,
          to: cat.carol.address,
        });
        expectError(await get('/api/v2/show/provenance', { item_id: 999999 }), 404, 'NOT_FOUND');
        expectError(await get('/api/v2/show/provenance'), 400, 'REQUIRED_FIELD');
      });
    });

    describe('activity', () => {
      it('defaults to page 1, size 20, newest first, every type', async () => {
        const body = json<Page<{ type: string }>>(await get('/api/v2/activity'));
        expect(body).toMatchObject({ total: 10, page: 1, size: 20 });
        expect(types(body)[0]).toBe('BID');
        expect(types(body).at(-1)).toBe('MINT');
      });

      it.each([
        ['listings', ['LIST']],
        ['purchase', ['BUY', 'PURCHASE']],
        ['transfer', ['TRANSFER']],
        ['likes', ['LIKE']],
        ['bids', ['BID', 'BID']],
        ['revokes', ['REVOKE']],
        ['LIST', ['LIST']],
        ['bids,revokes', ['BID', 'REVOKE', 'BID']],
      ])('filters a collection’s activity by %s', async (type, expected) => {
        const body = json<Page<{ type: string }>>(
          await get('/api/v2/activity', { collectionAddr: cat.c1Address, type }),
        );
        expect(types(body)).toEqual(expected);
        expect(body.total).toBe(expected.length);
      });

      it('filters by item, set, address and network, and pages', async () => {
        const item = json<Page<{ type: string }>>(
          await get('/api/v2/activity', { item_id: cat.nfts.n4 }),
        );
        expect(types(item)).toEqual(['LIKE', 'BUY', 'PURCHASE', 'LIST', 'MINT']);
        const set = json<Page<{ type: string; setId: number }>>(
          await get('/api/v2/activity', { setId: cat.sets.s1 }),
        );
        expect(set.data.map((a) => [a.type, a.setId])).toEqual([['BID', cat.sets.s1]]);
        const carol = json<Page<{ type: string }>>(
          await get('/api/v2/activity', { address: cat.carol.address }),
        );
        expect(types(carol)).toEqual(['BID', 'TRANSFER', 'BUY', 'PURCHASE']);
        const page2 = json<Page<{ type: string }>>(
          await get('/api/v2/activity', { size: 3, page: 4 }),
        );
        expect(types(page2)).toEqual(['MINT']);
        const other = json<Page>(await get('/api/v2/activity', { networkId: 97 }));
        expect(other.total).toBe(0);
        expect(json<Page>(await get('/api/v2/activity', { networkId: DEVNET })).total).toBe(10);
      });

      it('refuses unknown types and sizes above 50 with 400', async () => {
        expectError(await get('/api/v2/activity', { type: 'sales' }), 400, 'VALIDATION_FAILED');
        expectError(await get('/api/v2/activity', { size: 51 }), 400, 'VALIDATION_FAILED');
      });
    });

    describe('bid reads', () => {
      it('bid history of an NFT: its bids newest first, the highest flagged', async () => {
        const res = await get(`/api/v2/bid/bid/${cat.nfts.n2}`);
        expect(res.statusCode).toBe(200);
        const body = json<Page<{ bidder: string; amount: string; isHighest: boolean }>>(res);
        expect(body.data.map((b) => [b.bidder, b.amount, b.isHighest])).toEqual([
          [cat.alice.address, '110', true],
          [cat.carol.address, '100', false],
        ]);
        expect(body).toMatchObject({ total: 2, page: 1, size: 12 });
        // a page past the end: no bids, the total still counted (apart from the page)
        const past = json<Page<unknown>>(await get(`/api/v2/bid/bid/${cat.nfts.n2}?page=3&size=1`));
        expect(past).toMatchObject({ data: [], total: 2, page: 3, size: 1 });
        expectError(await get('/api/v2/bid/bid/999999'), 404, 'NOT_FOUND');
        expectError(await get('/api/v2/bid/bid/abc'), 400, 'VALIDATION_FAILED');
        // GET bid/bid?item_id=: the same history by item_id, a refusal without it
        const byQuery = await get(`/api/v2/bid/bid?item_id=${cat.nfts.n2}`);
        expect(byQuery.statusCode).toBe(200);
        expect(json<unknown>(byQuery)).toEqual(body);
        expectError(await get('/api/v2/bid/bid'), 400, 'REQUIRED_FIELD');
        expectError(await get('/api/v2/bid/bid?item_id=999999'), 404, 'NOT_FOUND');
      });

      it('bid history of a set at bid-set/{id} and bidSet/{id}', async () => {
        for (const path of ['bid-set', 'bidSet']) {
          const body = json<Page<{ amount: string }>>(
            await get(`/api/v2/bid/${path}/${cat.sets.s1}`),
          );
          expect(body.data.map((b) => b.amount)).toEqual(['500']);
        }
        expectError(await get('/api/v2/bid/bid-set/999999'), 404, 'NOT_FOUND');
      });

      it('bids-by-bidder/{bidder}: what each bid is on, locked or not, type and isLocked filters', async () => {
        const res = await get(`/api/v2/bid/bids-by-bidder/${cat.alice.address}`);
        expect(res.statusCode, res.body).toBe(200);
        const body = json<Page<Record<string, unknown>>>(res);
        expect(body.total).toBe(2);
        expect(
          body.data.map((b) => [b.amount, b.item_id, b.name, b.isLocked, b.orderStatus]),
        ).toEqual([
          ['50', cat.nfts.n3, 'Moonlight', false, 'end'],
          ['110', cat.nfts.n2, 'Sunrise #2', true, 'pending'],
        ]);
        const locked = json<Page<{ amount: string }>>(
          await get(`/api/v2/bid/bids-by-bidder/${cat.alice.address}`, { isLocked: 1 }),
        );
        expect(locked.data.map((b) => b.amount)).toEqual(['110']);
        const unlocked = json<Page<{ amount: string }>>(
          await get(`/api/v2/bid/bids-by-bidder/${cat.alice.address}`, { isLocked: 0 }),
        );
        expect(unlocked.data.map((b) => b.amount)).toEqual(['50']);
        const carolSets = json<Page<{ target: string; name: string; setId: number }>>(
          await get(`/api/v2/bid/bids-by-bidder/${cat.carol.address}`, { type: 'SET' }),
        );
        expect(carolSets.data.map((b) => [b.target, b.name, b.setId])).toEqual([
          ['SET', 'Trio', cat.sets.s1],
        ]);
        expectError(await get('/api/v2/bid/bids-by-bidder/0x12'), 400, 'VALIDATION_FAILED');
      });

      it('bids-by-bidder without an address: the signed-in account’s addresses (bearer)', async () => {
        expectError(await get('/api/v2/bid/bids-by-bidder'), 401, 'UNAUTHORIZED');
        const mine = json<Page>(await get('/api/v2/bid/bids-by-bidder', {}, cat.carol.auth));
        expect(mine.total).toBe(2);
      });

      it('totalHighestBidBalance: the sum of bids highest on unsettled auctions, in wei', async () => {
        const alice = await get(`/api/v2/bid/totalHighestBidBalance/${cat.alice.address}`, {
          networkId: DEVNET,
        });
        expect(alice.statusCode, alice.body).toBe(200);
        expect(json(alice)).toEqual({ data: '110' });
        const carol = await get(`/api/v2/bid/totalHighestBidBalance/${cat.carol.address}`, {
          networkId: DEVNET,
          useWrapper: 1,
          paymentMethod: '0x0000000000000000000000000000000000000001',
        });
        expect(json(carol)).toEqual({ data: '500' });
        const nobody = await get(
          `/api/v2/bid/totalHighestBidBalance/${Wallet.createRandom().address}`,
          {
            networkId: DEVNET,
          },
        );
        expect(json(nobody)).toEqual({ data: '0' });
        const elsewhere = await get(`/api/v2/bid/totalHighestBidBalance/${cat.alice.address}`, {
          networkId: 97,
        });
        expect(json(elsewhere)).toEqual({ data: '0' });
      });
    });

    describe('order history', () => {
      it('my-orders/{addressBC}: made or filled by the address, type and status narrow', async () => {
        const all = json<Page<{ orderHash: string }>>(
          await get(`/api/v2/user/my-orders/${cat.alice.address}`),
        );
        expect(all.data.map((o) => o.orderHash)).toEqual([cat.orders.o4, cat.orders.o3]);
        const carol = json<Page<{ orderHash: string; taker: string }>>(
          await get(`/api/v2/user/my-orders/${cat.carol.address}`, { type: 'buy' }),
        );
        expect(carol.data.map((o) => [o.orderHash, o.taker])).toEqual([
          [cat.orders.o4, cat.carol.address],
        ]);
        expect(
          json<Page>(await get(`/api/v2/user/my-orders/${cat.carol.address}`, { type: 'sell' }))
            .total,
        ).toBe(0);
        const pending = json<Page<{ orderHash: string }>>(
          await get(`/api/v2/user/my-orders/${cat.bob.address}`, { status: 'pending' }),
        );
        expect(pending.data.map((o) => o.orderHash)).toEqual([cat.orders.o2, cat.orders.o1]);
        expectError(
          await get(`/api/v2/user/my-orders/${cat.bob.address}`, { type: 'gift' }),
          400,
          'VALIDATION_FAILED',
        );
      });

      it('my-orders (bearer): over the signed-in account’s addresses', async () => {
        expectError(await get('/api/v2/user/my-orders'), 401, 'UNAUTHORIZED');
        const mine = json<Page<{ orderHash: string }>>(
          await get('/api/v2/user/my-orders', { type: 'sell' }, cat.bob.auth),
        );
        expect(mine.data.map((o) => o.orderHash)).toEqual([
          cat.orders.o5,
          cat.orders.o2,
          cat.orders.o1,
        ]);
      });
    });

    describe('users', () => {
      it('lists featured creators (isCreator 1), page 1 size 12', async () => {
        const res = await get('/api/v2/user', { page: 1, size: 12, isCreator: 1 });
        expect(res.statusCode).toBe(200);
        const body = json<Page<{ id: number; isCreator: boolean; bcAddresses: string[] }>>(res);
        expect(body.data.map((u) => u.id).sort()).toEqual([cat.alice.id, cat.bob.id].sort());
        expect(body.data.every((u) => u.isCreator)).toBe(true);
        expect(body).toMatchObject({ total: 2, page: 1, size: 12 });
      });

      it('finds one user by id or address (the client uses the first entry); none → empty data', async () => {
        const byId = json<Page<{ id: number; bcAddresses: string[] }>>(
          await get('/api/v2/user', { id: cat.carol.id }),
        );
        expect(byId.data.map((u) => [u.id, u.bcAddresses])).toEqual([
          [cat.carol.id, [cat.carol.address]],
        ]);
        const byAddress = json<Page<{ id: number }>>(
          await get('/api/v2/user', { address: cat.bob.address }),
        );
        expect(byAddress.data.map((u) => u.id)).toEqual([cat.bob.id]);
        const none = await get('/api/v2/user', { id: 999999 });
        expect(none.statusCode).toBe(200);
        expect(json<Page>(none)).toMatchObject({ data: [], total: 0 });
        expectError(await get('/api/v2/user', { isCreator: 'yes' }), 400, 'VALIDATION_FAILED');
        expectError(await get('/api/v2/user', { name: '\u0000' }), 400, 'VALIDATION_FAILED');
      });

      it('never shows e-mails or password hashes', async () => {
        const res = await get('/api/v2/user', { size: 24 });
        expect(res.body).not.toMatch(/password|email|@example\.test/i);
      });
    });

    describe('properties and inspection reports (marketplace-key header)', () => {
      const key = { 'marketplace-key': TEST_MARKETPLACE_KEY };

      it('properties of an NFT (display order) or a set', async () => {
        const res = await get('/api/v1/nft/properties', { item_id: cat.nfts.n1 }, key);
        expect(res.statusCode).toBe(200);
        expect(
          json<{ data: { traitType: string; value: string; rarityBps: number | null }[] }>(res)
            .data,
        ).toMatchObject([
          { traitType: 'Size', value: 'Large', rarityBps: 1200 },
          { traitType: 'Colour', value: 'Gold', rarityBps: null },
        ]);
        const set = json<{ data: { traitType: string }[] }>(
          await get('/api/v1/nft/properties', { set_id: cat.sets.s1 }, key),
        );
        expect(set.data.map((p) => p.traitType)).toEqual(['Edition']);
        const none = json<{ data: unknown[] }>(
          await get('/api/v1/nft/properties', { item_id: cat.nfts.n2 }, key),
        );
        expect(none.data).toEqual([]);
      });

      it('properties: key checked, exactly one of item_id and set_id, unknown → 404', async () => {
        expectError(
          await get('/api/v1/nft/properties', { item_id: cat.nfts.n1 }),
          401,
          'INVALID_MARKETPLACE_KEY',
        );
        expectError(
          await get(
            '/api/v1/nft/properties',
            { item_id: cat.nfts.n1 },
            { 'marketplace-key': 'wrong' },
          ),
          401,
          'INVALID_MARKETPLACE_KEY',
        );
        expectError(await get('/api/v1/nft/properties', {}, key), 400, 'REQUIRED_FIELD');
        expectError(
          await get('/api/v1/nft/properties', { item_id: cat.nfts.n1, set_id: cat.sets.s1 }, key),
          400,
          'VALIDATION_FAILED',
        );
        expectError(
          await get('/api/v1/nft/properties', { item_id: 999999 }, key),
          404,
          'NOT_FOUND',
        );
        expectError(await get('/api/v1/nft/properties', { set_id: 999999 }, key), 404, 'NOT_FOUND');
      });

      it('inspection-report histories: latest first; key checked; unknown → 404', async () => {
        const res = await get(
          '/api/v1/nft/inspection-report/histories',
          { item_id: cat.nfts.n1 },
          key,
        );
        expect(res.statusCode).toBe(200);
        const data = json<{ data: { inspector: string; item_id: number; inspectedAt: string }[] }>(
          res,
        ).data;
        expect(data.map((r) => [r.inspector, r.item_id, r.inspectedAt])).toEqual([
          ['Lab Two', cat.nfts.n1, '2025-09-01T00:00:00.000Z'],
          ['Lab One', cat.nfts.n1, '2025-06-01T00:00:00.000Z'],
        ]);
        expectError(
          await get('/api/v1/nft/inspection-report/histories', { item_id: cat.nfts.n1 }),
          401,
          'INVALID_MARKETPLACE_KEY',
        );
        expectError(
          await get('/api/v1/nft/inspection-report/histories', { item_id: 999999 }, key),
          404,
          'NOT_FOUND',
        );
        expectError(
          await get('/api/v1/nft/inspection-report/histories', {}, key),
          400,
          'REQUIRED_FIELD',
        );
      });
    });

    describe('diaries', () => {
      it('newest first, paged, narrowed by lang', async () => {
        const all = json<Page<{ title: string }>>(await get('/api/v1/diaries'));
        expect(all.data.map((d) => d.title)).toEqual(['News', 'Xin chào', 'Hello']);
        expect(all).toMatchObject({ total: 3, page: 1, size: 12 });
        const vi = json<Page<{ title: string; lang: string }>>(
          await get('/api/v1/diaries', { lang: 'vi' }),
        );
        expect(vi.data.map((d) => [d.title, d.lang])).toEqual([['Xin chào', 'vi']]);
        const page2 = json<Page<{ title: string }>>(
          await get('/api/v1/diaries', { size: 2, page: 2 }),
        );
        expect(page2.data.map((d) => d.title)).toEqual(['Hello']);
        expectError(await get('/api/v1/diaries', { lang: 'fr' }), 400, 'VALIDATION_FAILED');
      });
    });
  },
  { backends: ALL_BACKENDS },
);
