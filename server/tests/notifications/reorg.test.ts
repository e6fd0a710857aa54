/**
 * A chain sale on anvil tells the seller (SOLD, derived in the indexer's block-range
 * transaction); a reorg that removes the sale removes the notification too and tells the
 * seller's stream which ids went.
 */
import type { Contract, Wallet } from 'ethers';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_BACKENDS, describeBackends } from '../helpers/test-app.ts';
import {
  type ChainFixture,
  metadataUri,
  mined,
  ONE,
  startChainFixture,
} from '../indexer/fixture.ts';

describeBackends(
  'notifications of chain events',
  (t) => {
    let chain: ChainFixture;
    let partner: Wallet;
    let buyer: Wallet;
    let art: Contract;

    const notes = (address: string) =>
      t.db
        .selectFrom('notifications')
        .select(['id', 'type', 'payload', 'block_number'])
        .where('address', '=', address.toLowerCase())
        .orderBy('id')
        .execute();

    beforeAll(async () => {
      chain = await startChainFixture(t.db, t.config.databaseUrl);
      partner = chain.wallet(2);
      buyer = chain.wallet(3);
      art = await chain.createCollection(partner, { name: 'Reorg art', image: '/uploads/a.svg' });
      await mined(art.getFunction('mint')(partner.address, metadataUri({ name: 'Dawn' })));
    });
    afterAll(async () => {
      await chain?.close();
    });

    it('removes the SOLD notification of a sale a reorg undid', async () => {
      const id = (await art.getFunction('totalMinted')()) as bigint;
      const indexer = chain.newIndexer(t.db);
      await indexer.syncToHead();
      const o = await chain.order(art, partner, [id], { price: ONE });
      const { sig } = await chain.list(t.db, partner, o);
      const snapshot = await chain.provider.send('evm_snapshot', []);
      await mined(
        (chain.exchange.connect(buyer) as Contract).getFunction('buy')(o, sig, 1n, { value: ONE }),
      );
      await indexer.syncToHead();
      const sold = await notes(partner.address);
      expect(sold.map((n) => n.type)).toEqual(['SOLD']);
      expect(sold[0]?.payload).toMatchObject({ name: 'Dawn', buyer: buyer.address.toLowerCase() });
      expect(sold[0]?.block_number).not.toBeNull();

      await chain.provider.send('evm_revert', [snapshot]);
      const other = chain.wallet(4);
      await mined((chain.wvbc.connect(other) as Contract).getFunction('deposit')({ value: 1n }));
      await mined((chain.wvbc.connect(other) as Contract).getFunction('deposit')({ value: 2n }));
      expect((await indexer.syncOnce()).kind).toBe('reorg');
      await indexer.syncToHead();
      expect(await notes(partner.address)).toEqual([]);
      const removed = await t.db
        .selectFrom('live_events')
        .select('payload')
        .where('kind', '=', 'notifications-removed')
        .where('topic', '=', `address:${partner.address.toLowerCase()}`)
        .execute();
      expect(removed.map((r) => r.payload)).toEqual([{ ids: [sold[0]?.id] }]);
    });
  },
  { backends: ALL_BACKENDS },
);
