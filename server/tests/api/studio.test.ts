/**
 * The partner studio's server side against a real anvil with the marketplace deployed: uploads
 * and metadata are taken only from an account whose wallet holds the partner role now (a
 * non-partner and a partner whose role was taken back are refused with NOT_PARTNER, a catalogue
 * code the app says in both languages: src/lib/errors.test.ts); image uploads checked by their bytes (wrong type, SVG with script,
 * oversized: refused; a PNG carrying markup is served as an image, never sniffed as a page);
 * metadata documents stored under their sha256 and served as they were hashed, and the indexer's
 * reading of such a URI (used only while the hash still matches).
 */
import { createHash } from 'node:crypto';
import { Contract, id, Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLECTION_FACTORY_ABI } from '#contracts/abi/index.ts';
import { ERRORS, type ErrorCode } from '#server/errors.ts';
import { loadMetadata } from '#server/indexer/metadata.ts';
import { sha256Hex } from '#server/studio/metadata-store.ts';
import type { MetadataBody } from '#shared/schemas/studio.ts';
import { createSignedInUser, linkAddress, type SignedInUser } from '../helpers/accounts.ts';
import { multipartPayload, TINY_PNG } from '../helpers/multipart.ts';
import { describeBackends, json, ROUTE_BACKENDS, type TestApp } from '../helpers/test-app.ts';
import { type ChainFixture, mined, startChainFixture } from '../indexer/fixture.ts';

function expectError(res: { statusCode: number; body: string }, status: number, code: ErrorCode) {
  expect(res.statusCode).toBe(status);
  expect(json<{ code: string; message: string }>(res)).toMatchObject({
    code,
    message: ERRORS[code].message,
  });
}

const SVG_WITH_SCRIPT = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>',
);

const upload = async (
  t: TestApp,
  user: SignedInUser | null,
  bytes: Uint8Array,
  name: string,
  type = 'image/png',
) => {
  const form = await multipartPayload({}, { image: { bytes, filename: name, type } });
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/studio/media',
    headers: { ...(user?.auth ?? {}), ...form.headers },
    payload: form.payload,
  });
};

