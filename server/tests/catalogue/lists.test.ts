/**
 * Catalogue lists and details (every status unless asked, each filter only when present),
 * read-only over one seeded catalogue per backend (fixtures.ts).
 */
import { getAddress } from 'ethers';
import { beforeAll, describe, expect, it } from 'vitest';
import { toCollection, toNft, toOrder, toUser } from '#server/db/mappers.ts';
import { ERRORS, type ErrorCode } from '#server/errors.ts';
import { setLike } from '#server/repositories/likes.ts';
import { searchByName } from '#server/repositories/search.ts';
import { addressesOfUsers } from '#server/repositories/users.ts';
import { ALL_BACKENDS, describeBackends, json } from '../helpers/test-app.ts';
import { type Catalogue, DEVNET, seedCatalogue, TESTNET } from './fixtures.ts';

type Page<T = Record<string, unknown>> = { data: T[]; total: number; page: number; size: number };
type Item = { item_id: number; [k: string]: unknown };

describeBackends(
  'catalogue lists and details',
  (t) => {
    let cat: Catalogue;
    beforeAll(async () => {
      cat = await seedCatalogue(t);
    });

    const get = (url: string, query: Record<string, string | number> = {}) =>
      t.app.inject({
        method: 'GET',
        url,
        query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
      });
    const nftKeys = async (
      query: Record<string, string | number>,
      url = '/api/v2/show/market-nfts',
    ) => {
      const res = await get(url, query);
      expect(res.statusCode, res.body).toBe(200);
      const body = json<Page<Item>>(res);
      return { keys: body.data.map((n) => cat.keyOf(n.item_id)), body };
    };
    const expectError = (
      res: { statusCode: number; body: string },
      status: number,
      code: ErrorCode,
    ) => {
      expect(res.statusCode, res.body).toBe(status);
      expect(json(res)).toMatchObject({ statusCode: status, code, message: ERRORS[code].message });
    };

    describe('market-nfts', () => {
      it('lists all four statuses by default, newest first, page 1 size 12, with the total', async () => {
        const { keys, body } = await nftKeys({});
        expect(body.total).toBe(13);
        expect(body.page).toBe(1);
        expect(body.size).toBe(12);
        expect(keys).toEqual([
          'n13',
          'n12',
          'n11',
          'n10',
          'n9',
          'n8',
          'n7',
          'n6',
          'n5',
          'n4',
          'n3',
          'n2',
        ]);
        const second = await nftKeys({ page: 2 });
        expect(second.keys).toEqual(['n1']);
        expect(second.body.total).toBe(13);
      });

      it("writes each item as the NFT's detail does (its text is made apart: nft-wire.ts)", async () => {
        const { body } = await nftKeys({ size: 24 });
        expect(body.data.length).toBe(13);
        for (const item of body.data) {
          const res = await get('/api/v2/show/market-nft', {
            collectionAddr: String(item.collectionAddr),
            tokenId: String(item.tokenId),
            networkId: Number(item.networkId),
          });
          const { collection, ownerUser, creatorUser, order, ...nft } = json<{ data: Item }>(
            res,
          ).data;
          expect(item).toStrictEqual(nft);
        }
      });

      it('answers an NFT on the wire: checksummed addresses, wei strings, flags', async () => {
        const { body } = await nftKeys({ size: 24 });
        const n2 = body.data.find((n) => n.item_id === cat.nfts.n2)!;
        expect(n2).toMatchObject({
          collectionAddr: getAddress(cat.c1Address),
          tokenId: '2',
          owner: cat.bob.address,
          status: 'ONSALE',
          buyPrice: '100',
          hotNFT: true,
          isBid: true,
          saleType: 'AUCTION',
          likeCount: 7,
          bidCount: 3,
          isLiked: false,
          orderHash: cat.orders.o2,
        });
      });

      it.each([
        ['status=ONSALE', { status: 'ONSALE' }, ['n13', 'n11', 'n10', 'n8', 'n6', 'n2', 'n1']],
        ['status=SOLD,INCOMING', { status: 'SOLD,INCOMING' }, ['n12', 'n9', 'n5', 'n4']],
        ['hotNFT=1', { hotNFT: 1 }, ['n13', 'n2', 'n1']],
        [
          'hotNFT=0 narrows the other way',
          { hotNFT: 0, status: 'ONSALE' },
          ['n11', 'n10', 'n8', 'n6'],
        ],
        ['isSet=1', { isSet: 1 }, ['n9', 'n8', 'n7']],
        ['isBundle=1', { isBundle: 1 }, ['n12', 'n11', 'n10']],
        ['isBid=1', { isBid: 1 }, ['n2']],
        ['baseType=video', { baseType: 'video' }, ['n5']],
        ['networkId=97', { networkId: TESTNET }, ['n13']],
        ['labelId=4', { labelId: 4 }, ['n6']],
        [
          'collectionAddr (any case)',
          { collectionAddr: '0x00000000000000000000000000000000000000C2' },
          ['n6'],
        ],
        ['no match', { labelId: 9 }, []],
      ])('filters by %s, only when present', async (_name, query, expected) => {
        const { keys, body } = await nftKeys({ ...query, size: 24 });
        expect(keys).toEqual(expected);
        expect(body.total).toBe(expected.length);
      });

      it('filters by owner and creator', async () => {
        const owner = await nftKeys({ owner: cat.carol.address });
        expect(owner.keys).toEqual(['n4']);
        const creator = await nftKeys({ creator: cat.alice.address, size: 24 });
        expect(creator.body.total).toBe(13);
        const none = await nftKeys({ creator: cat.bob.address });
        expect(none.keys).toEqual([]);
      });

      it.each([
        ['like', ['n3', 'n2', 'n6', 'n1', 'n5']],
        ['bid', ['n2', 'n4', 'n13', 'n12', 'n11']],
        ['price_desc', ['n13', 'n1', 'n4', 'n6', 'n2', 'n12', 'n11', 'n10', 'n8', 'n9', 'n7']],
        ['price_asc', ['n8', 'n10', 'n11', 'n12', 'n2', 'n6', 'n4', 'n1', 'n13', 'n3', 'n5']],
      ])('sorts by %s with a stable tie-break (unpriced last)', async (sort, expectedPrefix) => {
        const { keys } = await nftKeys({ sort, size: 24 });
        expect(keys.slice(0, expectedPrefix.length)).toEqual(expectedPrefix);
        expect(keys).toHaveLength(13);
        // the same call twice gives the same order (ties broken by id)
        expect((await nftKeys({ sort, size: 24 })).keys).toEqual(keys);
      });

      it('pages never repeat or skip an item under a sort with ties', async () => {
        const seen: string[] = [];
        for (let page = 1; page <= 5; page++) {
          seen.push(...(await nftKeys({ sort: 'price_asc', size: 3, page })).keys);
        }
        expect(seen).toHaveLength(13);
        expect(new Set(seen).size).toBe(13);
      });

      it('answers isLiked for likeAddress', async () => {
        await setLike(t.db, { target: 'NFT', id: cat.nfts.n6, address: cat.carol.address });
        const { body } = await nftKeys({
          likeAddress: cat.carol.address,
          status: 'ONSALE',
          size: 24,
        });
        const liked = body.data.filter((n) => n.isLiked).map((n) => cat.keyOf(n.item_id));
        expect(liked).toEqual(['n6']);
        const anonymous = await nftKeys({ status: 'ONSALE' });
        expect(anonymous.body.data.some((n) => n.isLiked)).toBe(false);
      });

      it.each([
        ['size above 24', { size: 25 }, 'VALIDATION_FAILED'],
        ['size 0', { size: 0 }, 'VALIDATION_FAILED'],
        ['page 0', { page: 0 }, 'VALIDATION_FAILED'],
        ['page not a number', { page: 'two' }, 'VALIDATION_FAILED'],
        ['unknown status', { status: 'ONSALE,GONE' }, 'VALIDATION_FAILED'],
        ['unknown sort', { sort: 'random' }, 'VALIDATION_FAILED'],
        ['flag 2', { isSet: 2 }, 'VALIDATION_FAILED'],
        ['bad owner', { owner: '0x1234' }, 'VALIDATION_FAILED'],
        ['a NUL byte in baseType', { baseType: '\u0000' }, 'VALIDATION_FAILED'],
        ['SQL in baseType is only a value', { baseType: "x' or '1'='1" }, null],
      ])('refuses %s with 400 and a code (never 500)', async (_name, query, code) => {
        const res = await get('/api/v2/show/market-nfts', query as Record<string, string | number>);
        if (code === null) {
          expect(res.statusCode).toBe(200);
          expect(json<Page>(res).total).toBe(0);
        } else {
          expectError(res, 400, code as ErrorCode);
        }
      });
    });

    describe('market-nfts-unique, hot-nfts, top-onsale', () => {
      it('lists an owner’s NFTs of all four statuses; owner is required', async () => {
        const { keys } = await nftKeys(
          { owner: cat.alice.address, size: 24 },
          '/api/v2/show/market-nfts-unique',
        );
        expect(keys).toEqual(['n9', 'n8', 'n7', 'n6', 'n5', 'n3']);
        const onSale = await nftKeys(
          { owner: cat.alice.address, status: 'ONSALE' },
          '/api/v2/show/market-nfts-unique',
        );
        expect(onSale.keys).toEqual(['n8', 'n6']);
        expectError(await get('/api/v2/show/market-nfts-unique'), 400, 'REQUIRED_FIELD');
      });

      it('hot NFTs: ONSALE, hotNFT, not in a set or bundle, most liked first', async () => {
        const hot = await nftKeys({}, '/api/v2/show/hot-nfts');
        expect(hot.keys).toEqual(['n2', 'n1', 'n13']);
        // the same answer as market-nfts with the hot list's fixed parameters
        const same = await nftKeys({
          status: 'ONSALE',
          hotNFT: 1,
          isSet: 0,
          isBundle: 0,
          sort: 'like',
        });
        expect(same.keys).toEqual(hot.keys);
        expect((await nftKeys({ networkId: DEVNET }, '/api/v2/show/hot-nfts')).keys).toEqual([
          'n2',
          'n1',
        ]);
      });

      it('top on-sale: ONSALE, not in a set or bundle, most liked first, hot or not', async () => {
        const top = await nftKeys({}, '/api/v2/show/top-onsale');
        expect(top.keys).toEqual(['n2', 'n6', 'n1', 'n13']);
      });
    });

    describe('NFTs of a set and of a bundle', () => {
      it('market-nfts-id: ONSALE first, the set order kept otherwise ', async () => {
        const res = await get('/api/v2/show/market-nfts-id', { setId: cat.sets.s1 });
        expect(res.statusCode).toBe(200);
        const keys = json<{ data: Item[] }>(res).data.map((n) => cat.keyOf(n.item_id));
        expect(keys).toEqual(['n8', 'n7', 'n9']);
        expectError(await get('/api/v2/show/market-nfts-id', { setId: 999999 }), 404, 'NOT_FOUND');
        expectError(await get('/api/v2/show/market-nfts-id'), 400, 'REQUIRED_FIELD');
      });

      it('market-bundle-nfts: bundle order, pricePerItem and sold, page 1 size 12', async () => {
        const res = await get('/api/v2/show/market-bundle-nfts', { bundleId: cat.bundles.bu1 });
        expect(res.statusCode).toBe(200);
        const body = json<Page<Item & { pricePerItem: string; sold: boolean }>>(res);
        expect(body).toMatchObject({ total: 3, page: 1, size: 12 });
        expect(body.data.map((n) => [cat.keyOf(n.item_id), n.pricePerItem, n.sold])).toEqual([
          ['n10', '40', false],
          ['n11', '60', false],
          ['n12', '80', true],
        ]);
        const page2 = json<Page<Item>>(
          await get('/api/v2/show/market-bundle-nfts', {
            bundleId: cat.bundles.bu1,
            size: 2,
            page: 2,
          }),
        );
        expect(page2.data.map((n) => cat.keyOf(n.item_id))).toEqual(['n12']);
        expectError(
          await get('/api/v2/show/market-bundle-nfts', { bundleId: 999999 }),
          404,
          'NOT_FOUND',
        );
      });
    });

    describe('market-collections and market-collection', () => {
      const names = async (query: Record<string, string | number>) => {
        const res = await get('/api/v2/show/market-collections', query);
        expect(res.statusCode, res.body).toBe(200);
        const body = json<Page<{ name: string }>>(res);
        return { names: body.data.map((c) => c.name), body };
      };

      it.each([
        [{}, ['Gamma Cars', 'Beta Music', 'Alpha Art']],
        [{ sort: 'like' }, ['Beta Music', 'Alpha Art', 'Gamma Cars']],
        [{ sort: 'bid' }, ['Gamma Cars', 'Alpha Art', 'Beta Music']],
        [{ sort: 'price_desc' }, ['Alpha Art', 'Gamma Cars', 'Beta Music']],
        [{ sort: 'price_asc' }, ['Gamma Cars', 'Alpha Art', 'Beta Music']],
        [{ networkId: DEVNET }, ['Beta Music', 'Alpha Art']],
        [{ labelId: 17 }, ['Gamma Cars']],
        [{ size: 5, sort: 'like', page: 1 }, ['Beta Music', 'Alpha Art', 'Gamma Cars']],
      ])('lists with %o', async (query, expected) => {
        const { names: got, body } = await names(query);
        expect(got).toEqual(expected);
        expect(body.total).toBe(expected.length);
      });

      it('filters by creator', async () => {
        expect((await names({ creator: cat.alice.address })).names).toEqual([
          'Gamma Cars',
          'Alpha Art',
        ]);
      });

      it('details by id or by contract address, with isLiked for likeAddress', async () => {
        await setLike(t.db, {
          target: 'COLLECTION',
          id: cat.collections.c1,
          address: cat.bob.address,
        });
        const byId = await get('/api/v2/show/market-collection', {
          id: cat.collections.c1,
          likeAddress: cat.bob.address,
        });
        expect(byId.statusCode).toBe(200);
        expect(json(byId).data).toMatchObject({
          id: cat.collections.c1,
          name: 'Alpha Art',
          collectionAddr: getAddress(cat.c1Address),
          creator: cat.alice.address,
          floorPrice: '100',
          likeCount: 6,
          isLiked: true,
        });
        const byAddress = await get('/api/v2/show/market-collection', { id: cat.c1Address });
        expect(json(byAddress).data).toMatchObject({ id: cat.collections.c1, isLiked: false });
        expectError(await get('/api/v2/show/market-collection', { id: 999999 }), 404, 'NOT_FOUND');
        expectError(
          await get('/api/v2/show/market-collection', { id: 'abc' }),
          400,
          'VALIDATION_FAILED',
        );
        expectError(
          await get('/api/v2/show/market-collection', { id: '9999999999' }),
          404,
          'NOT_FOUND',
        );
      });
    });

    describe('market-sets and market-set', () => {
      it('lists all statuses by default with item counts, filters and sorts', async () => {
        const all = json<Page<{ id: number; itemsCount: number; status: string }>>(
          await get('/api/v2/show/market-sets'),
        );
        expect(all.total).toBe(2);
        expect(all.data.map((s) => [s.id, s.itemsCount])).toEqual([
          [cat.sets.s2, 0],
          [cat.sets.s1, 3],
        ]);
        const onSale = json<Page<{ id: number }>>(
          await get('/api/v2/show/market-sets', { status: 'ONSALE' }),
        );
        expect(onSale.data.map((s) => s.id)).toEqual([cat.sets.s1]);
        const queries: Record<string, string | number>[] = [
          { collectionAddr: cat.c3Address },
          { baseType: 'video' },
          { networkId: TESTNET },
          { labelId: 17 },
          { owner: cat.bob.address },
        ];
        for (const query of queries) {
          const body = json<Page<{ id: number }>>(await get('/api/v2/show/market-sets', query));
          expect(
            body.data.map((s) => s.id),
            JSON.stringify(query),
          ).toEqual([cat.sets.s2]);
        }
        const byLike = json<Page<{ id: number }>>(
          await get('/api/v2/show/market-sets', { sort: 'like' }),
        );
        expect(byLike.data.map((s) => s.id)).toEqual([cat.sets.s1, cat.sets.s2]);
      });

      it('details a set; unknown → 404', async () => {
        const res = await get('/api/v2/show/market-set', {
          id: cat.sets.s1,
          likeAddress: cat.alice.address,
        });
        expect(res.statusCode).toBe(200);
        expect(json(res).data).toMatchObject({
          id: cat.sets.s1,
          setId: cat.sets.s1,
          name: 'Trio',
          status: 'ONSALE',
          price: '900',
          itemsCount: 3,
          isLiked: false,
          orderHash: cat.orders.o3,
        });
        expectError(await get('/api/v2/show/market-set', { id: 999999 }), 404, 'NOT_FOUND');
      });
    });

    describe('market-bundles and market-bundle', () => {
      it('defaults to all four statuses; totals count the items still for sale', async () => {
        const all = json<Page<{ id: number; itemsCount: number; priceTotal: string }>>(
          await get('/api/v2/show/market-bundles'),
        );
        expect(all.total).toBe(3);
        expect(all.data.map((b) => b.id)).toEqual([
          cat.bundles.bu3,
          cat.bundles.bu2,
          cat.bundles.bu1,
        ]);
        const bu1 = all.data.find((b) => b.id === cat.bundles.bu1)!;
        expect(bu1).toMatchObject({
          itemsCount: 2,
          priceTotal: '100',
          discountBps: 1000,
          minCount: 2,
        });
        const sold = json<Page<{ id: number }>>(
          await get('/api/v2/show/market-bundles', { status: 'SOLD' }),
        );
        expect(sold.data.map((b) => b.id)).toEqual([cat.bundles.bu2]);
        const byLike = json<Page<{ id: number }>>(
          await get('/api/v2/show/market-bundles', { sort: 'like' }),
        );
        expect(byLike.data.map((b) => b.id)).toEqual([
          cat.bundles.bu3,
          cat.bundles.bu1,
          cat.bundles.bu2,
        ]);
        const byPrice = json<Page<{ id: number }>>(
          await get('/api/v2/show/market-bundles', { sort: 'price_desc' }),
        );
        expect(byPrice.data[0]!.id).toBe(cat.bundles.bu1);
        const bob = json<Page<{ id: number }>>(
          await get('/api/v2/show/market-bundles', { owner: cat.bob.address }),
        );
        expect(bob.data.map((b) => b.id)).toEqual([cat.bundles.bu3, cat.bundles.bu1]);
        const ofC1 = json<Page<{ id: number }>>(
          await get('/api/v2/show/market-bundles', { collectionAddr: cat.c1Address }),
        );
        expect(ofC1.data.map((b) => b.id)).toEqual([cat.bundles.bu1]);
        const ofC2 = json<Page>(
          await get('/api/v2/show/market-bundles', { collectionAddr: cat.c2Address }),
        );
        expect(ofC2.total).toBe(0);
        expectError(
          await get('/api/v2/show/market-bundles', { sort: 'bid' }),
          400,
          'VALIDATION_FAILED',
        );
      });

      it('details a bundle; unknown → 404', async () => {
        const res = await get('/api/v2/show/market-bundle', { id: cat.bundles.bu1 });
        expect(json(res).data).toMatchObject({
          id: cat.bundles.bu1,
          name: 'Starter pack',
          priceTotal: '100',
        });
        expectError(await get('/api/v2/show/market-bundle', { id: 999999 }), 404, 'NOT_FOUND');
      });
    });

    describe('market-nft', () => {
      it('details an NFT with collection, owner and creator profiles and its live order', async () => {
        const res = await get('/api/v2/show/market-nft', {
          collectionAddr: getAddress(cat.c1Address),
          tokenId: '1',
          likeAddress: cat.alice.address,
        });
        expect(res.statusCode, res.body).toBe(200);
        const data = json<{ data: Record<string, unknown> }>(res).data;
        expect(data).toMatchObject({
          item_id: cat.nfts.n1,
          name: 'Sunrise #1',
          collection: { id: cat.collections.c1, name: 'Alpha Art' },
          ownerUser: { id: cat.bob.id, bcAddresses: [cat.bob.address] },
          creatorUser: { id: cat.alice.id, isCreator: true },
          order: { orderHash: cat.orders.o1, saleKind: 'FIXED', price: '300', status: 'pending' },
          isLiked: false,
        });
      });

      it('answers what the row mappers write of the NFT, its profiles and order', async () => {
        // The detail is one statement with dates as SQL text: each part must read as the
        // mappers write whole rows (dates parsed by the driver, wei as decimal text).
        const id = cat.nfts.n1;
        await setLike(t.db, { target: 'NFT', id, address: cat.carol.address, like: true });
        const nft = await t.db
          .selectFrom('nfts')
          .selectAll()
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        const profile = async (address: string) => {
          const user = await t.db
            .selectFrom('users')
            .innerJoin('bc_addresses', 'bc_addresses.user_id', 'users.id')
            .selectAll('users')
            .where('bc_addresses.address', '=', address)
            .executeTakeFirstOrThrow();
          return toUser(user, (await addressesOfUsers(t.db, [user.id])).get(user.id));
        };
        const expected = {
          ...toNft(nft),
          collection: await t.db
            .selectFrom('collections')
            .select(['id', 'name', 'image'])
            .where('id', '=', cat.collections.c1)
            .executeTakeFirstOrThrow(),
          ownerUser: await profile(nft.owner),
          creatorUser: await profile(nft.creator),
          order: toOrder(
            await t.db
              .selectFrom('orders')
              .selectAll()
              .where('order_hash', '=', cat.orders.o1)
              .executeTakeFirstOrThrow(),
          ),
        };
        for (const likeAddress of [undefined, cat.carol.address]) {
          const res = await get('/api/v2/show/market-nft', {
            collectionAddr: cat.c1Address,
            tokenId: '1',
            ...(likeAddress ? { likeAddress } : {}),
          });
          expect(res.statusCode, res.body).toBe(200);
          expect(json(res)).toStrictEqual(
            JSON.parse(JSON.stringify({ data: { ...expected, isLiked: !!likeAddress } })),
          );
        }
        await setLike(t.db, { target: 'NFT', id, address: cat.carol.address, like: false });
      });

      it('details a collection, a set and a bundle exactly as their lists show them', async () => {
        // Each detail is one statement of its own (dates as SQL text, counts as subqueries).
        const cases = [
          ['market-collections', 'market-collection', cat.collections.c1],
          ['market-sets', 'market-set', cat.sets.s1],
          ['market-bundles', 'market-bundle', cat.bundles.bu1],
        ] as const;
        for (const [list, detail, id] of cases) {
          for (const liker of [{}, { likeAddress: cat.bob.address }] as Record<string, string>[]) {
            const items = json<Page<{ id: number }>>(
              await get(`/api/v2/show/${list}`, { size: 24, ...liker }),
            ).data;
            const res = await get(`/api/v2/show/${detail}`, { id, ...liker });
            expect(res.statusCode, res.body).toBe(200);
            expect(json(res).data).toStrictEqual(items.find((item) => item.id === id));
          }
        }
      });

      it('finds the token per network; unknown → 404; bad input → 400', async () => {
        const res = await get('/api/v2/show/market-nft', {
          collectionAddr: cat.c3Address,
          tokenId: '13',
        });
        expect(json(res).data).toMatchObject({
          item_id: cat.nfts.n13,
          networkId: TESTNET,
          ownerUser: expect.anything(),
        });
        expectError(
          await get('/api/v2/show/market-nft', {
            collectionAddr: cat.c3Address,
            tokenId: '13',
            networkId: DEVNET,
          }),
          404,
          'NOT_FOUND',
        );
        expectError(
          await get('/api/v2/show/market-nft', { collectionAddr: cat.c1Address, tokenId: '77' }),
          404,
          'NOT_FOUND',
        );
        expectError(
          await get('/api/v2/show/market-nft', { collectionAddr: cat.c1Address, tokenId: '-1' }),
          400,
          'VALIDATION_FAILED',
        );
        expectError(await get('/api/v2/show/market-nft', { tokenId: '1' }), 400, 'REQUIRED_FIELD');
      });
    });

    describe('search', () => {
      it('finds collections, NFTs and users by name, prefix matches first', async () => {
        const res = await get('/api/v2/show/search', { q: 'SUN' });
        expect(res.statusCode).toBe(200);
        const data = json<{ data: { nfts: Item[]; collections: unknown[]; users: unknown[] } }>(
          res,
        ).data;
        expect(data.nfts.map((n) => cat.keyOf(n.item_id))).toEqual(['n2', 'n1']);
        expect(data.collections).toEqual([]);
        const alias = json<{ data: { nfts: Item[] } }>(await get('/api/v2/search', { q: 'SUN' }));
        expect(alias.data.nfts.map((n) => cat.keyOf(n.item_id))).toEqual(['n2', 'n1']);
        const art = json<{ data: { collections: { name: string }[] } }>(
          await get('/api/v2/show/search', { q: 'art' }),
        );
        expect(art.data.collections.map((c) => c.name)).toEqual(['Alpha Art']);
        const users = json<{ data: { users: { id: number }[] } }>(
          await get('/api/v2/show/search', { q: cat.alice.username.slice(0, 8) }),
        );
        expect(users.data.users.map((u) => u.id)).toContain(cat.alice.id);
      });

      it('orders starting names first, then by popularity and id, for frequent, rare and absent texts', async () => {
        // Starts and contains are read apart, each cut at the page size: the answer must still be
        // the first `size` of the whole ordered list, whichever part fills the page.
        type Named = { id: number; name: string; popularity: number };
        const [nfts, collections, users] = await Promise.all([
          t.db.selectFrom('nfts').select(['id', 'name', 'likes_count as popularity']).execute(),
          t.db
            .selectFrom('collections')
            .select(['id', 'name', 'likes_count as popularity'])
            .execute(),
          t.db
            .selectFrom('users')
            .select(['id', 'username as name', 'followers_count as popularity'])
            .execute(),
        ]);
        const expected = (rows: Named[], text: string, size: number, idsAsc = false) =>
          rows
            .filter((r) => r.name.toLowerCase().includes(text))
            .sort(
              (a, b) =>
                Number(b.name.toLowerCase().startsWith(text)) -
                  Number(a.name.toLowerCase().startsWith(text)) ||
                b.popularity - a.popularity ||
                (idsAsc ? a.id - b.id : b.id - a.id),
            )
            .slice(0, size)
            .map((r) => r.id);
        const user = cat.alice.username.slice(0, 3);
        for (const text of ['b', 'i', 'set', 'e', 'piece', 'harbor', 'zzz', 'a', user]) {
          for (const size of [1, 2, 4, 12]) {
            const res = await get('/api/v2/show/search', { q: text.toUpperCase(), size });
            expect(res.statusCode, res.body).toBe(200);
            const data = json<{
              data: { nfts: Item[]; collections: { id: number }[]; users: { id: number }[] };
            }>(res).data;
            const at = `${text} size ${size}`;
            expect(
              data.nfts.map((n) => n.item_id),
              at,
            ).toEqual(expected(nfts, text, size));
            expect(
              data.collections.map((c) => c.id),
              at,
            ).toEqual(expected(collections, text, size));
            expect(
              data.users.map((u) => u.id),
              at,
            ).toEqual(expected(users, text, size, true));
          }
        }
      });

      it('answers each item as the row mappers write its whole row', async () => {
        // One statement builds each part's rows as JSON (dates and numbers as text): they must
        // read as the rows of select * do, wei beyond a double's digits too (the serializer
        // writes equal values as equal bytes, in its schema's key order).
        const wire = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;
        const [nftRows, collectionRows, userRows] = await Promise.all([
          t.db.selectFrom('nfts').selectAll().execute(),
          t.db.selectFrom('collections').selectAll().execute(),
          t.db.selectFrom('users').selectAll().execute(),
        ]);
        const addresses = await addressesOfUsers(
          t.db,
          userRows.map((u) => u.id),
        );
        let compared = 0;
        for (const q of ['a', 'e', 'sun', cat.alice.username.slice(0, 3)]) {
          const res = await get('/api/v2/show/search', { q, size: 12 });
          expect(res.statusCode, res.body).toBe(200);
          const data = json<{
            data: { nfts: Item[]; collections: { id: number }[]; users: { id: number }[] };
          }>(res).data;
          for (const nft of data.nfts) {
            const row = nftRows.find((r) => r.id === nft.item_id);
            expect(row).toBeDefined();
            if (row) expect(nft).toStrictEqual(wire(toNft(row)));
          }
          for (const collection of data.collections) {
            const row = collectionRows.find((r) => r.id === collection.id);
            expect(row).toBeDefined();
            if (row) expect(collection).toStrictEqual(wire(toCollection(row)));
          }
          for (const user of data.users) {
            const row = userRows.find((r) => r.id === user.id);
            expect(row).toBeDefined();
            if (row) expect(user).toStrictEqual(wire(toUser(row, addresses.get(row.id))));
          }
          compared += data.nfts.length + data.collections.length + data.users.length;
        }
        expect(compared).toBeGreaterThan(10);
        const wei = '1180591620717411303425';
        await t.db
          .transaction()
          .execute(async (trx) => {
            await trx
              .updateTable('nfts')
              .set({ buy_price: wei, highest_bid: wei })
              .where('id', '=', cat.nfts.n1)
              .execute();
            await trx
              .updateTable('collections')
              .set({ floor_price: wei, volume: wei })
              .where('id', '=', cat.collections.c1)
              .execute();
            const nft = (await searchByName(trx, 'sunrise', 12)).nfts.find(
              (n) => n.id === cat.nfts.n1,
            );
            expect(nft && toNft(nft)).toMatchObject({ buyPrice: wei, highestBid: wei });
            const collection = (await searchByName(trx, 'alpha', 12)).collections.find(
              (c) => c.id === cat.collections.c1,
            );
            expect(collection && toCollection(collection)).toMatchObject({
              floorPrice: wei,
              volume: wei,
            });
            throw new Error('rolled back');
          })
          .catch((error: unknown) => {
            if (!(error instanceof Error) || error.message !== 'rolled back') throw error;
          });
      });

      it('takes % and _ literally and refuses a blank query', async () => {
        const pct = json<{ data: { nfts: Item[] } }>(
          await get('/api/v2/show/search', { q: '100%' }),
        );
        expect(pct.data.nfts.map((n) => cat.keyOf(n.item_id))).toEqual(['n13']);
        const underscore = json<{ data: { nfts: Item[] } }>(
          await get('/api/v2/show/search', { q: '_' }),
        );
        expect(underscore.data.nfts).toEqual([]);
        expectError(await get('/api/v2/show/search', { q: '   ' }), 400, 'REQUIRED_FIELD');
        expectError(await get('/api/v2/show/search', { q: 'a\u0000' }), 400, 'VALIDATION_FAILED');
        expectError(await get('/api/v2/show/search'), 400, 'REQUIRED_FIELD');
      });
    });
  },
  { backends: ALL_BACKENDS },
);
