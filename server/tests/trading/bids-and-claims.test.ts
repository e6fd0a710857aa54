/**
 * Bids (bid/bid, bid/bidSet) and claims (bid/claim, bid/claimSet) against a real anvil, on both
 * database backends: the bid rules (docs/product-rules.md, Auctions), the locked total, concurrent bids, and the settlement
 * attestation accepted by the exchange on chain for the winner only.
 */
import { parseEther, Wallet } from 'ethers';
import { expect, it } from 'vitest';
import { ANVIL_KEYS } from '#contracts/devnet/anvil.ts';
import { receiptOf } from '#contracts/devnet/rpc.ts';
import {
  hashOrder,
  ItemsKind,
  type Order,
  SaleKind,
  signBid,
  signBidAccepted,
  signSettlement,
} from '#contracts/typed-data/index.ts';
import { collectionAt, exchangeAt, mined, wvbcAt } from '#scripts/lib/marketplace.ts';
import { encodeClaim } from '#server/chain/calldata.ts';
import { revertName } from '#server/chain/reverts.ts';
import { lockedBidTotal } from '#server/services/locked-bids.ts';
import { claimData } from '#server/services/settlement.ts';
import { AUCTION_CLAIM_DELAY_SECONDS } from '#shared/rules.ts';
import { ALL_BACKENDS, describeBackends, json } from '../helpers/test-app.ts';
import {
  API,
  postBid,
  postListing,
  sendBuilt,
  signedOrder,
  storedOrder,
  TRADING_ENV,
  type TradingChain,
  useTradingChain,
} from './chain-fixture.ts';

type ErrorJson = { code: string; message: string };

