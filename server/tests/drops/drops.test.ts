/**
 * Drops against a real anvil and the real indexer, on both database backends (the indexer's SQL
 * and journal): an edition's numbered NFTs and the lists by state; a pre-order's INCOMING items in
 * the catalogue, their delivery, the refund after the deadline and its undoing by a reorg; a
 * magic bag sold out, revealed, its pool published and a bag opened with the served proof; the
 * notifications of each; refusals read as catalogue codes.
 */
import { Contract, type Wallet } from 'ethers';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DROPS_ABI } from '#contracts/abi/index.ts';
import { buyDrop, createDrop, type DropInput } from '#scripts/lib/drops.ts';
import { revertError } from '#server/chain/reverts.ts';
import { notificationMail } from '#server/notifications/mail.ts';
import { createSignedInUser, linkAddress, type SignedInUser } from '../helpers/accounts.ts';
import { ALL_BACKENDS, describeBackends, json } from '../helpers/test-app.ts';
import {
  type ChainFixture,
  metadataUri,
  mined,
  ONE,
  ownersVersusChain,
  startChainFixture,
} from '../indexer/fixture.ts';

describeBackends(
  'drops',
  (t) => {
    let chain: ChainFixture;
    let partner: Wallet;
    let a: Wallet;
    let b: Wallet;
    let dropsAddress: string;
    let partnerUser: SignedInUser;
    let collection: string;

    const sync = () => chain.newIndexer(t.db).syncToHead();
    const now = async () => (await chain.provider.getBlock('latest'))!.timestamp;
    // biome-ignore lint/suspicious/noExplicitAny: answers read field by field in the assertions
    type Body = { data: any; total: number };
    const get = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, res.body).toBe(200);
      return json<Body>(res);
    };
    const create = (d: Omit<DropInput, 'uri'> & { name: string }) =>
      createDrop(partner, dropsAddress, {
        ...d,
        uri: metadataUri({ name: d.name, description: 'd', image: '/uploads/c.png', collection }),
      });
    const drops = (runner: Wallet) => new Contract(dropsAddress, DROPS_ABI, runner);
    /** The catalogue code of a refused drop call (the server's revert reader). */
    const refusal = async (call: Promise<unknown>) => {
      try {
        await call;
      } catch (error) {
        return revertError(error).code;
      }
      throw new Error('not refused');
    };
    const notified = (type: string, address: string) =>
      t.db
        .selectFrom('notifications')
        .select(['payload', 'network_id'])
        .where('type', '=', type)
        .where('address', '=', address.toLowerCase())
        .execute();
    const tokenId = (dropId: bigint, serial: number) =>
      ((dropId << 32n) | BigInt(serial)).toString();

    beforeAll(async () => {
      chain = await startChainFixture(t.db, t.config.databaseUrl);
      partner = chain.wallet(2);
      a = chain.wallet(3);
      b = chain.wallet(4);
      dropsAddress = chain.deployment.drops!;
      const art = await chain.createCollection(partner, { name: 'Drop art' });
      collection = await art.getAddress();
      partnerUser = await createSignedInUser(t);
      expect((await linkAddress(t, partnerUser.auth, partner)).statusCode).toBe(200);
      const follower = await createSignedInUser(t);
      expect((await linkAddress(t, follower.auth, chain.wallet(5))).statusCode).toBe(200);
      await t.db
        .insertInto('follows')
        .values({ follower_id: follower.id, followee_id: partnerUser.id })
        .execute();
    });
    afterAll(async () => {
      await chain?.close();
    });

    it('indexes an edition: numbered NFTs of its partner, counters, holdings, lists by state', async () => {
      const t0 = await now();
      const id = await create({
        kind: 'EDITION',
        name: 'Edition',
        price: ONE,
        total: 50,
        limitPerWallet: 3,
        start: t0,
        end: t0 + 3600,
      });
      await buyDrop(a, dropsAddress, id, 3, ONE);
      expect(await refusal(drops(a).getFunction('buy').staticCall(id, 1n, { value: ONE }))).toBe(
        'DROP_OVER_LIMIT',
      );
      await sync();
      const third = await get(
        `/api/v2/show/market-nft?collectionAddr=${dropsAddress}&tokenId=${tokenId(id, 3)}`,
      );
      expect(third.data).toMatchObject({
        owner: a.address,
        creator: partner.address,
        name: 'Edition',
        edition: { number: 3, total: 50 },
      });
      const live = await get('/api/v1/drops?state=live&kind=EDITION');
      expect(live.data).toEqual([
        expect.objectContaining({
          dropId: String(id),
          state: 'live',
          sold: 3,
          delivered: 3,
          itemsLeft: 47,
          collectionAddr: collection,
          title: 'Edition',
          cover: '/uploads/c.png',
        }),
      ]);
      const holding = await get(`/api/v1/drops/${t.config.chainId}/${id}/holdings/${a.address}`);
      expect(holding.data).toMatchObject({ bought: 3, canBuy: 0, paid: String(3n * ONE) });
      const opened = await notified('DROP_OPENED', chain.wallet(5).address);
      expect(opened).toEqual([
        {
          network_id: t.config.chainId,
          payload: expect.objectContaining({ dropId: String(id), networkId: t.config.chainId }),
        },
      ]);

      // the partner takes the proceeds, then cancels: the sale ends at the cancellation's block
      await mined(drops(chain.wallet(7)).getFunction('withdraw')(id));
      await mined(drops(partner).getFunction('cancel')(id));
      await sync();
      const detail = (await get(`/api/v1/drops/${t.config.chainId}/${id}`)).data;
      expect(detail).toMatchObject({ state: 'ended', cancelled: true });
      const row = await t.db
        .selectFrom('drops')
        .select('withdrawn')
        .where('drop_id', '=', String(id))
        .executeTakeFirstOrThrow();
      expect(row.withdrawn).toBe(String(3n * ONE));
    });

    it('keeps pre-orders INCOMING until delivered or refunded; a reorg undoes a refund', async () => {
      const t0 = await now();
      const id = await create({
        kind: 'PRE_ORDER',
        name: 'Apartment',
        price: ONE,
        total: 20,
        limitPerWallet: 2,
        start: t0,
        end: t0 + 100,
        deadline: t0 + 200,
      });
      await buyDrop(a, dropsAddress, id, 2, ONE);
      await buyDrop(b, dropsAddress, id, 2, ONE);
      expect(await refusal(drops(b).getFunction('refund').staticCall(id))).toBe(
        'DROP_REFUND_NOT_OPEN',
      );
      await sync();
      const incoming = (owner: string) =>
        get(`/api/v2/show/market-nfts-unique?owner=${owner}&status=INCOMING`);
      expect((await incoming(a.address)).total).toBe(2);
      expect((await incoming(b.address)).total).toBe(2);

      const delivery = await mined(
        drops(partner).getFunction('deliver')(id, a.address, [metadataUri({ name: 'Flat 12A' })]),
      );
      const indexed = (hash: string) =>
        get(`/api/v1/drops/indexed?networkId=${t.config.chainId}&txHash=${hash}`);
      expect((await indexed(delivery.hash)).data).toEqual({ indexed: false });
      await sync();
      expect((await indexed(delivery.hash)).data).toEqual({ indexed: true });
      const buyers = await get(`/api/v1/drops/${t.config.chainId}/${id}/buyers?undelivered=1`);
      expect(buyers.data).toEqual([
        { address: b.address, bought: 2, delivered: 0, refunded: 0, undelivered: 2 },
        { address: a.address, bought: 2, delivered: 1, refunded: 0, undelivered: 1 },
      ]);
      expect((await incoming(a.address)).total).toBe(1);
      const flat = (
        await get(
          `/api/v2/show/market-nft?collectionAddr=${dropsAddress}&tokenId=${tokenId(id, 1)}`,
        )
      ).data;
      expect(flat).toMatchObject({ owner: a.address, status: 'NOTFORSALE', name: 'Flat 12A' });
      const history = await get(`/api/v2/show/provenance?item_id=${flat.item_id}`);
      expect(history.data.map((e: { type: string }) => e.type).sort()).toEqual([
        'DELIVER',
        'PRE_ORDER',
      ]);
      const [delivered] = await notified('DROP_DELIVERED', a.address);
      expect(delivered?.payload).toMatchObject({ networkId: t.config.chainId, name: 'Apartment' });
      for (const lang of ['en', 'vi'] as const) {
        const mail = notificationMail(lang, 'DROP_DELIVERED', delivered!.payload, 'a', 'http://x', {
          name: 'VBChain devnet',
          nativeSymbol: 'VBC',
          wrappedSymbol: 'WVBC',
        });
        expect(mail?.subject).toContain('Apartment');
      }

      await chain.provider.send('evm_increaseTime', [300]);
      await chain.provider.send('evm_mine', []);
      await sync();
      expect(
        (await get('/api/v1/drops?state=ended')).data.map((d: { dropId: string }) => d.dropId),
      ).toContain(String(id));
      expect(await notified('DROP_REFUNDABLE', b.address)).toEqual([
        expect.objectContaining({ payload: expect.objectContaining({ quantity: 2 }) }),
      ]);
      const holding = `/api/v1/drops/${t.config.chainId}/${id}/holdings/${b.address}`;
      expect((await get(holding)).data).toMatchObject({
        undelivered: 2,
        refundable: String(2n * ONE),
      });

      const indexer = chain.newIndexer(t.db);
      const snapshot = await chain.provider.send('evm_snapshot', []);
      await mined(drops(b).getFunction('refund')(id));
      await indexer.syncToHead();
      expect((await incoming(b.address)).total).toBe(0);
      const ledger = await get(`/api/v1/drops/purchases?address=${b.address}`);
      expect(ledger.data.map((e: { type: string }) => e.type)).toEqual(['REFUND', 'PURCHASE']);
      expect((await get(holding)).data).toMatchObject({ refunded: 2, refundable: '0' });

      await chain.provider.send('evm_revert', [snapshot]);
      await mined((chain.wvbc.connect(a) as Contract).getFunction('deposit')({ value: 1n }));
      await mined((chain.wvbc.connect(a) as Contract).getFunction('deposit')({ value: 2n }));
      expect((await indexer.syncOnce()).kind).toBe('reorg');
      await indexer.syncToHead();
      const back = await incoming(b.address);
      expect(back.total).toBe(2);
      const restored = await get(`/api/v2/show/provenance?item_id=${back.data[0].item_id}`);
      expect(restored.data.map((e: { type: string }) => e.type)).toEqual(['PRE_ORDER']);
      expect((await get(holding)).data).toMatchObject({ refunded: 0, undelivered: 2 });
      expect((await get(`/api/v1/drops/purchases?address=${b.address}`)).total).toBe(1);
      for (const row of await ownersVersusChain(t.db, chain.provider)) {
        expect(row.indexed, row.token).toEqual(row.chain);
      }
    });

    it('reveals a sold-out magic bag: pool published, a bag opened with the served proof', async () => {
      const uris = [1, 2, 3, 4].map((i) =>
        metadataUri({ name: `Item ${i}`, image: `/uploads/${i}.png` }),
      );
      const pool = await t.app.inject({
        method: 'POST',
        url: '/api/v1/drops/pools',
        headers: partnerUser.auth,
        payload: { uris },
      });
      expect(pool.statusCode, pool.body).toBe(201);
      const { poolRoot } = json<{ data: { poolRoot: string } }>(pool).data;
      const t0 = await now();
      const id = await create({
        kind: 'MAGIC_BAG',
        name: 'Bag',
        price: ONE,
        total: 4,
        limitPerWallet: 2,
        start: t0 + 30,
        end: t0 + 1000,
        deadline: t0 + 2000,
        poolRoot,
      });
      expect(await refusal(drops(a).getFunction('buy').staticCall(id, 1n, { value: ONE }))).toBe(
        'DROP_NOT_STARTED',
      );
      await sync();
      expect((await get('/api/v1/drops?state=upcoming')).data).toEqual([
        expect.objectContaining({ dropId: String(id), kind: 'MAGIC_BAG' }),
      ]);
      await chain.provider.send('evm_increaseTime', [30]);
      await buyDrop(a, dropsAddress, id, 2, ONE);
      await buyDrop(b, dropsAddress, id, 2, ONE);
      await mined(drops(a).getFunction('reveal')(id));
      await chain.provider.send('evm_mine', []);
      await mined(drops(b).getFunction('reveal')(id));
      await sync();
      const detail = (await get(`/api/v1/drops/${t.config.chainId}/${id}`)).data;
      expect(detail.bag).toMatchObject({
        revealed: true,
        pool: uris,
        poolRoot,
      });
      expect(await notified('BAG_REVEALED', b.address)).toHaveLength(1);

      const proof = (await get(`/api/v1/drops/${t.config.chainId}/${id}/bags/3/proof`)).data;
      expect(proof.uri).toBe(uris[(2 + detail.bag.offset) % 4]);
      await mined(
        drops(chain.wallet(6)).getFunction('openBag')(proof.tokenId, proof.uri, proof.proof),
      );
      await sync();
      const bag = (
        await get(`/api/v2/show/market-nft?collectionAddr=${dropsAddress}&tokenId=${proof.tokenId}`)
      ).data;
      expect(bag).toMatchObject({
        owner: b.address,
        name: `Item ${proof.poolIndex + 1}`,
        edition: { number: 3, total: 4 },
      });
      const history = await get(`/api/v2/show/provenance?item_id=${bag.item_id}`);
      expect(history.data.map((e: { type: string }) => e.type)).toContain('REVEAL');
      // at the deadline the holders of still sealed bags may take their coin back
      await chain.provider.send('evm_increaseTime', [2_000]);
      await chain.provider.send('evm_mine', []);
      await sync();
      const refundable = async (w: Wallet) =>
        (await notified('DROP_REFUNDABLE', w.address)).filter(
          (n) => (n.payload as { dropId: string }).dropId === String(id),
        );
      expect(await refundable(a)).toEqual([
        expect.objectContaining({ payload: expect.objectContaining({ quantity: 2 }) }),
      ]);
      expect(await refundable(b)).toEqual([
        expect.objectContaining({ payload: expect.objectContaining({ quantity: 1 }) }),
      ]);
    });

    it('refuses with catalogue codes: no drop, no reveal yet, not a partner', async () => {
      const missing = await t.app.inject({
        method: 'GET',
        url: `/api/v1/drops/${t.config.chainId}/999`,
      });
      expect([missing.statusCode, json(missing).code]).toEqual([404, 'DROP_NOT_FOUND']);
      const edition = (await get('/api/v1/drops?kind=EDITION')).data[0].dropId;
      const proof = await t.app.inject({
        method: 'GET',
        url: `/api/v1/drops/${t.config.chainId}/${edition}/bags/1/proof`,
      });
      expect(json(proof).code).toBe('DROP_WRONG_KIND');
      const stranger = await createSignedInUser(t);
      const meta = await t.app.inject({
        method: 'POST',
        url: '/api/v1/drops/metadata',
        headers: stranger.auth,
        payload: {
          name: 'x',
          description: '',
          image: `/uploads/${'a'.repeat(64)}.png`,
          collection,
        },
      });
      expect([meta.statusCode, json(meta).code]).toEqual([403, 'NOT_PARTNER']);
    });
  },
  { backends: ALL_BACKENDS },
);
