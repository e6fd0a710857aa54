/**
 * Gifts against a real anvil and the real indexer, on both database backends: the indexer
 * records a gift made by a safe transfer and its claim or take-back; the routes show it by the
 * link key's address, keep the message once under its derived id, and relay a claim only to an
 * address of the signed-in account with the link key's signature; a used, taken-back or unknown
 * link is refused with its code. The claim's typed data is the contract's.
 */
import {
  Contract,
  type ContractTransactionResponse,
  type Wallet as EthersWallet,
  TypedDataEncoder,
  Wallet,
} from 'ethers';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { GIFTS_ABI } from '#contracts/abi/index.ts';
import { ANVIL_KEYS } from '#contracts/devnet/anvil.ts';
import {
  CLAIM_TYPES,
  giftMessageId,
  giftsDomain,
  giftTransferData,
  signGiftClaim,
} from '#contracts/typed-data/gifts.ts';
import { createSignedInUser, linkAddress, type SignedInUser } from '../helpers/accounts.ts';
import { describeBackends, json, ROUTE_BACKENDS } from '../helpers/test-app.ts';
import { type ChainFixture, metadataUri, mined, startChainFixture } from '../indexer/fixture.ts';

describeBackends(
  'gifts',
  (t) => {
    let chain: ChainFixture;
    let chain97: ChainFixture | undefined;
    let giver: EthersWallet;
    let art: Contract;
    let gifts: Contract;
    let giverUser: SignedInUser;
    let friend: SignedInUser;
    let friendWallet: EthersWallet;
    const keys = [0, 1].map(() => new Wallet(Wallet.createRandom().privateKey));

    const sync = () => chain.newIndexer(t.db).syncToHead();
    const give = async (tokenId: bigint, key: EthersWallet) => {
      const domain = giftsDomain(chain.deployment.chainId, chain.deployment.gifts);
      const data = await giftTransferData(key.privateKey, domain, {
        giver: giver.address,
        collection: await art.getAddress(),
        tokenId,
      });
      const send = art.getFunction('safeTransferFrom(address,address,uint256,bytes)');
      await mined(send(giver.address, chain.deployment.gifts, tokenId, data));
      await sync();
    };
    const byKey = (address: string) =>
      t.app.inject({ method: 'GET', url: `/api/v1/gifts/by-key/${address}` });
    /** The friend claims gift `giftId` for `recipient`, signed by link key `key`. */
    const claim = async (giftId: number, key: EthersWallet, recipient = friendWallet.address) => {
      const domain = giftsDomain(chain.deployment.chainId, chain.deployment.gifts);
      const signature = await signGiftClaim(key.privateKey, domain, {
        giftId: BigInt(giftId),
        recipient,
      });
      return t.app.inject({
        method: 'POST',
        url: `/api/v1/gifts/${giftId}/claim`,
        headers: friend.auth,
        payload: { recipient, signature },
      });
    };

    beforeAll(async () => {
      chain = await startChainFixture(t.db, t.config.databaseUrl);
      expect(chain.deployment.chainId).toBe(t.config.chainId);
      giver = chain.wallet(2);
      art = await chain.createCollection(giver, { name: 'Gift art', category: 'art' });
      await mined(
        art.getFunction('mintBatch')(giver.address, [
          metadataUri({ name: 'Gift 1', image: '/uploads/g1.png' }),
          metadataUri({ name: 'Gift 2', image: '/uploads/g2.png' }),
        ]),
      );
      gifts = new Contract(chain.deployment.gifts, GIFTS_ABI, giver);
      giverUser = await createSignedInUser(t);
      expect((await linkAddress(t, giverUser.auth, giver)).statusCode).toBe(200);
      friend = await createSignedInUser(t);
      friendWallet = new Wallet(Wallet.createRandom().privateKey);
      expect((await linkAddress(t, friend.auth, friendWallet)).statusCode).toBe(200);
      await give(1n, keys[0]!);
      await give(2n, keys[1]!);
    });
    afterAll(async () => {
      await chain97?.close();
      await chain?.close();
    });

    it('signs the same claim digest as the contract', async () => {
      const domain = giftsDomain(chain.deployment.chainId, chain.deployment.gifts);
      const claim = { giftId: 7n, recipient: friendWallet.address };
      expect(await gifts.getFunction('claimDigest')(claim.giftId, claim.recipient)).toBe(
        TypedDataEncoder.hash(domain, CLAIM_TYPES, claim),
      );
    });

    it('shows an indexed gift by its link key, with the NFT; none for an unknown key', async () => {
      const res = await byKey(keys[0]!.address);
      expect(res.statusCode).toBe(200);
      expect(json(res).data).toMatchObject({
        giftId: '1',
        status: 'OPEN',
        giver: giver.address,
        claimKey: keys[0]!.address,
        collectionAddress: await art.getAddress(),
        tokenId: '1',
        recipient: null,
        nft: { name: 'Gift 1', image: '/uploads/g1.png' },
      });
      const unknown = await byKey(Wallet.createRandom().address);
      expect([unknown.statusCode, json(unknown).data]).toEqual([200, null]);
    });

    it('shows no gift for a key with two gifts (a shadow gift of the older contract)', async () => {
      const real = await t.db
        .selectFrom('gifts')
        .selectAll()
        .where('claim_key', '=', keys[1]!.address.toLowerCase())
        .executeTakeFirstOrThrow();
      // the gifts contract before keys proved possession let anyone add a gift on a public key
      await t.db
        .insertInto('gifts')
        .values({ ...real, gift_id: '99', giver: Wallet.createRandom().address.toLowerCase() })
        .execute();
      expect(json(await byKey(keys[1]!.address)).data).toBeNull();
      await t.db.deleteFrom('gifts').where('gift_id', '=', '99').execute();
      expect(json(await byKey(keys[1]!.address)).data).toMatchObject({ giftId: '2' });
    });

    it('keeps the message once, under the id derived from the link key', async () => {
      const messageId = giftMessageId(keys[0]!.privateKey);
      const payload = { messageId, message: '  Happy birthday!  ' };
      const post = (headers: Record<string, string>) =>
        t.app.inject({ method: 'POST', url: '/api/v1/gifts/messages', headers, payload });
      expect((await post({})).statusCode).toBe(401);
      const first = await post(giverUser.auth);
      expect(first.statusCode).toBe(201);
      const again = await post(friend.auth);
      expect([again.statusCode, json(again).code]).toEqual([409, 'GIFT_MESSAGE_EXISTS']);
      const read = await t.app.inject({
        method: 'GET',
        url: `/api/v1/gifts/messages/${messageId}`,
      });
      expect(json(read).data).toEqual({ message: 'Happy birthday!' });
      const none = await t.app.inject({
        method: 'GET',
        url: `/api/v1/gifts/messages/${giftMessageId(keys[1]!.privateKey)}`,
      });
      expect(json(none).data).toEqual({ message: null });
    });

    it('relays a claim only to the account’s address with the link key’s signature', async () => {
      const stranger = Wallet.createRandom();
      const notMine = await claim(1, keys[0]!, stranger.address);
      expect([notMine.statusCode, json(notMine).code]).toEqual([403, 'FORBIDDEN']);
      const forged = await claim(1, keys[1]!);
      expect([forged.statusCode, json(forged).code]).toEqual([401, 'INVALID_SIGNATURE']);
      const noAuth = await t.app.inject({
        method: 'POST',
        url: '/api/v1/gifts/1/claim',
        payload: { recipient: friendWallet.address, signature: `0x${'00'.repeat(65)}` },
      });
      expect(noAuth.statusCode).toBe(401);

      // A relayer without funds, or none at all: not set up, and the gift stays open.
      const relayer = t.app.config.giftRelayerPrivateKey;
      for (const key of [Wallet.createRandom().privateKey, undefined]) {
        t.app.config.giftRelayerPrivateKey = key;
        const refused = await claim(1, keys[0]!);
        expect([refused.statusCode, json(refused).code]).toEqual([501, 'COMING_SOON']);
      }
      t.app.config.giftRelayerPrivateKey = relayer;
      expect(await art.getFunction('ownerOf')(1n)).toBe(chain.deployment.gifts);

      const ok = await claim(1, keys[0]!);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(await art.getFunction('ownerOf')(1n)).toBe(friendWallet.address);
      await sync();
      expect(json(await byKey(keys[0]!.address)).data).toMatchObject({
        status: 'CLAIMED',
        recipient: friendWallet.address,
      });
      const transfer = await t.db
        .selectFrom('activities')
        .select(['type', 'from_address', 'to_address'])
        .where('tx_hash', '=', json<{ data: { txHash: string } }>(ok).data.txHash.toLowerCase())
        .executeTakeFirstOrThrow();
      expect(transfer).toMatchObject({
        type: 'TRANSFER',
        to_address: friendWallet.address.toLowerCase(),
      });

      const twice = await claim(1, keys[0]!);
      expect([twice.statusCode, json(twice).code]).toEqual([409, 'GIFT_ALREADY_CLAIMED']);
    });

    it('refuses a gift taken back, and lists the giver’s gifts', async () => {
      await mined(gifts.getFunction('takeBack')(2n) as Promise<ContractTransactionResponse>);
      await sync();
      expect(await art.getFunction('ownerOf')(2n)).toBe(giver.address);
      const res = await claim(2, keys[1]!);
      expect([res.statusCode, json(res).code]).toEqual([409, 'GIFT_TAKEN_BACK']);
      const mine = await t.app.inject({
        method: 'GET',
        url: '/api/v1/gifts/mine',
        headers: giverUser.auth,
      });
      const list = json<{ data: { giftId: string; status: string }[] }>(mine).data;
      expect(list.map((g) => [g.giftId, g.status])).toEqual([
        ['2', 'TAKEN_BACK'],
        ['1', 'CLAIMED'],
      ]);
      const theirs = await t.app.inject({
        method: 'GET',
        url: '/api/v1/gifts/mine',
        headers: friend.auth,
      });
      expect(json<{ data: unknown[] }>(theirs).data).toEqual([]);
    });

    it('finds, lists and relays a gift of the test chain, whose ids count on their own', async () => {
      const c = await startChainFixture(t.db, t.config.databaseUrl, { chainId: 97 });
      chain97 = c;
      const giver97 = c.wallet(2); // the giver's key: an address of giverUser
      const art97 = await c.createCollection(giver97, { name: 'Gift art 97' });
      await mined(art97.getFunction('mint')(giver97.address, metadataUri({ name: 'On 97' })));
      const key = new Wallet(Wallet.createRandom().privateKey);
      const domain = giftsDomain(97, c.deployment.gifts);
      const collection = await art97.getAddress();
      const data = await giftTransferData(key.privateKey, domain, {
        giver: giver97.address,
        collection,
        tokenId: 1n,
      });
      const send = art97.getFunction('safeTransferFrom(address,address,uint256,bytes)');
      await mined(send(giver97.address, c.deployment.gifts, 1n, data));
      await c.newIndexer(t.db).syncToHead();
      // Gift 1 of the devnet is claimed; gift 1 of the test chain is this one, still open.
      expect(json(await byKey(key.address)).data).toMatchObject({
        networkId: 97,
        giftId: '1',
        status: 'OPEN',
      });
      const recipient = friendWallet.address;
      const signature = await signGiftClaim(key.privateKey, domain, { giftId: 1n, recipient });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/gifts/1/claim',
        headers: friend.auth,
        payload: { recipient, signature, networkId: 97 },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await art97.getFunction('ownerOf')(1n)).toBe(recipient);
      const mine = await t.app.inject({
        method: 'GET',
        url: '/api/v1/gifts/mine',
        headers: giverUser.auth,
      });
      const list = json<{ data: { networkId: number; giftId: string }[] }>(mine).data;
      expect(list.map((g) => `${g.networkId}:${g.giftId}`).sort()).toEqual([
        '7771:1',
        '7771:2',
        '97:1',
      ]);
    });
  },
  { backends: ROUTE_BACKENDS, env: { GIFT_RELAYER_PRIVATE_KEY: ANVIL_KEYS[1]! } },
);
