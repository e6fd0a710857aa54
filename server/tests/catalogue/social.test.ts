/**
 * Likes, follows and hackLike (user/like, user/follow, user/hackLike): bearer, the
 * liker's wallet address linked to the account, toggle, counted, one per address / pair.
 */
import { encryptKeystoreJsonSync, Wallet } from 'ethers';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, type ErrorCode } from '#server/errors.ts';
import { linkAddress } from '../helpers/accounts.ts';
import { ALL_BACKENDS, describeBackends, json } from '../helpers/test-app.ts';
import { type Catalogue, seedCatalogue } from './fixtures.ts';

type LikeAnswer = { data: { liked: boolean; likeCount: number } };
type FollowAnswer = { data: { following: boolean; followersCount: number } };

describeBackends(
  'catalogue likes and follows',
  (t) => {
    let cat: Catalogue;
    beforeAll(async () => {
      cat = await seedCatalogue(t);
    });

    const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url, payload, headers });
    const expectError = (
      res: { statusCode: number; body: string },
      status: number,
      code: ErrorCode,
    ) => {
      expect(res.statusCode, res.body).toBe(status);
      expect(json(res)).toMatchObject({ statusCode: status, code, message: ERRORS[code].message });
    };

    describe('user/like', () => {
      it('needs a bearer token', async () => {
        const res = await post('/api/v2/user/like', {
          target: 'nft',
          id: cat.nfts.n1,
          address: cat.alice.address,
        });
        expectError(res, 401, 'UNAUTHORIZED');
      });

      it("refuses an address not linked to the account: 'Please use Wallet account'", async () => {
        for (const address of [cat.bob.address, Wallet.createRandom().address]) {
          const res = await post(
            '/api/v2/user/like',
            { target: 'nft', id: cat.nfts.n1, address },
            cat.alice.auth,
          );
          expectError(res, 403, 'USE_WALLET_ACCOUNT');
        }
      });

      it('toggles, counts once per address, and shows isLiked in lists and details', async () => {
        const like = (payload: object, user = cat.alice) =>
          post(
            '/api/v2/user/like',
            { target: 'nft', id: cat.nfts.n1, address: user.address, ...payload },
            user.auth,
          );
        const first = await like({});
        expect(first.statusCode, first.body).toBe(200);
        expect(json<LikeAnswer>(first).data).toEqual({ liked: true, likeCount: 3 });
        // setting the same state again changes nothing
        expect(json<LikeAnswer>(await like({ like: true })).data).toEqual({
          liked: true,
          likeCount: 3,
        });
        // another account's address counts separately (address in lowercase is the same address)
        const bob = await post(
          '/api/v2/user/like',
          { target: 'nft', id: cat.nfts.n1, address: cat.bob.address.toLowerCase() },
          cat.bob.auth,
        );
        expect(json<LikeAnswer>(bob).data).toEqual({ liked: true, likeCount: 4 });

        const detail = await t.app.inject({
          method: 'GET',
          url: '/api/v2/show/market-nft',
          query: { collectionAddr: cat.c1Address, tokenId: '1', likeAddress: cat.alice.address },
        });
        expect(json(detail).data).toMatchObject({ isLiked: true, likeCount: 4 });

        // toggle off, then an explicit unlike is a no-op
        expect(json<LikeAnswer>(await like({})).data).toEqual({ liked: false, likeCount: 3 });
        expect(json<LikeAnswer>(await like({ like: false })).data).toEqual({
          liked: false,
          likeCount: 3,
        });
        const rows = await t.db
          .selectFrom('likes')
          .selectAll()
          .where('target_id', '=', cat.nfts.n1)
          .execute();
        expect(rows).toHaveLength(1);
      });

      it('accepts a platform wallet’s address once it is linked, never before', async () => {
        const key = Wallet.createRandom();
        const keystore = encryptKeystoreJsonSync(
          { address: key.address, privateKey: key.privateKey },
          'passphrase',
          { scrypt: { N: 1024 } },
        );
        const created = await post(
          '/api/v1/ETHwallets/create',
          {
            name: 'Main',
            platform: 0,
            address: key.address,
            hashedPassword: 'a'.repeat(64),
            encPrivateKey: JSON.parse(keystore),
          },
          cat.admin.auth,
        );
        expect(created.statusCode, created.body).toBe(201);
        const like = () =>
          post(
            '/api/v2/user/like',
            { target: 'bundle', id: cat.bundles.bu2, address: key.address },
            cat.admin.auth,
          );
        // A stored wallet proves nothing (anyone can store one naming any address); the app
        // links the address with a signed message when it connects the wallet.
        expectError(await like(), 403, 'USE_WALLET_ACCOUNT');
        expect((await linkAddress(t, cat.admin.auth, key)).statusCode).toBe(200);
        expect(json<LikeAnswer>(await like()).data).toEqual({ liked: true, likeCount: 1 });
        // still refused for another account
        expectError(
          await post(
            '/api/v2/user/like',
            { target: 'bundle', id: cat.bundles.bu2, address: key.address },
            cat.bob.auth,
          ),
          403,
          'USE_WALLET_ACCOUNT',
        );
      });

      it('writes a LIKE activity the collection filter "likes" shows', async () => {
        await post(
          '/api/v2/user/like',
          { target: 'nft', id: cat.nfts.n6, address: cat.carol.address, like: true },
          cat.carol.auth,
        );
        const res = await t.app.inject({
          method: 'GET',
          url: '/api/v2/activity',
          query: { collectionAddr: cat.c2Address, type: 'likes' },
        });
        const body = json<{ data: { type: string; item_id: number; from: string }[] }>(res);
        expect(body.data.map((a) => [a.type, a.item_id, a.from])).toEqual([
          ['LIKE', cat.nfts.n6, cat.carol.address],
        ]);
      });

      it.each([
        ['collection', 'collections', () => cat.collections.c2, 9],
        ['set', 'sets', () => cat.sets.s1, 4],
        ['bundle', 'bundles', () => cat.bundles.bu1, 2],
      ] as const)('likes a %s and counts it on the %s row', async (target, _table, id, before) => {
        const res = await post(
          '/api/v2/user/like',
          { target, id: id(), address: cat.carol.address },
          cat.carol.auth,
        );
        expect(json<LikeAnswer>(res).data).toEqual({ liked: true, likeCount: before + 1 });
      });

      it('concurrent likes of the same address count once', async () => {
        const calls = Array.from({ length: 5 }, () =>
          post(
            '/api/v2/user/like',
            { target: 'nft', id: cat.nfts.n13, address: cat.carol.address, like: true },
            cat.carol.auth,
          ),
        );
        const answers = await Promise.all(calls);
        expect(answers.every((r) => r.statusCode === 200)).toBe(true);
        const row = await t.db
          .selectFrom('nfts')
          .select('likes_count')
          .where('id', '=', cat.nfts.n13)
          .executeTakeFirstOrThrow();
        expect(row.likes_count).toBe(1);
      });

      it('refuses an unknown item (404) and bad bodies (400)', async () => {
        expectError(
          await post(
            '/api/v2/user/like',
            { target: 'nft', id: 999999, address: cat.alice.address },
            cat.alice.auth,
          ),
          404,
          'NOT_FOUND',
        );
        expectError(
          await post(
            '/api/v2/user/like',
            { target: 'user', id: 1, address: cat.alice.address },
            cat.alice.auth,
          ),
          400,
          'VALIDATION_FAILED',
        );
        expectError(
          await post('/api/v2/user/like', { target: 'nft', id: 1 }, cat.alice.auth),
          400,
          'REQUIRED_FIELD',
        );
      });
    });

    describe('user/hackLike', () => {
      it('is admin-only like seeding: one real like per listed address, repeat-safe', async () => {
        const addresses = [Wallet.createRandom().address, Wallet.createRandom().address];
        const body = { target: 'set', id: cat.sets.s2, addresses };
        expectError(await post('/api/v2/user/hackLike', body), 401, 'UNAUTHORIZED');
        expectError(await post('/api/v2/user/hackLike', body, cat.alice.auth), 403, 'FORBIDDEN');
        const seeded = await post('/api/v2/user/hackLike', body, cat.admin.auth);
        expect(seeded.statusCode, seeded.body).toBe(200);
        expect(json<LikeAnswer>(seeded).data).toEqual({ liked: true, likeCount: 2 });
        const again = await post(
          '/api/v2/user/hackLike',
          { ...body, addresses: [...addresses, addresses[0]!.toLowerCase()] },
          cat.admin.auth,
        );
        expect(json<LikeAnswer>(again).data).toEqual({ liked: true, likeCount: 2 });
        const set = await t.app.inject({
          method: 'GET',
          url: '/api/v2/show/market-set',
          query: { id: String(cat.sets.s2), likeAddress: addresses[1]! },
        });
        expect(json(set).data).toMatchObject({ likeCount: 2, isLiked: true });
        expectError(
          await post('/api/v2/user/hackLike', { ...body, id: 999999 }, cat.admin.auth),
          404,
          'NOT_FOUND',
        );
        expectError(
          await post('/api/v2/user/hackLike', { ...body, addresses: [] }, cat.admin.auth),
          400,
          'VALIDATION_FAILED',
        );
      });
    });

    describe('user/follow, followers, following', () => {
      it('follows, counts on both users, lists both ways, and toggles back', async () => {
        const follow = (payload: object, user = cat.carol) =>
          post('/api/v2/user/follow', payload, user.auth);
        const first = await follow({ userId: cat.alice.id });
        expect(first.statusCode, first.body).toBe(200);
        expect(json<FollowAnswer>(first).data).toEqual({ following: true, followersCount: 1 });
        expect(
          json<FollowAnswer>(await follow({ userId: cat.alice.id, follow: true })).data,
        ).toEqual({
          following: true,
          followersCount: 1,
        });
        expect(json<FollowAnswer>(await follow({ userId: cat.alice.id }, cat.bob)).data).toEqual({
          following: true,
          followersCount: 2,
        });
        await follow({ userId: cat.bob.id });

        const followers = await t.app.inject({
          method: 'GET',
          url: '/api/v2/user/followers',
          query: { userId: String(cat.alice.id) },
        });
        expect(json<{ data: { id: number }[]; total: number }>(followers)).toMatchObject({
          total: 2,
          data: [{ id: cat.bob.id }, { id: cat.carol.id }],
        });
        const following = await t.app.inject({
          method: 'GET',
          url: '/api/v2/user/following',
          query: { userId: String(cat.carol.id) },
        });
        expect(json<{ data: { id: number }[] }>(following).data.map((u) => u.id)).toEqual([
          cat.bob.id,
          cat.alice.id,
        ]);
        const carol = await t.app.inject({
          method: 'GET',
          url: '/api/v2/user',
          query: { id: String(cat.carol.id) },
        });
        expect(json(carol).data).toMatchObject([{ followingCount: 2, followersCount: 0 }]);

        // most followed first in the users list
        const users = await t.app.inject({
          method: 'GET',
          url: '/api/v2/user',
          query: { isCreator: '1' },
        });
        expect(json<{ data: { id: number }[] }>(users).data.map((u) => u.id)).toEqual([
          cat.alice.id,
          cat.bob.id,
        ]);

        expect(json<FollowAnswer>(await follow({ userId: cat.alice.id })).data).toEqual({
          following: false,
          followersCount: 1,
        });
        expect(
          json<FollowAnswer>(await follow({ userId: cat.alice.id, follow: false })).data,
        ).toEqual({
          following: false,
          followersCount: 1,
        });
      });

      it('refuses oneself (400), an unknown user (404) and no token (401)', async () => {
        const self = await post('/api/v2/user/follow', { userId: cat.carol.id }, cat.carol.auth);
        expect(self.statusCode).toBe(400);
        expect(json(self)).toMatchObject({
          code: 'VALIDATION_FAILED',
          message: 'You cannot follow yourself',
        });
        expectError(
          await post('/api/v2/user/follow', { userId: 999999 }, cat.carol.auth),
          404,
          'ACCOUNT_NOT_FOUND',
        );
        expectError(
          await post('/api/v2/user/follow', { userId: cat.alice.id }),
          401,
          'UNAUTHORIZED',
        );
      });
    });
  },
  { backends: ALL_BACKENDS },
);