describeBackends(
  'partner studio: uploads and metadata',
  (t) => {
    let chain: ChainFixture;
    let testChain: ChainFixture;
    let factory: Contract;
    const PARTNER_ROLE = id('PARTNER_ROLE');

    /** The owner (anvil #0, the deployer) gives or takes back the partner role. */
    const setRole = (address: string, grant: boolean) =>
      mined(factory.getFunction(grant ? 'grantRole' : 'revokeRole')(PARTNER_ROLE, address));

    /** A signed-in user whose linked wallet holds the partner role (or not, `grant` false). */
    async function partnerUser(grant = true): Promise<SignedInUser & { wallet: Wallet }> {
      const user = await createSignedInUser(t);
      const wallet = new Wallet(Wallet.createRandom().privateKey);
      expect((await linkAddress(t, user.auth, wallet)).statusCode).toBe(200);
      if (grant) await setRole(wallet.address, true);
      return { ...user, wallet };
    }

    beforeAll(async () => {
      chain = await startChainFixture(t.db, t.config.databaseUrl);
      expect(chain.deployment.chainId).toBe(t.config.chainId);
      factory = new Contract(
        chain.deployment.collectionFactory,
        COLLECTION_FACTORY_ABI,
        chain.wallet(0),
      );
      testChain = await startChainFixture(t.db, t.config.databaseUrl, { chainId: 97 });
    });
    afterAll(async () => {
      await testChain?.close();
      await chain?.close();
    });

    describe('partners only', () => {
      const storeDocument = (user: SignedInUser) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/metadata',
          headers: user.auth,
          payload: { name: 'Cup', description: '', image: `/uploads/${'a'.repeat(64)}.png` },
        });

      it('refuses an account with no partner wallet, with its catalogue code', async () => {
        const user = await partnerUser(false);
        expectError(await upload(t, user, TINY_PNG, 'x.png'), 403, 'NOT_PARTNER');
        expectError(await storeDocument(user), 403, 'NOT_PARTNER');
        // An account with no wallet at all is no partner either.
        const bare = await createSignedInUser(t);
        expectError(await upload(t, bare, TINY_PNG, 'x.png'), 403, 'NOT_PARTNER');
        // Naming a partner's address as a wallet of one's own proves nothing (no signature).
        const partner = await partnerUser();
        const squat = await t.app.inject({
          method: 'POST',
          url: '/api/v1/ETHwallets/create',
          headers: bare.auth,
          payload: { name: 'not mine', platform: 1, address: partner.wallet.address },
        });
        expect(squat.statusCode).toBeLessThan(500);
        expectError(await upload(t, bare, TINY_PNG, 'x.png'), 403, 'NOT_PARTNER');
      });

      it('takes a partner’s upload and document, and refuses them once the role is taken back', async () => {
        const user = await partnerUser();
        expect((await upload(t, user, TINY_PNG, 'x.png')).statusCode).toBe(201);
        expect((await storeDocument(user)).statusCode).toBe(201);
        await setRole(user.wallet.address, false);
        expectError(await upload(t, user, TINY_PNG, 'x.png'), 403, 'NOT_PARTNER');
        expectError(await storeDocument(user), 403, 'NOT_PARTNER');
      });

      it('takes a partner of the test chain only: the studio mints on the network chosen', async () => {
        const user = await partnerUser(false);
        expectError(await upload(t, user, TINY_PNG, 'x.png'), 403, 'NOT_PARTNER');
        const factory97 = new Contract(
          testChain.deployment.collectionFactory,
          COLLECTION_FACTORY_ABI,
          testChain.wallet(0),
        );
        await mined(factory97.getFunction('grantRole')(PARTNER_ROLE, user.wallet.address));
        expect((await upload(t, user, TINY_PNG, 'x.png')).statusCode).toBe(201);
        expect((await storeDocument(user)).statusCode).toBe(201);
      });

      it('refuses before reading the body: a non-partner learns nothing of its checks', async () => {
        const user = await partnerUser(false);
        expectError(await upload(t, user, SVG_WITH_SCRIPT, 'x.svg'), 403, 'NOT_PARTNER');
        const invalid = await t.app.inject({
          method: 'POST',
          url: '/api/v1/metadata',
          headers: user.auth,
          payload: { name: '' },
        });
        expectError(invalid, 403, 'NOT_PARTNER');
      });
    });

    describe('POST /api/v1/studio/media', () => {
      it('stores an image under its content hash, with thumbnails as every upload', async () => {
        const user = await partnerUser();
        const res = await upload(t, user, TINY_PNG, 'art.png');
        expect(res.statusCode).toBe(201);
        const { url } = json<{ data: { url: string } }>(res).data;
        expect(url).toBe(`/uploads/${createHash('sha256').update(TINY_PNG).digest('hex')}.png`);
        const thumb = await t.app.inject({
          method: 'GET',
          url: `/uploads/thumbs/240/${url.slice(9)}`,
        });
        expect(thumb.statusCode).toBe(200);
        expect(thumb.headers['content-type']).toBe('image/webp');
      });

      it.each([
        [
          'a text file named .png',
          Buffer.from('hello, not an image'),
          415,
          'UNSUPPORTED_MEDIA_TYPE',
        ],
        ['an SVG with a script', SVG_WITH_SCRIPT, 415, 'UNSUPPORTED_MEDIA_TYPE'],
        ['an empty file', Buffer.alloc(0), 415, 'UNSUPPORTED_MEDIA_TYPE'],
        [
          'an image over 5 MB',
          Buffer.concat([TINY_PNG, Buffer.alloc(5 * 1024 * 1024 + 10)]),
          413,
          'PAYLOAD_TOO_LARGE',
        ],
      ] as const)('refuses %s', async (_name, bytes, status, code) => {
        const user = await partnerUser();
        expectError(await upload(t, user, bytes, 'x.png'), status, code);
      });

      it('refuses an SVG sent as one, whatever the name and type say', async () => {
        const user = await partnerUser();
        expectError(
          await upload(t, user, SVG_WITH_SCRIPT, 'x.svg', 'image/svg+xml'),
          415,
          'UNSUPPORTED_MEDIA_TYPE',
        );
      });

      it('serves a PNG carrying markup as an image the browser must not sniff as a page', async () => {
        const user = await partnerUser();
        const polyglot = Buffer.concat([TINY_PNG, Buffer.from('<html><script>alert(1)</script>')]);
        const res = await upload(t, user, polyglot, 'x.html', 'text/html');
        expect(res.statusCode).toBe(201);
        const { url } = json<{ data: { url: string } }>(res).data;
        expect(url).toMatch(/^\/uploads\/[0-9a-f]{64}\.png$/);
        const served = await t.app.inject({ method: 'GET', url });
        expect(served.headers['content-type']).toBe('image/png');
        expect(served.headers['x-content-type-options']).toBe('nosniff');
      });

      it('needs a signed-in user', async () => {
        expectError(await upload(t, null, TINY_PNG, 'x.png'), 401, 'UNAUTHORIZED');
      });
    });

    describe('/api/v1/metadata', () => {
      const body = (image: string): MetadataBody => ({
        name: 'Jade cup',
        description: 'A cup',
        image,
        category: 'art',
        attributes: [{ trait_type: 'Material', value: 'Jade' }],
        inspection_reports: [
          {
            inspector: 'Lab',
            result: 'PASSED',
            summary: 'Genuine',
            inspected_at: '2026-11-01',
            document_url: null,
          },
        ],
      });

      async function stored(user: SignedInUser) {
        const image = json<{ data: { url: string } }>(await upload(t, user, TINY_PNG, 'a.png')).data
          .url;
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/v1/metadata',
          headers: user.auth,
          payload: body(image),
        });
        expect(res.statusCode).toBe(201);
        return json<{ data: { hash: string; uri: string } }>(res).data;
      }

      it('answers a URI naming the sha256 of the bytes it then serves, immutable', async () => {
        const user = await partnerUser();
        const { hash, uri } = await stored(user);
        expect(uri).toBe(`${t.config.publicUrl}/api/v1/metadata/${hash}.json`);
        const res = await t.app.inject({ method: 'GET', url: `/api/v1/metadata/${hash}.json` });
        expect(res.statusCode).toBe(200);
        expect(sha256Hex(res.body)).toBe(hash);
        expect(res.headers['cache-control']).toContain('immutable');
        expect(JSON.parse(res.body)).toMatchObject({
          name: 'Jade cup',
          category: 'art',
          attributes: [{ trait_type: 'Material', value: 'Jade' }],
        });
        // The same content is the same document.
        expect((await stored(user)).hash).toBe(hash);
      });

      it('the indexer reads it from the store, and refuses it once the bytes no longer match', async () => {
        const user = await partnerUser();
        const { hash, uri } = await stored(user);
        const local = async (h: string) =>
          (
            await t.db
              .selectFrom('metadata_documents')
              .select('body')
              .where('hash', '=', h)
              .executeTakeFirst()
          )?.body ?? null;
        expect((await loadMetadata(uri, local))?.attributes).toEqual([
          { trait_type: 'Material', value: 'Jade', display_type: null },
        ]);
        const tampered = JSON.stringify({ name: 'Swapped', description: '', image: '/x.png' });
        await t.db
          .updateTable('metadata_documents')
          .set({ body: tampered })
          .where('hash', '=', hash)
          .execute();
        expect(await loadMetadata(uri, local)).toBeNull();
        const res = await t.app.inject({ method: 'GET', url: `/api/v1/metadata/${hash}.json` });
        expect(res.statusCode).toBe(404);
      });

      it.each([
        ['an image that is not one of our uploads', { image: 'https://evil.test/x.png' }],
        ['an unknown key', { animation_url: 'javascript:alert(1)' }],
        ['no name', { name: '' }],
      ])('refuses %s', async (_name, change) => {
        const user = await partnerUser();
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/v1/metadata',
          headers: user.auth,
          payload: { ...body(`/uploads/${'a'.repeat(64)}.png`), ...change },
        });
        expect(res.statusCode).toBe(400);
      });

      it('refuses a file name that is not a sha256, and an unknown hash', async () => {
        for (const url of [
          '/api/v1/metadata/abc.json',
          `/api/v1/metadata/${'0'.repeat(64)}.json`,
        ]) {
          const res = await t.app.inject({ method: 'GET', url });
          expect([400, 404]).toContain(res.statusCode);
        }
      });
    });
  },
  { backends: ROUTE_BACKENDS },
);
