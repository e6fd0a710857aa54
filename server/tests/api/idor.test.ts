/**
 * One user aiming at another's things (IDOR), on every operation the OpenAPI document marks as
 * needing a session: the intruder sends the owner's ids, wallet ids, notification ids, gift ids,
 * message ids and addresses, and nothing of the owner's is shown or changed. Each row of CASES is
 * one operation: the intruder's request, what it must answer, and after it the owner's whole
 * state (profile row, addresses, wallets and keystores, notifications and choices, likes,
 * follows, gifts and their messages, metadata documents, uploads, orders, bids) must be as before
 * and no answer may carry the owner's private values. A new session route without a row fails
 * the coverage test.
 *
 * The intruder starts by listing the owner's linked address as a wallet of its own (a wallet is
 * stored without proof of its key), so every row is also tried by an account that names the
 * owner's address: only addresses proved with a signed message count as the account's
 * (docs/decisions/063-only-proved-addresses-act-for-an-account.md).
 *
 * Routes authenticated by a signature rather than a session have their forgery tests beside
 * them: listings and bids signed by someone else (server/tests/trading/listings-and-buys.test.ts,
 * bids-and-claims.test.ts), a gift taken back by someone else than its giver
 * (contracts/test/Gifts.t.sol), a SIWE message moved to another address
 * (server/tests/api/security.test.ts). The outbox (signed actions waiting in the browser) is the
 * browser's own, emptied at log-out (src/pwa/outbox/store.ts); what it sends goes through the
 * routes above.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Contract, encryptKeystoreJsonSync, id, Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLECTION_FACTORY_ABI } from '#contracts/abi/index.ts';
import { type Catalogue, type CatalogueUser, seedCatalogue } from '../catalogue/fixtures.ts';
import { signedSiweMessage } from '../helpers/accounts.ts';
import { multipartPayload, TINY_PNG } from '../helpers/multipart.ts';
import { createTestApp, json, type TestApp } from '../helpers/test-app.ts';
import { type ChainFixture, mined, startChainFixture } from '../indexer/fixture.ts';

type Res = { statusCode: number; body: string };
type Method = 'GET' | 'POST' | 'PUT';
const codeOf = (res: Res) => [res.statusCode, json<{ code?: string }>(res).code];
const lower = (a: string) => a.toLowerCase();
/** The ids of a listed answer (`data: [{ [key]: id }]`). */
const listed = (res: Res, key: string) =>
  json<{ data: Record<string, unknown>[] }>(res).data.map((row) => row[key]);
/** A keystore encrypted the way the browser does (cheap scrypt: a test). */
const keystoreOf = (key: Wallet) =>
  JSON.parse(
    encryptKeystoreJsonSync({ address: key.address, privateKey: key.privateKey }, 'passphrase', {
      scrypt: { N: 1024 },
    }),
  );

interface Case {
  /** `METHOD /path` as the OpenAPI document names the operation. */
  op: string;
  /** What the intruder tries. */
  attempt: string;
  send(): Promise<Res>;
  /** What the answer must be (besides: no 5xx, no private value of the owner). */
  check(res: Res): void | Promise<void>;
}

