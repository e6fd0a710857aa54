/**
 * The order history (GET /api/v2/user/my-orders/{addressBC}) after a bundle is bought in parts,
 * by two buyers, on a real anvil with the indexer following it, on both database backends: each
 * buyer sees their own purchase (items, what they paid, success), the seller their order on sale
 * until the last item sells.
 */
import type { Contract, Wallet } from 'ethers';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ItemsKind, itemMask, quoteOrder } from '#contracts/typed-data/index.ts';
import type { OrderHistoryEntry } from '#shared/schemas/entities.ts';
import { describeBackends, json, ROUTE_BACKENDS } from '../helpers/test-app.ts';
import {
  type ChainFixture,
  metadataUri,
  mined,
  ONE,
  startChainFixture,
} from '../indexer/fixture.ts';

describeBackends(
  'trading: order history of a bundle bought in parts',
  (t) => {
    let chain: ChainFixture;
    let seller: Wallet;
    let buyer: Wallet;
    let other: Wallet;
    let art: Contract;

    beforeAll(async () => {
      chain = await startChainFixture(t.db, t.config.databaseUrl);
      seller = chain.wallet(2);
      buyer = chain.wallet(3);
      other = chain.wallet(4);
      art = await chain.createCollection(seller, { name: 'Bundled art', image: '/uploads/a.svg' });
      const meta = (i: number) => metadataUri({ name: `Item ${i}`, image: `/uploads/${i}.svg` });
      await mined(art.getFunction('mintBatch')(seller.address, [1, 2, 3].map(meta)));
      await chain.newIndexer(t.db).syncToHead();
    });
    afterAll(async () => {
      await chain?.close();
    });

    const history = async (who: Wallet, query: Record<string, string> = {}) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v2/user/my-orders/${who.address}`,
        query,
      });
      expect(res.statusCode, res.body).toBe(200);
      return json<{ data: OrderHistoryEntry[]; total: number }>(res);
    };

    it('shows each buyer their purchase and the seller their order, partly then wholly sold', async () => {
      // 10% off from 2 items at a price whose discount is not a whole wei
      const o = await chain.order(art, seller, [1n, 2n, 3n], {
        itemsKind: ItemsKind.BUNDLE,
        price: ONE + 7n,
        discountBps: 1_000n,
        minCountForDiscount: 2n,
      });
      const { hash, sig } = await chain.list(t.db, seller, o);
      const two = itemMask([0, 2]);
      const twoPaid = quoteOrder(o, two).total;
      expect(twoPaid % 10n).not.toBe(0n);
      const first = await mined(
        (chain.exchange.connect(buyer) as Contract).getFunction('buy')(o, sig, two, {
          value: twoPaid,
        }),
      );
      await chain.newIndexer(t.db).syncToHead();

      const bought = await history(buyer);
      expect(bought.total).toBe(1);
      expect(bought.data[0]).toMatchObject({
        orderHash: hash,
        side: 'buy',
        target: 'BUNDLE',
        status: 'success',
        paid: twoPaid.toString(),
        itemsSold: 2,
        items: 3,
        taker: buyer.address,
        txHash: first.hash,
      });
      const selling = await history(seller);
      expect(selling.total).toBe(1);
      expect(selling.data[0]).toMatchObject({
        orderHash: hash,
        side: 'sell',
        status: 'pending',
        price: (ONE + 7n).toString(),
        paid: null,
        itemsSold: 2,
        items: 3,
      });
      expect((await history(seller, { type: 'buy' })).total).toBe(0);
      expect((await history(buyer, { type: 'sell' })).total).toBe(0);
      expect((await history(buyer, { status: 'pending' })).total).toBe(0);
      expect((await history(buyer, { status: 'success' })).total).toBe(1);

      // the last item, by another buyer: the first buyer's purchase is still theirs
      const last = itemMask([1]);
      const lastPaid = quoteOrder(o, last).total;
      await mined(
        (chain.exchange.connect(other) as Contract).getFunction('buy')(o, sig, last, {
          value: lastPaid,
        }),
      );
      await chain.newIndexer(t.db).syncToHead();
      expect((await history(buyer)).data).toEqual([
        expect.objectContaining({ side: 'buy', paid: twoPaid.toString(), itemsSold: 2 }),
      ]);
      expect((await history(other)).data).toEqual([
        expect.objectContaining({
          orderHash: hash,
          side: 'buy',
          status: 'success',
          paid: lastPaid.toString(),
          itemsSold: 1,
          taker: other.address,
        }),
      ]);
      expect((await history(seller)).data).toEqual([
        expect.objectContaining({ side: 'sell', status: 'success', itemsSold: 3, items: 3 }),
      ]);
    });
  },
  { backends: ROUTE_BACKENDS },
);