describeBackends(
  'trading: bids and claims',
  (t) => {
    let c: TradingChain;
    let seller: Wallet;
    let alice: Wallet;
    let bob: Wallet;
    let carol: Wallet;

    /** Lists an auction (reserve 1 WVBC by default) and answers its order and hash. */
    async function auction(
      o: { count?: number; reserve?: bigint; startIn?: number; endIn?: number } = {},
    ): Promise<{ order: Order; hash: string; ids: bigint[] }> {
      const ids = await c.mint(seller, o.count ?? 1);
      const signed = await signedOrder(c, seller, {
        tokenIds: ids,
        saleKind: SaleKind.AUCTION,
        itemsKind: ids.length > 1 ? ItemsKind.SET : ItemsKind.SINGLE,
        price: o.reserve ?? parseEther('1'),
        startIn: o.startIn ?? -5,
        endIn: o.endIn ?? 600,
      });
      const res = await postListing(t, { ...signed, name: ids.length > 1 ? 'Set' : undefined });
      expect(res.statusCode, res.body).toBe(200);
      return { order: signed.order, hash: hashOrder(signed.order).toLowerCase(), ids };
    }

    /** The custom error a call to the exchange reverts with (null: it would succeed). */
    async function revertOf(from: string, data: string): Promise<string | null> {
      try {
        await c.provider.call({ from, to: c.deployment.exchange, data });
        return null;
      } catch (error) {
        return revertName((error as { data?: string }).data);
      }
    }

    useTradingChain(t, async (chain, s) => {
      c = chain;
      seller = s;
      alice = c.wallet(4);
      bob = c.wallet(5);
      carol = c.wallet(6);
      await c.wrap(alice, parseEther('10'));
      await c.wrap(bob, parseEther('2'));
      await c.wrap(carol, parseEther('10'));
    });

    it('applies the bid rules with their error codes', async () => {
      const { hash, ids } = await auction();
      const nft = await t.db
        .selectFrom('nfts')
        .selectAll()
        .where('token_id', '=', ids[0]!.toString())
        .executeTakeFirstOrThrow();
      expect(nft).toMatchObject({ status: 'ONSALE', sale_type: 'AUCTION', is_bid: true });

      const code = async (w: Wallet, amount: string) =>
        json<ErrorJson>(await postBid(t, c, w, hash, parseEther(amount))).code;
      expect(await code(alice, '0.99')).toBe('BID_BELOW_RESERVE');
      const own = json<ErrorJson>(await postBid(t, c, seller, hash, parseEther('2')));
      expect(own).toMatchObject({ code: 'SELLER_CANNOT_BUY', message: 'You are the seller' });
      // no WVBC at all; WVBC but no allowance
      const empty = await c.freshWallet('5');
      const noFunds = json<ErrorJson>(await postBid(t, c, empty, hash, parseEther('1')));
      expect(noFunds).toMatchObject({
        code: 'NOT_ENOUGH_WRAPPER_BALANCE',
        message: "Don't have enough Wrapper balance",
      });
      await c.wrap(empty, parseEther('3'), 0n);
      expect(await code(empty, '1')).toBe('NOT_ENOUGH_WRAPPER_BALANCE');
      // bid/bidSet is for sets only
      expect(
        json<ErrorJson>(await postBid(t, c, alice, hash, parseEther('1'), 'bidSet')).code,
      ).toBe('WRONG_SALE_KIND');
      // a bid message naming bob, signed by alice
      const forged = await signBid(alice, c.domain, {
        order: await storedOrder(t, hash),
        bidder: bob.address,
        amount: parseEther('5'),
      });
      const postForged = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/v2/bid/bid',
          payload: {
            orderHash: hash,
            bidder: bob.address,
            amount: parseEther('5').toString(),
            signature: forged,
          },
        });
      expect(json<ErrorJson>(await postForged()).code).toBe('INVALID_SIGNATURE');
      const first = await postBid(t, c, alice, hash, parseEther('1'));
      expect(first.statusCode, first.body).toBe(200);
      // beating the highest, it is checked under the locks (bid-writes.ts): still refused
      expect(json<ErrorJson>(await postForged()).code).toBe('INVALID_SIGNATURE');

      // 1 WVBC is highest; 1.04 is below 105%; 1.05 is enough and unflags the previous one
      expect(await code(bob, '1.04')).toBe('BID_TOO_LOW');
      // the page showed that highest bid: too low; it showed none: outbid while bidding
      const seeing = async (seen: bigint) =>
        json<ErrorJson>(await postBid(t, c, bob, hash, parseEther('1.04'), 'bid', seen));
      expect((await seeing(parseEther('1'))).code).toBe('BID_TOO_LOW');
      expect(await seeing(0n)).toMatchObject({
        code: 'OUTBID_WHILE_BIDDING',
        message: 'Someone outbid you while you were bidding: see the new minimum and bid again',
      });
      const ok = await postBid(t, c, bob, hash, parseEther('1.05'));
      expect(ok.statusCode, ok.body).toBe(200);
      expect(json<{ data: { isHighest: boolean; amount: string } }>(ok).data).toMatchObject({
        isHighest: true,
        amount: parseEther('1.05').toString(),
      });
      const bids = await t.db
        .selectFrom('bids')
        .select(['bidder', 'is_highest'])
        .where('order_hash', '=', hash)
        .orderBy('id')
        .execute();
      expect(bids).toEqual([
        { bidder: alice.address.toLowerCase(), is_highest: false },
        { bidder: bob.address.toLowerCase(), is_highest: true },
      ]);
      const after = await t.db
        .selectFrom('nfts')
        .select(['bids_count', 'highest_bid'])
        .where('id', '=', nft.id)
        .executeTakeFirstOrThrow();
      expect(after).toEqual({ bids_count: 2, highest_bid: parseEther('1.05').toString() });
      const activity = await t.db
        .selectFrom('activities')
        .select(['from_address', 'price'])
        .where('nft_id', '=', nft.id)
        .where('type', '=', 'BID')
        .orderBy('id')
        .execute();
      expect(activity.map((a) => a.price)).toEqual([
        parseEther('1').toString(),
        parseEther('1.05').toString(),
      ]);
    });

    it('answers a resend of the same signed bid with the stored bid: one bid, even at once', async () => {
      const { hash } = await auction();
      const body = {
        orderHash: hash,
        bidder: carol.address,
        amount: parseEther('1.5').toString(),
        signature: await signBid(carol, c.domain, {
          order: await storedOrder(t, hash),
          bidder: carol.address,
          amount: parseEther('1.5'),
        }),
      };
      const send = () => t.app.inject({ method: 'POST', url: '/api/v2/bid/bid', payload: body });
      // two copies at the same moment (the bidder's lock orders them), then a late resend
      const [first, racing] = await Promise.all([send(), send()]);
      expect(first.statusCode, first.body).toBe(200);
      const again = await send();
      for (const res of [racing, again]) {
        expect(res.statusCode, res.body).toBe(200);
        expect(json<{ data: { id: number } }>(res).data.id).toBe(
          json<{ data: { id: number } }>(first).data.id,
        );
      }
      const rows = await t.db
        .selectFrom('bids')
        .select(['amount', 'is_highest'])
        .where('order_hash', '=', hash)
        .execute();
      expect(rows).toEqual([{ amount: parseEther('1.5').toString(), is_highest: true }]);
      expect(await lockedBidTotal(t.db, carol.address, 7771)).toBeGreaterThanOrEqual(
        parseEther('1.5'),
      );
    });

    it('counts only funds not locked by the bidder on other auctions', async () => {
      // bob has 2 WVBC (and may already hold a lock); a bid of 1.2 leaves 0.8 minus that
      bob = await c.freshWallet('5');
      await c.wrap(bob, parseEther('2'));
      const first = await auction();
      const second = await auction({ reserve: parseEther('0.5') });
      expect((await postBid(t, c, bob, first.hash, parseEther('1.2'))).statusCode).toBe(200);
      const before = await lockedBidTotal(t.db, bob.address, 7771);
      expect(before).toBe(parseEther('1.2'));
      const over = await postBid(t, c, bob, second.hash, parseEther('0.8') + 1n);
      expect(json<ErrorJson>(over).code).toBe('NOT_ENOUGH_WRAPPER_BALANCE');
      const fits = await postBid(t, c, bob, second.hash, parseEther('0.6'));
      expect(fits.statusCode, fits.body).toBe(200);
      // raising his own highest bid re-uses its lock
      const raise = await postBid(t, c, bob, first.hash, parseEther('1.26'));
      expect(raise.statusCode, raise.body).toBe(200);
      expect(await lockedBidTotal(t.db, bob.address, 7771)).toBe(parseEther('1.86'));
      // outbid: that lock is released
      expect((await postBid(t, c, alice, first.hash, parseEther('1.5'))).statusCode).toBe(200);
      expect(await lockedBidTotal(t.db, bob.address, 7771)).toBe(parseEther('0.6'));
    });

    it('send-rawtx refuses a WVBC withdrawal or approval that would unback a highest bid', async () => {
      const frank = await c.freshWallet('10');
      await c.wrap(frank, parseEther('3'));
      const { hash } = await auction();
      expect((await postBid(t, c, frank, hash, parseEther('2'))).statusCode).toBe(200);
      const wvbc = wvbcAt(c.deployment.wvbc, frank);
      const raw = async (data: string) =>
        frank.signTransaction(
          await frank.populateTransaction({
            to: c.deployment.wvbc,
            data,
            chainId: 7771n,
            gasLimit: 200_000n,
          }),
        );
      const send = async (data: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v2/trade/send-rawtx',
          headers: API,
          payload: { rawTx: await raw(data) },
        });
      const withdrawAll = wvbc.interface.encodeFunctionData('withdraw', [parseEther('3')]);
      expect(json<ErrorJson>(await send(withdrawAll)).code).toBe('NOT_ENOUGH_WRAPPER_BALANCE');
      const lowerAllowance = wvbc.interface.encodeFunctionData('approve', [
        c.deployment.exchange,
        parseEther('1'),
      ]);
      expect(json<ErrorJson>(await send(lowerAllowance)).code).toBe('NOT_ENOUGH_WRAPPER_BALANCE');
      const transfer = wvbc.interface.encodeFunctionData('transfer', [alice.address, 1n]);
      expect(json<ErrorJson>(await send(transfer)).code).toBe('WRONG_CONTRACT');
      // what is not locked may go
      const res = await send(wvbc.interface.encodeFunctionData('withdraw', [parseEther('1')]));
      expect(res.statusCode, res.body).toBe(200);
      const receipt = await receiptOf(
        c.provider,
        json<{ data: { txHash: string } }>(res).data.txHash,
      );
      expect(receipt.status).toBe(1);
      expect(await wvbc.getFunction('balanceOf')(frank.address)).toBe(parseEther('2'));
    });

    it('serializes concurrent bids: exactly one of two equal bids becomes the highest', async () => {
      const { hash } = await auction();
      // both pages showed no bid yet: the loser is told it was outbid while bidding
      const [a, b] = await Promise.all([
        postBid(t, c, alice, hash, parseEther('3'), 'bid', 0n),
        postBid(t, c, carol, hash, parseEther('3'), 'bid', 0n),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      const loser = a.statusCode === 409 ? a : b;
      expect(json<ErrorJson>(loser).code).toBe('OUTBID_WHILE_BIDDING');
      const highest = await t.db
        .selectFrom('bids')
        .select('bidder')
        .where('order_hash', '=', hash)
        .where('is_highest', '=', true)
        .execute();
      expect(highest).toHaveLength(1);
    });

    it('refuses bids before the start and after the end', async () => {
      const later = await auction({ startIn: 300, endIn: 900 });
      expect(json<ErrorJson>(await postBid(t, c, alice, later.hash, parseEther('1'))).code).toBe(
        'AUCTION_NOT_STARTED',
      );
      const soon = await auction({ endIn: 120 });
      await c.advance(200);
      expect(json<ErrorJson>(await postBid(t, c, alice, soon.hash, parseEther('1'))).code).toBe(
        'AUCTION_ENDED',
      );
    });

    it('claim: attested for the winner only; the exchange accepts it on chain', async () => {
      const { order, hash, ids } = await auction({ endIn: 300 });
      expect((await postBid(t, c, carol, hash, parseEther('2'))).statusCode).toBe(200);
      expect((await postBid(t, c, alice, hash, parseEther('2.5'))).statusCode).toBe(200);
      const claim = (caller: string, path = 'claim') =>
        t.app.inject({
          method: 'POST',
          url: `/api/v2/bid/${path}`,
          payload: { orderHash: hash, caller },
        });
      expect(json<ErrorJson>(await claim(alice.address)).code).toBe('AUCTION_NOT_ENDED');
      // the bids came in the last 10 minutes: the end moved to 10 minutes after the last one
      const ends = await t.db
        .selectFrom('orders')
        .select('end_time')
        .where('order_hash', '=', hash)
        .executeTakeFirstOrThrow();
      expect(BigInt(ends.end_time!.getTime() / 1000)).toBeGreaterThan(order.endTime);
      await c.advance(400);
      expect(json<ErrorJson>(await claim(alice.address)).code).toBe('AUCTION_NOT_ENDED');
      await c.advance(300);
      expect(json<ErrorJson>(await claim(alice.address)).code).toBe('CLAIMS_NOT_OPEN');
      await c.advance(Number(AUCTION_CLAIM_DELAY_SECONDS));

      const stranger = await c.freshWallet('1');
      for (const who of [stranger.address, carol.address]) {
        const res = await claim(who);
        expect([res.statusCode, json<ErrorJson>(res).code]).toEqual([403, 'NOT_THE_WINNER']);
      }
      expect(json<ErrorJson>(await claim(alice.address, 'claimSet')).code).toBe('WRONG_SALE_KIND');

      const res = await claim(alice.address);
      expect(res.statusCode, res.body).toBe(200);
      const data = json<{
        data: {
          bid: { bidder: string; amount: string };
          settlementSignature: string;
          orderSignature: string;
          bidSignature: string;
          deadline: string;
          tx: { to: string; data: string; value: string; from: string };
        };
      }>(res).data;
      // one attestation per auction until its deadline: asking again gives the same one
      const again = json<{ data: { settlementSignature: string } }>(await claim(alice.address));
      expect(again.data.settlementSignature).toBe(data.settlementSignature);
      expect(data.bid).toMatchObject({
        bidder: alice.address,
        amount: parseEther('2.5').toString(),
      });
      expect(data.tx.from).toBe(alice.address);

      // the lower bidder cannot use the attestation for her own bid
      const carolBid = (
        await t.db
          .selectFrom('bids')
          .select('signature')
          .where('order_hash', '=', hash)
          .where('bidder', '=', carol.address.toLowerCase())
          .executeTakeFirstOrThrow()
      ).signature;
      const stolen = encodeClaim({
        order,
        orderSignature: data.orderSignature,
        bidder: carol.address,
        amount: parseEther('2'),
        bidSignature: carolBid,
        deadline: BigInt(data.deadline),
        settlementSignature: data.settlementSignature,
      });
      expect(await revertOf(carol.address, stolen)).toBe('InvalidSettlementSignature');

      const wvbc = wvbcAt(c.deployment.wvbc, c.provider);
      const sellerBefore = (await wvbc.getFunction('balanceOf')(seller.address)) as bigint;
      expect((await sendBuilt(alice, data.tx)).status).toBe(1);
      expect(await collectionAt(c.collection, c.provider).getFunction('ownerOf')(ids[0])).toBe(
        alice.address,
      );
      expect(((await wvbc.getFunction('balanceOf')(seller.address)) as bigint) - sellerBefore).toBe(
        parseEther('2.5'),
      );
      // the indexer closes the order on OrderFilled; then alice's lock on it is gone
      const locked = await lockedBidTotal(t.db, alice.address, 7771);
      await t.db
        .updateTable('orders')
        .set({ status: 'success' })
        .where('order_hash', '=', hash)
        .execute();
      expect(await lockedBidTotal(t.db, alice.address, 7771)).toBe(locked - parseEther('2.5'));
    });

    it('claimSet by the seller; an unbacked highest bid loses to the next backed one', async () => {
      const { hash, ids } = await auction({ count: 2, endIn: 300 });
      const dave = await c.freshWallet('10');
      await c.wrap(dave, parseEther('5'));
      expect((await postBid(t, c, carol, hash, parseEther('1'), 'bidSet')).statusCode).toBe(200);
      expect((await postBid(t, c, dave, hash, parseEther('4'), 'bidSet')).statusCode).toBe(200);
      await c.advance(700 + Number(AUCTION_CLAIM_DELAY_SECONDS));
      // dave moves his WVBC away after the end: his bid is no longer backed
      await mined(wvbcAt(c.deployment.wvbc, dave).getFunction('withdraw')(parseEther('5')));
      const daveClaim = await t.app.inject({
        method: 'POST',
        url: '/api/v2/bid/claimSet',
        payload: { orderHash: hash, caller: dave.address },
      });
      expect(json<ErrorJson>(daveClaim).code).toBe('NOT_THE_WINNER');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v2/bid/claimSet',
        payload: { orderHash: hash, caller: seller.address },
      });
      expect(res.statusCode, res.body).toBe(200);
      const data = json<{
        data: { bid: { bidder: string }; tx: { to: string; data: string; value: string } };
      }>(res).data;
      expect(data.bid.bidder).toBe(carol.address);
      expect((await sendBuilt(seller, data.tx)).status).toBe(1);
      const collection = collectionAt(c.collection, c.provider);
      for (const id of ids) expect(await collection.getFunction('ownerOf')(id)).toBe(carol.address);
      const flags = await t.db
        .selectFrom('bids')
        .select(['bidder', 'is_highest'])
        .where('order_hash', '=', hash)
        .where('is_highest', '=', true)
        .execute();
      expect(flags).toEqual([{ bidder: carol.address.toLowerCase(), is_highest: true }]);
    });

    it('a bid on chain counts in the bid rules, wins over a lower stored one, the seller settles it from escrow', async () => {
      const { order, hash, ids } = await auction({ endIn: 100 });
      const hana = await c.freshWallet('10');
      const ivan = await c.freshWallet('10');
      await c.wrap(hana, parseEther('3'));
      await c.wrap(ivan, parseEther('5'));
      expect((await postBid(t, c, hana, hash, parseEther('2'))).statusCode).toBe(200);
      // ivan's 2.5 WVBC go on chain with a receipt the server never stored (as a holder of the
      // settlement key could sign one): the record is a bid like any other
      const receipt = await signBidAccepted(new Wallet(ANVIL_KEYS[1]), c.domain, {
        orderHash: hash,
        bidder: ivan.address,
        amount: parseEther('2.5'),
        epoch: 0n,
      });
      await mined(
        exchangeAt(c.deployment.exchange, ivan).getFunction('recordBid')(
          order,
          receipt,
          parseEther('2.5'),
        ),
      );
      // the next bid must beat the record by the minimum raise
      expect(json<ErrorJson>(await postBid(t, c, hana, hash, parseEther('2.6'))).code).toBe(
        'BID_TOO_LOW',
      );
      await c.advance(700 + Number(AUCTION_CLAIM_DELAY_SECONDS));
      const claim = (caller: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v2/bid/claim',
          payload: { orderHash: hash, caller },
        });
      // hana's stored bid is lower than the recorded one: she cannot win
      expect(json<ErrorJson>(await claim(hana.address)).code).toBe('NOT_THE_WINNER');
      // the server holds no signature of ivan's bid: the record itself binds him, the seller claims
      const res = await claim(seller.address);
      expect(res.statusCode, res.body).toBe(200);
      const data = json<{
        data: {
          bid: { bidder: string; amount: string };
          tx: { to: string; data: string; value: string };
        };
      }>(res).data;
      expect(data.bid).toMatchObject({
        bidder: ivan.address,
        amount: parseEther('2.5').toString(),
      });
      const wvbc = wvbcAt(c.deployment.wvbc, c.provider);
      const before = (await wvbc.getFunction('balanceOf')(seller.address)) as bigint;
      expect((await sendBuilt(seller, data.tx)).status).toBe(1);
      expect(await collectionAt(c.collection, c.provider).getFunction('ownerOf')(ids[0])).toBe(
        ivan.address,
      );
      expect(((await wvbc.getFunction('balanceOf')(seller.address)) as bigint) - before).toBe(
        parseEther('2.5'),
      );
      expect(await wvbc.getFunction('balanceOf')(c.deployment.exchange)).toBe(1n); // the deploy's dust
    });

    it('signs no attestation without the key the exchange trusts', async () => {
      const { hash } = await auction({ endIn: 100 });
      const gina = await c.freshWallet('5');
      await c.wrap(gina, parseEther('1'));
      expect((await postBid(t, c, gina, hash, parseEther('1'))).statusCode).toBe(200);
      await c.advance(700 + Number(AUCTION_CLAIM_DELAY_SECONDS));
      const ctx = (key: string | undefined) => ({
        db: t.db,
        chain: t.app.chain,
        config: { ...t.config, settlementPrivateKey: key },
      });
      for (const key of [undefined, ANVIL_KEYS[7]]) {
        await expect(
          claimData(ctx(key), { orderHash: hash, caller: gina.address }),
        ).rejects.toMatchObject({ code: 'COMING_SOON' });
      }
      const ok = await claimData(ctx(ANVIL_KEYS[1]), { orderHash: hash, caller: gina.address });
      expect(ok.bid.bidder).toBe(gina.address);
    });

    it('the exchange refuses a settlement attestation signed by any other key', async () => {
      // the attestation of another key is refused by the exchange
      const { order, hash } = await auction({ endIn: 100 });
      const erin = await c.freshWallet('5');
      await c.wrap(erin, parseEther('1'));
      expect((await postBid(t, c, erin, hash, parseEther('1'))).statusCode).toBe(200);
      await c.advance(700 + Number(AUCTION_CLAIM_DELAY_SECONDS));
      const bid = await t.db
        .selectFrom('bids')
        .select('signature')
        .where('order_hash', '=', hash)
        .executeTakeFirstOrThrow();
      const row = await t.db
        .selectFrom('orders')
        .select('signature')
        .where('order_hash', '=', hash)
        .executeTakeFirstOrThrow();
      const deadline = order.endTime + AUCTION_CLAIM_DELAY_SECONDS + 86_400n;
      const fake = await signSettlement(c.wallet(7), c.domain, {
        orderHash: hash,
        bidder: erin.address,
        amount: parseEther('1'),
        deadline,
        epoch: 0n,
      });
      const data = encodeClaim({
        order,
        orderSignature: row.signature,
        bidder: erin.address,
        amount: parseEther('1'),
        bidSignature: bid.signature,
        deadline,
        settlementSignature: fake,
      });
      expect(await revertOf(erin.address, data)).toBe('InvalidSettlementSignature');
    });
  },
  { backends: ALL_BACKENDS, env: TRADING_ENV },
);