describe('IDOR: one user against another [pglite]', () => {
  let t: TestApp;
  let chain: ChainFixture;
  let cat: Catalogue;
  let owner: CatalogueUser;
  let intruder: CatalogueUser;
  const platformKey = Wallet.createRandom() as unknown as Wallet;
  const giftKey = Wallet.createRandom();
  const GIFT_ID = '4242';
  const MESSAGE_ID = `0x${'4d'.repeat(32)}`;
  const MARKER = `owner-only-${Date.now().toString(36)}`;
  let keystore: { Crypto: { ciphertext: string } };
  let walletId: number;
  let notificationId: string;
  let uploadUrl: string;
  let metadataBody: Record<string, unknown>;
  let intruderUnread: number;

  const as = (
    user: CatalogueUser,
    method: Method,
    url: string,
    payload?: object,
    query?: Record<string, string>,
  ) =>
    t.app.inject({
      method,
      url,
      headers: user.auth,
      ...(payload ? { payload } : {}),
      ...(query ? { query } : {}),
    });

  const uploadAs = async (user: CatalogueUser) => {
    const form = await multipartPayload(
      {},
      { image: { bytes: TINY_PNG, filename: 'a.png', type: 'image/png' } },
    );
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/studio/media',
      headers: { ...user.auth, ...form.headers },
      payload: form.payload,
    });
  };

  beforeAll(async () => {
    t = await createTestApp('pglite');
    cat = await seedCatalogue(t);
    chain = await startChainFixture(t.db, t.config.databaseUrl);
    expect(chain.deployment.chainId).toBe(t.config.chainId);
    owner = cat.alice;
    intruder = cat.bob;
    const ownerAddress = lower(owner.address);

    // The owner is a partner (studio uploads and metadata) through her linked address.
    const factory = new Contract(
      chain.deployment.collectionFactory,
      COLLECTION_FACTORY_ABI,
      chain.wallet(0),
    );
    await mined(factory.getFunction('grantRole')(id('PARTNER_ROLE'), owner.address));

    keystore = keystoreOf(platformKey);
    const created = await as(owner, 'POST', '/api/v1/ETHwallets/create', {
      name: `${MARKER}-wallet`,
      platform: 0,
      address: platformKey.address,
      hashedPassword: 'h'.repeat(64),
      encPrivateKey: keystore,
    });
    expect(created.statusCode, created.body).toBe(201);
    walletId = json<{ data: { _id: number } }>(created).data._id;

    const note = await t.db
      .insertInto('notifications')
      .values({
        user_id: owner.id,
        address: ownerAddress,
        type: 'outbid',
        payload: JSON.stringify({ MARKER }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    notificationId = String(note.id);
    const prefs = { lang: 'en', emailOutbid: false, emailWon: true, emailSold: false };
    expect((await as(owner, 'PUT', '/api/v1/notification/preferences', prefs)).statusCode).toBe(
      200,
    );

    const liked = await as(owner, 'POST', '/api/v2/user/like', {
      target: 'nft',
      id: cat.nfts.n2,
      address: owner.address,
      like: true,
    });
    expect(liked.statusCode, liked.body).toBe(200);
    expect(
      (await as(owner, 'POST', '/api/v2/user/follow', { userId: cat.carol.id, follow: true }))
        .statusCode,
    ).toBe(200);

    await t.db
      .insertInto('gifts')
      .values({
        network_id: t.config.chainId,
        gift_id: GIFT_ID,
        giver: ownerAddress,
        claim_key: lower(giftKey.address),
        collection_address: lower(cat.c1Address),
        token_id: '1',
        created_tx: `0x${'71'.repeat(32)}`,
        created_block: '1',
        created_at: new Date(),
        status: 'OPEN',
        recipient: null,
        closed_tx: null,
      })
      .execute();
    const message = await as(owner, 'POST', '/api/v1/gifts/messages', {
      messageId: MESSAGE_ID,
      message: `${MARKER} gift message`,
    });
    expect(message.statusCode, message.body).toBe(201);

    const upload = await uploadAs(owner);
    expect(upload.statusCode, upload.body).toBe(201);
    uploadUrl = json<{ data: { url: string } }>(upload).data.url;
    metadataBody = { name: `${MARKER} cup`, description: 'mine', image: uploadUrl };
    const stored = await as(owner, 'POST', '/api/v1/metadata', metadataBody);
    expect(stored.statusCode, stored.body).toBe(201);

    // The intruder names the owner's linked address as a wallet of its own (no key needed).
    const squat = await as(intruder, 'POST', '/api/v1/ETHwallets/create', {
      name: 'not mine',
      platform: 1,
      address: owner.address,
    });
    expect(squat.statusCode).toBeLessThan(500);
    intruderUnread = json<{ data: { unread: number } }>(
      await as(intruder, 'GET', '/api/v1/notification/unread-count'),
    ).data.unread;
  });
  afterAll(async () => {
    await chain?.close();
    await t?.close();
  });

  /** Everything of the owner's a route could show or change. */
  async function ownerState() {
    const db = t.db;
    const addresses = [lower(owner.address), lower(platformKey.address)];
    const upload = await readFile(
      path.join(t.config.dataDir, 'uploads', path.basename(uploadUrl)),
    ).catch(() => null);
    return {
      user: await db.selectFrom('users').selectAll().where('id', '=', owner.id).execute(),
      revoked: await db
        .selectFrom('revoked_sessions')
        .select('jti')
        .where('user_id', '=', owner.id)
        .execute(),
      uploads: await db
        .selectFrom('uploads')
        .select(['name', 'bytes'])
        .where('user_id', '=', owner.id)
        .orderBy('name')
        .execute(),
      linked: await db
        .selectFrom('bc_addresses')
        .selectAll()
        .where('user_id', '=', owner.id)
        .execute(),
      wallets: await db
        .selectFrom('eth_wallets')
        .selectAll()
        .where('user_id', '=', owner.id)
        .execute(),
      accounts: await db
        .selectFrom('eth_wallet_accounts')
        .selectAll()
        .where('wallet_id', '=', walletId)
        .execute(),
      notifications: await db
        .selectFrom('notifications')
        .select(['id', 'type', 'payload', 'read_at'])
        .where((eb) => eb.or([eb('user_id', '=', owner.id), eb('address', 'in', addresses)]))
        .orderBy('id')
        .execute(),
      prefs: await db
        .selectFrom('notification_prefs')
        .select(['lang', 'email_outbid', 'email_won', 'email_sold'])
        .where('user_id', '=', owner.id)
        .execute(),
      likes: await db
        .selectFrom('likes')
        .select(['target', 'target_id', 'address'])
        .where('address', 'in', addresses)
        .orderBy('id')
        .execute(),
      follows: await db
        .selectFrom('follows')
        .select(['follower_id', 'followee_id'])
        .where('follower_id', '=', owner.id)
        .execute(),
      gifts: await db.selectFrom('gifts').selectAll().where('giver', 'in', addresses).execute(),
      giftMessages: await db
        .selectFrom('gift_messages')
        .select(['message_id', 'message', 'user_id'])
        .where('message_id', '=', MESSAGE_ID)
        .execute(),
      metadata: await db
        .selectFrom('metadata_documents')
        .select(['hash', 'body', 'user_id'])
        .where('user_id', '=', owner.id)
        .execute(),
      upload: upload ? createHash('sha256').update(upload).digest('hex') : null,
      orders: await db
        .selectFrom('orders')
        .select(['order_hash', 'status', 'price', 'taker'])
        .where('maker', 'in', addresses)
        .orderBy('order_hash')
        .execute(),
      bids: await db
        .selectFrom('bids')
        .select(['id', 'amount', 'is_highest'])
        .where('bidder', 'in', addresses)
        .orderBy('id')
        .execute(),
    };
  }

  /** Values only the owner may see (her e-mail, keystore, wallet name, notification, message). */
  const privateValues = () => [owner.email, keystore.Crypto.ciphertext, MARKER];

  const CASES: Case[] = [
    {
      op: 'GET /api/v1/account/info',
      attempt: "the owner's profile by her id",
      send: () => as(intruder, 'GET', '/api/v1/account/info', undefined, { id: String(owner.id) }),
      check: (res) => expect(json<{ data: { id: number } }>(res).data.id).toBe(intruder.id),
    },
    {
      op: 'PUT /api/v1/account/info',
      attempt: "a new name and bio with the owner's id in the body",
      send: () =>
        as(intruder, 'PUT', '/api/v1/account/info', {
          id: owner.id,
          userId: owner.id,
          bio: 'hijacked',
        }),
      check: (res) =>
        expect(json<{ data?: { id: number } }>(res).data?.id ?? intruder.id).toBe(intruder.id),
    },
    {
      op: 'POST /api/v1/account/info',
      attempt: "the multipart form with the owner's id as a field",
      send: async () => {
        const form = await multipartPayload({ id: String(owner.id), bio: 'hijacked' });
        return t.app.inject({
          method: 'POST',
          url: '/api/v1/account/info',
          headers: { ...intruder.auth, ...form.headers },
          payload: form.payload,
        });
      },
      check: (res) => expect(res.statusCode).toBeLessThan(500),
    },
    {
      op: 'POST /api/v1/account/change-password',
      attempt: "a new password with the owner's id in the body",
      send: () =>
        as(intruder, 'POST', '/api/v1/account/change-password', {
          userId: owner.id,
          currentPassword: 'not-the-password',
          newPassword: 'hijacked-123',
          confirmPassword: 'hijacked-123',
        }),
      check: (res) => expect(codeOf(res)).toEqual([400, 'WRONG_PASSWORD']),
    },
    {
      op: 'POST /api/v1/bc-address/add-to-account',
      attempt: "the owner's address, proved with the intruder's own signature",
      send: async () => {
        const proof = await signedSiweMessage(t, intruder.wallet);
        return as(intruder, 'POST', '/api/v1/bc-address/add-to-account', {
          new_bc_address: owner.address,
          message: proof.message,
          signature: proof.signature,
        });
      },
      check: (res) => expect(codeOf(res)).toEqual([401, 'INVALID_SIGNATURE']),
    },
    {
      op: 'POST /api/v1/ETHwallets/create',
      attempt: "a wallet at the owner's platform-wallet address",
      send: () =>
        as(intruder, 'POST', '/api/v1/ETHwallets/create', {
          name: 'copy',
          platform: 1,
          address: platformKey.address,
        }),
      // Storing a wallet proves nothing: the rows after this one show it gives nothing.
      check: (res) => expect(res.statusCode).toBeLessThan(500),
    },
    {
      op: 'GET /api/v1/ETHwallets/get',
      attempt: 'the wallet list',
      send: () =>
        as(intruder, 'GET', '/api/v1/ETHwallets/get', undefined, { userId: String(owner.id) }),
      check: (res) => expect(listed(res, '_id')).not.toContain(walletId),
    },
    {
      op: 'GET /api/v1/ETHwallets/account/{platform}',
      attempt: "the keystore of the owner's wallet by its id",
      send: () =>
        as(intruder, 'GET', '/api/v1/ETHwallets/account/0', undefined, {
          walletID: String(walletId),
        }),
      check: (res) => expect(codeOf(res)).toEqual([404, 'WALLET_NOT_FOUND']),
    },
    {
      op: 'POST /api/v1/ETHwallets/account/create',
      attempt: "an account added to the owner's wallet",
      send: () => {
        const key = Wallet.createRandom() as unknown as Wallet;
        return as(intruder, 'POST', '/api/v1/ETHwallets/account/create', {
          walletId,
          address: key.address,
          encPrivateKey: keystoreOf(key),
        });
      },
      check: (res) => expect(codeOf(res)).toEqual([404, 'WALLET_NOT_FOUND']),
    },
    {
      op: 'PUT /api/v1/ETHwallets/switchActive/{walletId}',
      attempt: "the owner's wallet switched off, then on",
      send: async () => {
        const off = await as(intruder, 'PUT', `/api/v1/ETHwallets/switchActive/${walletId}`, {
          isActive: 0,
        });
        expect(codeOf(off)).toEqual([404, 'WALLET_NOT_FOUND']);
        return as(intruder, 'PUT', `/api/v1/ETHwallets/switchActive/${walletId}`, {
          isActive: 1,
          hashedPassword: 'h'.repeat(64),
        });
      },
      check: (res) => expect(codeOf(res)).toEqual([404, 'WALLET_NOT_FOUND']),
    },
    {
      op: 'GET /api/v1/notification',
      attempt: 'the notification list',
      send: () =>
        as(intruder, 'GET', '/api/v1/notification', undefined, { userId: String(owner.id) }),
      check: (res) => expect(listed(res, 'id')).not.toContain(notificationId),
    },
    {
      op: 'GET /api/v1/notification/unread-count',
      attempt: 'the unread count',
      send: () => as(intruder, 'GET', '/api/v1/notification/unread-count'),
      // its own unread notifications (from the catalogue's bids), not the owner's
      check: (res) => expect(json(res)).toEqual({ data: { unread: intruderUnread } }),
    },
    {
      op: 'POST /api/v1/notification/read',
      attempt: "the owner's notification marked read by its id",
      send: () => as(intruder, 'POST', '/api/v1/notification/read', { ids: [notificationId] }),
      check: (res) => expect(json(res)).toEqual({ data: { marked: 0 } }),
    },
    {
      op: 'POST /api/v1/notification/read-all',
      attempt: 'every notification marked read',
      send: () => as(intruder, 'POST', '/api/v1/notification/read-all', {}),
      check: (res) => expect(json(res)).toEqual({ data: { marked: intruderUnread } }),
    },
    {
      op: 'GET /api/v1/notification/preferences',
      attempt: "the e-mail choices with the owner's id",
      send: () =>
        as(intruder, 'GET', '/api/v1/notification/preferences', undefined, {
          userId: String(owner.id),
        }),
      // the defaults, not the owner's (she turned two off)
      check: (res) =>
        expect(json(res)).toMatchObject({ data: { emailOutbid: true, emailSold: true } }),
    },
    {
      op: 'PUT /api/v1/notification/preferences',
      attempt: "the e-mail choices changed with the owner's id",
      send: () =>
        as(intruder, 'PUT', '/api/v1/notification/preferences', {
          userId: owner.id,
          lang: 'vi',
          emailOutbid: true,
          emailWon: false,
          emailSold: true,
        }),
      check: (res) => expect(res.statusCode).toBeLessThan(500),
    },
    {
      op: 'GET /api/v1/gifts/mine',
      attempt: "the gifts given from the owner's address",
      send: () => as(intruder, 'GET', '/api/v1/gifts/mine'),
      check: (res) => expect(json<{ data: unknown[] }>(res).data).toEqual([]),
    },
    {
      op: 'POST /api/v1/gifts/messages',
      attempt: "the owner's gift message written over",
      send: () =>
        as(intruder, 'POST', '/api/v1/gifts/messages', {
          messageId: MESSAGE_ID,
          message: 'hijacked',
        }),
      check: (res) => expect(codeOf(res)).toEqual([409, 'GIFT_MESSAGE_EXISTS']),
    },
    {
      op: 'POST /api/v1/gifts/{giftId}/claim',
      attempt: "the owner's gift claimed to her address (to be taken from there) with a forged key",
      send: async () => {
        const signature = await intruder.wallet.signMessage('not the claim key');
        const toOwner = await as(intruder, 'POST', `/api/v1/gifts/${GIFT_ID}/claim`, {
          recipient: owner.address,
          signature,
        });
        expect(codeOf(toOwner)).toEqual([403, 'FORBIDDEN']);
        return as(intruder, 'POST', `/api/v1/gifts/${GIFT_ID}/claim`, {
          recipient: intruder.address,
          signature,
        });
      },
      check: (res) => expect(codeOf(res)).toEqual([401, 'INVALID_SIGNATURE']),
    },
    {
      op: 'POST /api/v1/studio/media',
      attempt: "an upload as a partner through the owner's address",
      send: () => uploadAs(intruder),
      check: (res) => expect(codeOf(res)).toEqual([403, 'NOT_PARTNER']),
    },
    {
      op: 'POST /api/v1/metadata',
      attempt: "the owner's metadata document stored again as a partner through her address",
      send: () => as(intruder, 'POST', '/api/v1/metadata', metadataBody),
      check: (res) => expect(codeOf(res)).toEqual([403, 'NOT_PARTNER']),
    },
    {
      op: 'POST /api/v1/drops/metadata',
      attempt: "a drop's document stored as a partner through the owner's address",
      send: () =>
        as(intruder, 'POST', '/api/v1/drops/metadata', {
          ...metadataBody,
          collection: owner.address,
        }),
      check: (res) => expect(codeOf(res)).toEqual([403, 'NOT_PARTNER']),
    },
    {
      op: 'POST /api/v1/drops/pools',
      attempt: "a magic bag's pool stored as a partner through the owner's address",
      send: () => as(intruder, 'POST', '/api/v1/drops/pools', { uris: [`${MARKER} item`] }),
      check: (res) => expect(codeOf(res)).toEqual([403, 'NOT_PARTNER']),
    },
    {
      op: 'GET /api/v2/bid/bids-by-bidder',
      attempt: "the owner's bids through her address",
      send: () =>
        as(intruder, 'GET', '/api/v2/bid/bids-by-bidder', undefined, { bidder: owner.address }),
      // the intruder has bid on nothing
      check: (res) => expect(json<{ data: unknown[] }>(res).data).toEqual([]),
    },
    {
      op: 'GET /api/v2/user/my-orders',
      attempt: "the owner's orders through her address",
      send: () => as(intruder, 'GET', '/api/v2/user/my-orders'),
      check: (res) => {
        const orders = json<{ data: { maker: string; taker: string | null }[] }>(res).data;
        expect(orders.length).toBeGreaterThan(0); // the intruder's own
        for (const o of orders) {
          expect(lower(o.maker)).not.toBe(lower(owner.address));
          expect(lower(o.taker ?? '')).not.toBe(lower(owner.address));
        }
      },
    },
    {
      op: 'POST /api/v2/user/like',
      attempt: "the owner's like taken back, and a like in her name",
      send: async () => {
        const unlike = await as(intruder, 'POST', '/api/v2/user/like', {
          target: 'nft',
          id: cat.nfts.n2,
          address: owner.address,
          like: false,
        });
        expect(codeOf(unlike)).toEqual([403, 'USE_WALLET_ACCOUNT']);
        return as(intruder, 'POST', '/api/v2/user/like', {
          target: 'nft',
          id: cat.nfts.n3,
          address: owner.address,
        });
      },
      check: (res) => expect(codeOf(res)).toEqual([403, 'USE_WALLET_ACCOUNT']),
    },
    {
      op: 'POST /api/v2/user/hackLike',
      attempt: "likes in the owner's name (an admin's tool)",
      send: () =>
        as(intruder, 'POST', '/api/v2/user/hackLike', {
          target: 'nft',
          id: cat.nfts.n4,
          addresses: [owner.address],
        }),
      check: (res) => expect(codeOf(res)).toEqual([403, 'FORBIDDEN']),
    },
    {
      op: 'POST /api/v2/user/follow',
      attempt: "the owner's follow of someone taken back, with her id as the follower",
      send: () =>
        as(intruder, 'POST', '/api/v2/user/follow', {
          userId: cat.carol.id,
          followerId: owner.id,
          follow: false,
        }),
      check: (res) => expect(res.statusCode).toBeLessThan(500),
    },
    {
      // Last: it ends the intruder's own session.
      op: 'POST /api/v1/account/sign-out',
      attempt: "a sign-out naming the owner's id: only the caller's session ends",
      send: () => as(intruder, 'POST', '/api/v1/account/sign-out', { userId: owner.id }),
      check: async (res) => {
        expect(res.statusCode).toBe(200);
        expect((await as(owner, 'GET', '/api/v1/account/info')).statusCode).toBe(200);
        expect((await as(intruder, 'GET', '/api/v1/account/info')).statusCode).toBe(401);
      },
    },
  ];

  it('has a row for every operation that needs a session', () => {
    const doc = (
      t.app as unknown as {
        swagger(): { paths: Record<string, Record<string, { security?: object[] }>> };
      }
    ).swagger();
    const sessionOps = Object.entries(doc.paths).flatMap(([route, methods]) =>
      Object.entries(methods)
        .filter(([, op]) => op.security?.some((s) => 'bearer' in s))
        .map(([method]) => `${method.toUpperCase()} ${route}`),
    );
    expect(sessionOps.length).toBeGreaterThan(20);
    expect(new Set(CASES.map((c) => c.op))).toEqual(new Set(sessionOps));
  });

  // In order: the rows share one database, and each checks the owner's state after it.
  for (const c of CASES) {
    it(`${c.op}: ${c.attempt}`, async () => {
      const before = await ownerState();
      const res = await c.send();
      expect(res.statusCode, res.body).toBeLessThan(500);
      await c.check(res);
      for (const value of privateValues()) expect(lower(res.body)).not.toContain(lower(value));
      expect(await ownerState()).toEqual(before);
    });
  }

  it('the live stream, the public profile and e-mail verification give nothing of the owner', async () => {
    const stream = await as(intruder, 'GET', '/api/v1/live', undefined, {
      topics: `address:${lower(owner.address)}`,
    });
    expect(codeOf(stream)).toEqual([400, 'VALIDATION_FAILED']);
    const profile = await t.app.inject({ url: '/api/v2/user', query: { id: String(owner.id) } });
    expect(profile.statusCode).toBe(200);
    expect(json<{ data: { id: number }[] }>(profile).data[0]?.id).toBe(owner.id);
    for (const value of privateValues()) expect(lower(profile.body)).not.toContain(lower(value));
    // the owner's verification link with a guessed token
    const before = await ownerState();
    const verify = await t.app.inject({
      url: `/api/v1/account/verify-email/${owner.id}/${'A'.repeat(43)}`,
    });
    expect(verify.statusCode).toBeGreaterThanOrEqual(400);
    expect(verify.statusCode).toBeLessThan(500);
    expect(await ownerState()).toEqual(before);
  });
});
