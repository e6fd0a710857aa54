/**
 * Relayed gift claims against a giver who takes the gift back in the claim's block
 * (server/src/services/gift-claims.ts): the claim goes out with the fixed gas limit of
 * `config.giftRelay`, so the relayer pays at most that for the reverted claim, the answer says the
 * gift was taken back, and after `strikesBeforeStop` such claims that giver's gifts are no longer
 * relayed (GIFT_NOT_RELAYED, nothing sent), while another giver's still are.
 */
import { Contract, type Wallet as EthersWallet, Wallet } from 'ethers';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { GIFTS_ABI } from '#contracts/abi/index.ts';
import { ANVIL_KEYS } from '#contracts/devnet/anvil.ts';
import { giftsDomain, giftTransferData, signGiftClaim } from '#contracts/typed-data/gifts.ts';
import { GIFT_RELAY } from '#server/config.ts';
import { createSignedInUser, linkAddress, type SignedInUser } from '../helpers/accounts.ts';
import { describeBackends, json } from '../helpers/test-app.ts';
import { type ChainFixture, metadataUri, mined, startChainFixture } from '../indexer/fixture.ts';

describeBackends(
  'gift claims relayed against a giver who takes gifts back',
  (t) => {
    let chain: ChainFixture;
    let art: Contract;
    let friend: SignedInUser;
    let friendWallet: EthersWallet;
    const relayer = new Wallet(ANVIL_KEYS[1]!);
    const keys = [1, 2, 3, 4].map(() => new Wallet(Wallet.createRandom().privateKey));

    const give = async (from: EthersWallet, tokenId: bigint, key: EthersWallet) => {
      const data = await giftTransferData(
        key.privateKey,
        giftsDomain(chain.deployment.chainId, chain.deployment.gifts),
        { giver: from.address, collection: await art.getAddress(), tokenId },
      );
      const send = (art.connect(from) as Contract).getFunction(
        'safeTransferFrom(address,address,uint256,bytes)',
      );
      await mined(send(from.address, chain.deployment.gifts, tokenId, data));
    };
    const claim = async (giftId: number, key: EthersWallet) => {
      const domain = giftsDomain(chain.deployment.chainId, chain.deployment.gifts);
      const recipient = friendWallet.address;
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
    const nonce = () => chain.provider.getTransactionCount(relayer.address, 'pending');

    /**
     * The giver sees the relayed claim in the pool and takes gift `giftId` back ahead of it in the
     * same block (a higher tip).
     */
    const claimRacedByTakeBack = async (giftId: number, key: EthersWallet) => {
      const giver = chain.wallet(2);
      const gifts = new Contract(chain.deployment.gifts, GIFTS_ABI, giver);
      await chain.provider.send('evm_setAutomine', [false]);
      try {
        const before = await nonce();
        const answer = claim(giftId, key);
        await expect.poll(nonce, { timeout: 10_000 }).toBe(before + 1);
        const fee = await chain.provider.getFeeData();
        await gifts.getFunction('takeBack')(BigInt(giftId), {
          maxFeePerGas: fee.maxFeePerGas! * 10n,
          maxPriorityFeePerGas: fee.maxFeePerGas! * 5n,
          gasLimit: 200_000n, // no estimate: the pending block has the claim
        });
        await chain.provider.send('evm_mine', []);
        return await answer;
      } finally {
        await chain.provider.send('evm_setAutomine', [true]);
      }
    };

    beforeAll(async () => {
      chain = await startChainFixture(t.db, t.config.databaseUrl);
      const giver = chain.wallet(2);
      const other = chain.wallet(3);
      art = await chain.createCollection(giver, { name: 'Strike art', category: 'art' });
      const uris = [1, 2, 3, 4].map((i) => metadataUri({ name: `S${i}`, image: `/u/${i}.png` }));
      await mined(art.getFunction('mintBatch')(giver.address, uris.slice(0, 3)));
      await mined(art.getFunction('mintBatch')(other.address, uris.slice(3)));
      friend = await createSignedInUser(t);
      friendWallet = new Wallet(Wallet.createRandom().privateKey);
      expect((await linkAddress(t, friend.auth, friendWallet)).statusCode).toBe(200);
      for (const i of [0, 1, 2]) await give(giver, BigInt(i + 1), keys[i]!);
      await give(other, 4n, keys[3]!);
      await chain.newIndexer(t.db).syncToHead();
    });
    afterAll(async () => {
      await chain?.close();
    });

    it('pays at most the fixed gas for a claim taken back in its block, and stops relaying for that giver', async () => {
      expect(t.app.config.giftRelay).toEqual(GIFT_RELAY);
      for (const giftId of [1, 2]) {
        const res = await claimRacedByTakeBack(giftId, keys[giftId - 1]!);
        expect([res.statusCode, json(res).code]).toEqual([409, 'GIFT_TAKEN_BACK']);
        const block = await chain.provider.getBlock('latest', true);
        const sent = block!.prefetchedTransactions.find((tx) => tx.from === relayer.address)!;
        expect(sent.gasLimit).toBe(GIFT_RELAY.claimGasLimit);
        const receipt = await chain.provider.getTransactionReceipt(sent.hash);
        expect(receipt!.status).toBe(0);
        expect(receipt!.gasUsed).toBeLessThanOrEqual(GIFT_RELAY.claimGasLimit);
      }
      // Two strikes: the giver's third gift is refused without a transaction.
      const before = await nonce();
      const refused = await claim(3, keys[2]!);
      expect([refused.statusCode, json(refused).code]).toEqual([409, 'GIFT_NOT_RELAYED']);
      expect(await nonce()).toBe(before);
      // Another giver's gift is still relayed, within the fixed gas.
      const ok = await claim(4, keys[3]!);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(await art.getFunction('ownerOf')(4n)).toBe(friendWallet.address);
      const receipt = await chain.provider.getTransactionReceipt(
        json<{ data: { txHash: string } }>(ok).data.txHash,
      );
      expect(receipt!.gasUsed).toBeLessThan(GIFT_RELAY.claimGasLimit);
    });
  },
  { env: { GIFT_RELAYER_PRIVATE_KEY: ANVIL_KEYS[1]! } },
);
