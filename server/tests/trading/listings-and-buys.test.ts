/**
 * Listings (POST /api/v2/orders) and fixed-price buys (trade/*) against a real anvil with the
 * deployed contracts, on both database backends: the transactions the server builds are sent
 * and must succeed on chain.
 */
import { parseEther, Transaction, Wallet } from 'ethers';
import { expect, it } from 'vitest';
import { receiptOf } from '#contracts/devnet/rpc.ts';
import { hashOrder, ItemsKind, SaleKind } from '#contracts/typed-data/index.ts';
import { collectionAt, mined } from '#scripts/lib/marketplace.ts';
import { describeBackends, json, ROUTE_BACKENDS } from '../helpers/test-app.ts';
import {
  API,
  postBuy,
  postListing,
  sendBuilt,
  signedOrder,
  TRADING_ENV,
  type TradingChain,
  useTradingChain,
} from './chain-fixture.ts';

type ErrorJson = { code: string; message: string };

describeBackends(
  'trading: listings and buys',
  (t) => {
    let c: TradingChain;
    let seller: Wallet;
    useTradingChain(t, (chain, s) => {
      c = chain;
      seller = s;
    });

    it('lists one NFT and the matchOrder transaction buys it on chain', async () => {
      const [id] = await c.mint(seller, 1);
      const price = parseEther('1.5');
      const signed = await signedOrder(c, seller, { tokenIds: [id!], price });
      const res = await postListing(t, signed);
      expect(res.statusCode, res.body).toBe(200);
      const orderHash = hashOrder(signed.order).toLowerCase();
      const body = json<{ data: { orderHash: string; target: string; price: string } }>(res);
      expect(body.data).toMatchObject({ orderHash, target: 'NFT', price: price.toString() });

      const nft = await t.db
        .selectFrom('nfts')
        .selectAll()
        .where('token_id', '=', id!.toString())
        .executeTakeFirstOrThrow();
      expect(nft).toMatchObject({
        status: 'ONSALE',
        sale_type: 'FIXED',
        is_bid: false,
        buy_price: price.toString(),
        current_order_hash: orderHash,
      });
      const list = await t.db
        .selectFrom('activities')
        .selectAll()
        .where('nft_id', '=', nft.id)
        .where('type', '=', 'LIST')
        .execute();
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({ price: price.toString(), order_hash: orderHash });
      const stored = await t.db
        .selectFrom('orders')
        .select(['message', 'signature'])
        .where('order_hash', '=', orderHash)
        .executeTakeFirstOrThrow();
      expect((stored.message as { price: string }).price).toBe(price.toString());
      const read = await t.app.inject({ method: 'GET', url: `/api/v2/orders/${orderHash}` });
      expect(
        json<{ data: { status: string; signature: string; message: { tokenIds: string[] } } }>(read)
          .data,
      ).toMatchObject({
        status: 'pending',
        signature: signed.signature.toLowerCase(),
        message: { tokenIds: [id!.toString()] },
      });

      const buyer = await c.freshWallet('5');
      const sellerBefore = await c.provider.getBalance(seller.address);
      const built = await postBuy(t, orderHash, buyer.address);
      expect(built.statusCode, built.body).toBe(200);
      const data = json<{
        data: { total: string; tx: { to: string; data: string; value: string } };
      }>(built).data;
      expect(data.total).toBe(price.toString());
      expect(data.tx.to).toBe(c.deployment.exchange);
      const receipt = await sendBuilt(buyer, data.tx);
      expect(receipt.status).toBe(1);
      const owner = await collectionAt(c.collection, c.provider).getFunction('ownerOf')(id);
      expect(owner).toBe(buyer.address);
      expect((await c.provider.getBalance(seller.address)) - sellerBefore).toBe(price);

      // sold: the same order cannot be bought again, and the late buyer is told why
      const again = await postBuy(t, orderHash, (await c.freshWallet('5')).address);
      expect(again.statusCode).toBe(409);
      expect(json<ErrorJson>(again).code).toBe('ORDER_SOLD');
    });

    it('refuses bad listings with clear codes and writes nothing', async () => {
      const [id] = await c.mint(seller, 1);
      const before = await t.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();

      const other = c.wallet(3);
      // signed by someone else than the maker
      const forged = await signedOrder(c, seller, { tokenIds: [id!] });
      forged.signature = (await signedOrder(c, other, { tokenIds: [id!] })).signature;
      const cases: [string, Awaited<ReturnType<typeof signedOrder>>, number, string][] = [
        ['forged signature', forged, 401, 'INVALID_SIGNATURE'],
        [
          'maker does not own it',
          await signedOrder(c, other, { tokenIds: [id!] }),
          403,
          'NOT_ITEM_OWNER',
        ],
        [
          'stale nonce',
          await signedOrder(c, seller, { tokenIds: [id!], nonces: [7n] }),
          400,
          'INVALID_ORDER',
        ],
        [
          'already ended',
          await signedOrder(c, seller, { tokenIds: [id!], startIn: -100, endIn: -1 }),
          400,
          'INVALID_ORDER',
        ],
        [
          'ends before it starts',
          await signedOrder(c, seller, { tokenIds: [id!], startIn: 100, endIn: 50 }),
          400,
          'INVALID_ORDER',
        ],
        [
          'more than a year',
          await signedOrder(c, seller, { tokenIds: [id!], endIn: 400 * 86400 }),
          400,
          'INVALID_ORDER',
        ],
        [
          'zero price',
          await signedOrder(c, seller, { tokenIds: [id!], price: 0n }),
          400,
          'INVALID_ORDER',
        ],
        [
          'old counter',
          await signedOrder(c, seller, { tokenIds: [id!], counter: 3n }),
          400,
          'INVALID_ORDER',
        ],
        [
          'auctioned bundle',
          await signedOrder(c, seller, {
            tokenIds: [id!, id! + 1000n],
            saleKind: SaleKind.AUCTION,
            itemsKind: ItemsKind.BUNDLE,
            nonces: [0n, 0n],
          }),
          400,
          'INVALID_ORDER',
        ],
      ];
      for (const [name, signed, status, code] of cases) {
        const res = await postListing(t, signed);
        expect([name, res.statusCode, json<ErrorJson>(res).code]).toEqual([name, status, code]);
      }

      // not approved: a holder who never approved the exchange
      const holder = await c.freshWallet('1');
      const [held] = await c.mint(holder, 1);
      const unapproved = await postListing(t, await signedOrder(c, holder, { tokenIds: [held!] }));
      expect(json<ErrorJson>(unapproved).code).toBe('EXCHANGE_NOT_APPROVED');
      // approving that one token is enough
      await mined(
        collectionAt(c.collection, holder).getFunction('approve')(c.deployment.exchange, held!),
      );
      const approvedOne = await postListing(t, await signedOrder(c, holder, { tokenIds: [held!] }));
      expect(approvedOne.statusCode, approvedOne.body).toBe(200);

      // no api-key
      const noKey = await postListing(t, await signedOrder(c, seller, { tokenIds: [id!] }), {});
      expect([noKey.statusCode, json<ErrorJson>(noKey).code]).toEqual([401, 'INVALID_API_KEY']);

      // a set needs a name
      const [a, b] = await c.mint(seller, 2);
      const unnamed = await postListing(t, await signedOrder(c, seller, { tokenIds: [a!, b!] }));
      expect(json<ErrorJson>(unnamed).code).toBe('REQUIRED_FIELD');

      // a token the database does not know yet: nothing half-written
      const [known] = await c.mint(seller, 1);
      await t.db.deleteFrom('nfts').where('token_id', '=', known!.toString()).execute();
      const unknown = await postListing(t, {
        ...(await signedOrder(c, seller, { tokenIds: [a!, known!] })),
        name: 'Half',
      });
      expect(json<ErrorJson>(unknown).code).toBe('NOT_FOUND');
      const sets = await t.db.selectFrom('sets').selectAll().where('name', '=', 'Half').execute();
      expect(sets).toHaveLength(0);

      const after = await t.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      // only the one good listing (the approved token) was written
      expect(Number(after.n)).toBe(Number(before.n) + 1);
      const nft = await t.db
        .selectFrom('nfts')
        .select(['status'])
        .where('token_id', '=', a!.toString())
        .executeTakeFirstOrThrow();
      expect(nft.status).toBe('NOTFORSALE');
    });

    it('refuses a second live listing of an item, allows it once the first is revoked', async () => {
      const [id] = await c.mint(seller, 1);
      const first = await signedOrder(c, seller, { tokenIds: [id!] });
      expect((await postListing(t, first)).statusCode).toBe(200);
      // the same signed order again (an outbox resend): the stored listing, not a second one
      const same = await postListing(t, first);
      expect(same.statusCode, same.body).toBe(200);
      expect(json<{ data: { orderHash: string } }>(same).data.orderHash).toBe(
        hashOrder(first.order).toLowerCase(),
      );
      const second = await postListing(
        t,
        await signedOrder(c, seller, { tokenIds: [id!], price: parseEther('2') }),
      );
      expect([second.statusCode, json<ErrorJson>(second).code]).toEqual([409, 'ALREADY_LISTED']);

      // REVOKE through the cancel-data transaction, then list again (new nonce)
      const hash = hashOrder(first.order);
      const cancel = await t.app.inject({
        method: 'POST',
        url: `/api/v2/orders/${hash}/cancel-data`,
        headers: API,
      });
      expect(cancel.statusCode, cancel.body).toBe(200);
      const tx = json<{ data: { to: string; data: string; value: string; from: string } }>(
        cancel,
      ).data;
      expect(tx.from).toBe(seller.address);
      expect((await sendBuilt(seller, tx)).status).toBe(1);
      const relist = await postListing(
        t,
        await signedOrder(c, seller, { tokenIds: [id!], price: parseEther('2') }),
      );
      expect(relist.statusCode, relist.body).toBe(200);
      const statuses = await t.db
        .selectFrom('orders')
        .select(['order_hash', 'status'])
        .where('order_hash', 'in', [
          hash.toLowerCase(),
          json<{ data: { orderHash: string } }>(relist).data.orderHash,
        ])
        .orderBy('created_at')
        .execute();
      expect(statuses.map((r) => r.status)).toEqual(['end', 'pending']);
      // a buyer still holding the revoked order is told the seller listed it again
      const stale = await postBuy(t, hash, (await c.freshWallet('5')).address);
      expect([stale.statusCode, json<ErrorJson>(stale).code]).toEqual([409, 'PRICE_CHANGED']);
    });

    it('a revoked set is closed when one of its items is listed again', async () => {
      const [a, b] = await c.mint(seller, 2);
      const set = await signedOrder(c, seller, { tokenIds: [a!, b!], itemsKind: ItemsKind.SET });
      const listed = await postListing(t, { ...set, name: 'Pair' });
      expect(listed.statusCode, listed.body).toBe(200);
      const setId = json<{ data: { setId: number } }>(listed).data.setId;
      const cancel = await t.app.inject({
        method: 'POST',
        url: `/api/v2/orders/${hashOrder(set.order)}/cancel-data`,
        headers: API,
      });
      expect(
        (
          await sendBuilt(
            seller,
            json<{ data: { to: string; data: string; value: string } }>(cancel).data,
          )
        ).status,
      ).toBe(1);
      const single = await postListing(t, await signedOrder(c, seller, { tokenIds: [a!] }));
      expect(single.statusCode, single.body).toBe(200);
      const row = await t.db
        .selectFrom('sets')
        .select(['status'])
        .where('id', '=', setId)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('NOTFORSALE');
      const nfts = await t.db
        .selectFrom('nfts')
        .select(['token_id', 'status', 'is_set'])
        .where('token_id', 'in', [a!.toString(), b!.toString()])
        .where('collection_address', '=', c.collection.toLowerCase())
        .orderBy('token_id')
        .execute();
      expect(nfts).toEqual([
        { token_id: a!.toString(), status: 'ONSALE', is_set: false },
        { token_id: b!.toString(), status: 'NOTFORSALE', is_set: true },
      ]);
    });

    it('matchOrder refuses the seller and a buyer who cannot pay', async () => {
      const [id] = await c.mint(seller, 1);
      const signed = await signedOrder(c, seller, { tokenIds: [id!], price: parseEther('3') });
      expect((await postListing(t, signed)).statusCode).toBe(200);
      const orderHash = hashOrder(signed.order);
      const own = await postBuy(t, orderHash, seller.address);
      expect([own.statusCode, json<ErrorJson>(own)]).toEqual([
        403,
        expect.objectContaining({ code: 'SELLER_CANNOT_BUY', message: 'You are the seller' }),
      ]);
      const poor = await c.freshWallet('1');
      const res = await postBuy(t, orderHash, poor.address);
      expect(json<ErrorJson>(res)).toMatchObject({
        code: 'NOT_ENOUGH_ACCOUNT_BALANCE',
        message: "Don't have enough Account balance",
      });
      const wrongRoute = await t.app.inject({
        method: 'POST',
        url: '/api/v2/trade/matchOrderSet',
        headers: API,
        payload: { orderHash, buyer: poor.address },
      });
      expect(json<ErrorJson>(wrongRoute).code).toBe('WRONG_SALE_KIND');
      const noKey = await t.app.inject({
        method: 'POST',
        url: '/api/v2/trade/matchOrder',
        payload: { orderHash, buyer: poor.address },
      });
      expect(json<ErrorJson>(noKey).code).toBe('INVALID_API_KEY');

      // past its end on the chain's clock: expired, not merely unavailable
      const [late] = await c.mint(seller, 1);
      const short = await signedOrder(c, seller, { tokenIds: [late!], endIn: 120 });
      expect((await postListing(t, short)).statusCode).toBe(200);
      await c.advance(180);
      const expired = await postBuy(t, hashOrder(short.order), poor.address);
      expect([expired.statusCode, json<ErrorJson>(expired)]).toEqual([
        409,
        expect.objectContaining({ code: 'ORDER_EXPIRED', message: 'This listing has expired' }),
      ]);
    });

    it('bundle: partial buys with the discount from the minimum count, as the contract charges', async () => {
      const ids = await c.mint(seller, 4);
      const price = parseEther('1');
      const signed = await signedOrder(c, seller, {
        tokenIds: ids,
        itemsKind: ItemsKind.BUNDLE,
        price,
        discountBps: 1_000n,
        minCountForDiscount: 2n,
      });
      const res = await postListing(t, { ...signed, name: 'Four of a kind' });
      expect(res.statusCode, res.body).toBe(200);
      const bundleId = json<{ data: { bundleId: number } }>(res).data.bundleId;
      const bundle = await t.db
        .selectFrom('bundles')
        .selectAll()
        .where('id', '=', bundleId)
        .executeTakeFirstOrThrow();
      expect(bundle).toMatchObject({ status: 'ONSALE', discount_bps: 1000, min_count: 2 });
      const items = await t.db
        .selectFrom('bundle_items')
        .selectAll()
        .where('bundle_id', '=', bundleId)
        .execute();
      expect(items.map((i) => i.price)).toEqual(ids.map(() => price.toString()));
      const orderHash = hashOrder(signed.order);
      const buyer = await c.freshWallet('10');

      const buy = (tokenIds: bigint[], from = buyer.address) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v2/trade/matchOrderBundle',
          headers: API,
          payload: { orderHash, buyer: from, tokenIds: tokenIds.map(String) },
        });
      const none = await buy([]);
      expect(json<ErrorJson>(none)).toMatchObject({
        code: 'NO_ITEMS_SELECTED',
        message: 'Please select items',
      });
      expect(json<ErrorJson>(await buy([ids[0]!], seller.address)).code).toBe('SELLER_CANNOT_BUY');
      expect(json<ErrorJson>(await buy([123456n])).code).toBe('VALIDATION_FAILED');

      // two items reach the minimum: 2 x 1 VBC - 10% = 1.8 VBC
      const two = await buy([ids[0]!, ids[2]!]);
      expect(two.statusCode, two.body).toBe(200);
      const twoData = json<{
        data: {
          total: string;
          count: number;
          itemMask: string;
          tx: { to: string; data: string; value: string };
        };
      }>(two).data;
      expect(twoData).toMatchObject({
        total: parseEther('1.8').toString(),
        count: 2,
        itemMask: '5',
      });
      expect((await sendBuilt(buyer, twoData.tx)).status).toBe(1);

      // one more item alone: below the minimum, no discount
      const one = await buy([ids[1]!]);
      const oneData = json<{
        data: { total: string; tx: { to: string; data: string; value: string } };
      }>(one).data;
      expect(oneData.total).toBe(price.toString());
      expect((await sendBuilt(buyer, oneData.tx)).status).toBe(1);

      const collection = collectionAt(c.collection, c.provider);
      for (const i of [0, 1, 2]) {
        expect(await collection.getFunction('ownerOf')(ids[i])).toBe(buyer.address);
      }
      expect(await collection.getFunction('ownerOf')(ids[3])).toBe(seller.address);
      // an item already sold cannot be chosen again
      expect(json<ErrorJson>(await buy([ids[0]!, ids[3]!])).code).toBe('ORDER_SOLD');
    });

    it('set: sold whole by matchOrderSet', async () => {
      const ids = await c.mint(seller, 3);
      const price = parseEther('2');
      const signed = await signedOrder(c, seller, {
        tokenIds: ids,
        itemsKind: ItemsKind.SET,
        price,
      });
      const res = await postListing(t, { ...signed, name: 'Triptych' });
      expect(res.statusCode, res.body).toBe(200);
      const setId = json<{ data: { setId: number } }>(res).data.setId;
      const set = await t.db
        .selectFrom('sets')
        .selectAll()
        .where('id', '=', setId)
        .executeTakeFirstOrThrow();
      expect(set).toMatchObject({ status: 'ONSALE', price: price.toString(), sale_type: 'FIXED' });
      const members = await t.db
        .selectFrom('nfts')
        .select(['is_set', 'set_id', 'status'])
        .where(
          'id',
          'in',
          (
            await t.db
              .selectFrom('set_items')
              .select('nft_id')
              .where('set_id', '=', setId)
              .execute()
          ).map((r) => r.nft_id),
        )
        .execute();
      expect(members).toHaveLength(3);
      expect(members.every((m) => m.is_set && m.set_id === setId && m.status === 'ONSALE')).toBe(
        true,
      );

      const buyer = await c.freshWallet('5');
      const orderHash = hashOrder(signed.order);
      const single = await postBuy(t, orderHash, buyer.address);
      expect(json<ErrorJson>(single).code).toBe('WRONG_SALE_KIND');
      const built = await t.app.inject({
        method: 'POST',
        url: '/api/v2/trade/matchOrderSet',
        headers: API,
        payload: { orderHash, buyer: buyer.address },
      });
      expect(built.statusCode, built.body).toBe(200);
      const data = json<{
        data: { total: string; count: number; tx: { to: string; data: string; value: string } };
      }>(built).data;
      expect(data).toMatchObject({ total: price.toString(), count: 3 });
      expect((await sendBuilt(buyer, data.tx)).status).toBe(1);
      const collection = collectionAt(c.collection, c.provider);
      for (const id of ids) expect(await collection.getFunction('ownerOf')(id)).toBe(buyer.address);
    });

    it('matchOrderNFTs answers one transaction per order; each is sent and succeeds', async () => {
      const ids = await c.mint(seller, 2);
      const hashes: string[] = [];
      for (const id of ids) {
        const signed = await signedOrder(c, seller, { tokenIds: [id], price: parseEther('0.5') });
        expect((await postListing(t, signed)).statusCode).toBe(200);
        hashes.push(hashOrder(signed.order));
      }
      const buyer = await c.freshWallet('2');
      const empty = await t.app.inject({
        method: 'POST',
        url: '/api/v2/trade/matchOrderNFTs',
        headers: API,
        payload: { buyer: buyer.address, orderHashes: [] },
      });
      expect(json<ErrorJson>(empty).code).toBe('NO_ITEMS_SELECTED');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v2/trade/matchOrderNFTs',
        headers: API,
        payload: { buyer: buyer.address, orderHashes: hashes },
      });
      expect(res.statusCode, res.body).toBe(200);
      const data = json<{
        data: {
          total: string;
          transactions: { tx: { to: string; data: string; value: string } }[];
        };
      }>(res).data;
      expect(data.total).toBe(parseEther('1').toString());
      expect(data.transactions).toHaveLength(2);
      for (const built of data.transactions) {
        expect((await sendBuilt(buyer, built.tx)).status).toBe(1);
      }
    });

    it('raw-matchOrder broadcasts a client-signed buy; refuses other contracts and the seller', async () => {
      const [id, id2] = await c.mint(seller, 2);
      const signed = await signedOrder(c, seller, { tokenIds: [id!], price: parseEther('1') });
      expect((await postListing(t, signed)).statusCode).toBe(200);
      const orderHash = hashOrder(signed.order);
      const buyer = await c.freshWallet('3');
      const built = json<{ data: { tx: { to: string; data: string; value: string } } }>(
        await postBuy(t, orderHash, buyer.address),
      ).data.tx;

      const signRaw = async (w: Wallet, tx: { to: string; data: string; value: bigint }) => {
        const populated = await w.populateTransaction({
          ...tx,
          chainId: 7771n,
          gasLimit: 500_000n,
        });
        return w.signTransaction(populated);
      };
      // another contract: refused before broadcasting
      const elsewhere = await signRaw(buyer, {
        to: Wallet.createRandom().address,
        data: built.data,
        value: BigInt(built.value),
      });
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/v2/trade/raw-matchOrder',
        headers: API,
        payload: { rawTx: elsewhere },
      });
      expect(json<ErrorJson>(refused).code).toBe('WRONG_CONTRACT');
      // a bundle route does not take a single-NFT buy
      const raw = await signRaw(buyer, { ...built, value: BigInt(built.value) });
      const wrongKind = await t.app.inject({
        method: 'POST',
        url: '/api/v2/trade/raw-matchOrder-bundle',
        headers: API,
        payload: { rawTx: raw },
      });
      expect(json<ErrorJson>(wrongKind).code).toBe('WRONG_SALE_KIND');

      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v2/trade/raw-matchOrder',
        headers: API,
        payload: { rawTx: raw },
      });
      expect(res.statusCode, res.body).toBe(200);
      const sent = json<{ data: { txHash: string; from: string } }>(res).data;
      expect(sent.from).toBe(buyer.address);
      expect(sent.txHash).toBe(Transaction.from(raw).hash);
      const receipt = await receiptOf(c.provider, sent.txHash);
      expect(receipt?.status).toBe(1);
      expect(await collectionAt(c.collection, c.provider).getFunction('ownerOf')(id)).toBe(
        buyer.address,
      );

      // the seller's own raw buy is simulated and refused with the contract's reason
      const other = await signedOrder(c, seller, { tokenIds: [id2!], price: parseEther('1') });
      expect((await postListing(t, other)).statusCode).toBe(200);
      const sellerBuy = json<{ data: { tx: { data: string } } }>(
        await postBuy(t, hashOrder(other.order), buyer.address),
      ).data.tx;
      const own = await signRaw(seller, {
        to: c.deployment.exchange,
        data: sellerBuy.data,
        value: parseEther('1'),
      });
      const ownRes = await t.app.inject({
        method: 'POST',
        url: '/api/v2/trade/send-rawtx',
        headers: API,
        payload: { rawTx: own },
      });
      expect(json<ErrorJson>(ownRes).code).toBe('SELLER_CANNOT_BUY');
      // wrong chain id
      const wrongChain = await new Wallet(seller.privateKey).signTransaction({
        type: 2,
        chainId: 1n,
        nonce: 0,
        to: c.deployment.exchange,
        data: '0x',
        gasLimit: 100_000n,
        maxFeePerGas: 1_000_000_000n,
        maxPriorityFeePerGas: 1n,
      });
      const wrong = await t.app.inject({
        method: 'POST',
        url: '/api/v2/trade/send-rawtx',
        headers: API,
        payload: { rawTx: wrongChain },
      });
      expect(json<ErrorJson>(wrong).code).toBe('WRONG_NETWORK');
    });
  },
  { backends: ROUTE_BACKENDS, env: TRADING_ENV },
);
