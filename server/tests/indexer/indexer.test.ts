/**
 * The chain indexer against a real anvil (automine) on both database backends: what each event
 * writes, exactly once per log, a crash in the middle of a block range, a reorg, and that every
 * NFT's owner and nonce match the chain.
 */
import type { Contract, Wallet } from 'ethers';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  allItemsMask,
  claimWindow,
  ItemsKind,
  itemMask,
  marketplaceDomain,
  quoteOrder,
  signBidAccepted,
} from '#contracts/typed-data/index.ts';
import { ALL_BACKENDS, describeBackends } from '../helpers/test-app.ts';
import {
  type ChainFixture,
  metadataUri,
  mined,
  ONE,
  ownersVersusChain,
  startChainFixture,
} from './fixture.ts';

function tokenMeta(i: number) {
  return metadataUri({
    name: `Token ${i}`,
    description: `Test token ${i}`,
    image: `/uploads/test-${i}.svg`,
    category: 'art',
    attributes: [
      { trait_type: 'Colour', value: i % 2 ? 'red' : 'blue' },
      { trait_type: 'Level', value: i, display_type: 'number' },
    ],
    inspection_reports: [
      {
        inspector: 'Test Lab',
        result: 'PASSED',
        summary: 'genuine',
        inspected_at: '2026-01-02T03:04:05.000Z',
      },
    ],
  });
}

describeBackends(
  'chain indexer',
  (t) => {
    let chain: ChainFixture;
    let partner: Wallet;
    let buyer: Wallet;
    let other: Wallet;
    let art: Contract;

    const activities = (type: string) =>
      t.db
        .selectFrom('activities')
        .selectAll()
        .where('type', '=', type as 'MINT')
        .orderBy('id')
        .execute();
    const nft = (tokenId: bigint, collection = art) =>
      collection
        .getAddress()
        .then((address) =>
          t.db
            .selectFrom('nfts')
            .selectAll()
            .where('collection_address', '=', address.toLowerCase())
            .where('token_id', '=', tokenId.toString())
            .executeTakeFirstOrThrow(),
        );
    const order = (hash: string) =>
      t.db
        .selectFrom('orders')
        .selectAll()
        .where('order_hash', '=', hash)
        .executeTakeFirstOrThrow();
    const expectOwnersMatchChain = async () => {
      for (const row of await ownersVersusChain(t.db, chain.provider)) {
        expect(row.indexed, row.token).toEqual(row.chain);
      }
    };
    /** No chain log was recorded twice (one activity per log and type). */
    const expectNoDuplicates = async () => {
      const dupes = await sql<{ n: string }>`
      select count(*) as n from (
        select tx_hash, log_index, type from activities where tx_hash is not null
        group by tx_hash, log_index, type having count(*) > 1) d`.execute(t.db);
      expect(Number(dupes.rows[0]?.n)).toBe(0);
    };

    beforeAll(async () => {
      chain = await startChainFixture(t.db, t.config.databaseUrl);
      partner = chain.wallet(2);
      buyer = chain.wallet(3);
      other = chain.wallet(4);
      art = await chain.createCollection(partner, {
        name: 'Indexed art',
        description: 'A collection for the indexer tests',
        image: '/uploads/art.svg',
        banner_image: '/uploads/art-banner.svg',
        category: 'art',
      });
      await mined(
        art.getFunction('mintBatch')(
          partner.address,
          Array.from({ length: 8 }, (_, i) => tokenMeta(i + 1)),
        ),
      );
    });
    afterAll(async () => {
      await chain?.close();
    });

    it('indexes the collection and its mints with metadata, properties and inspection reports', async () => {
      await chain.newIndexer(t.db).syncToHead();
      const address = (await art.getAddress()).toLowerCase();
      const collection = await t.db
        .selectFrom('collections')
        .selectAll()
        .where('address', '=', address)
        .executeTakeFirstOrThrow();
      expect(collection).toMatchObject({
        name: 'Indexed art',
        description: 'A collection for the indexer tests',
        image: '/uploads/art.svg',
        banner: '/uploads/art-banner.svg',
        creator: partner.address.toLowerCase(),
        label_id: 3,
        items_count: 8,
      });
      const first = await nft(1n);
      expect(first).toMatchObject({
        name: 'Token 1',
        image: '/uploads/test-1.svg',
        owner: partner.address.toLowerCase(),
        creator: partner.address.toLowerCase(),
        token_nonce: '1',
        status: 'NOTFORSALE',
        label_id: 3,
        collection_id: collection.id,
      });
      const props = await t.db
        .selectFrom('nft_properties')
        .select(['trait_type', 'value'])
        .where('nft_id', '=', first.id)
        .orderBy('position')
        .execute();
      expect(props).toEqual([
        { trait_type: 'Colour', value: 'red' },
        { trait_type: 'Level', value: '1' },
      ]);
      const reports = await t.db
        .selectFrom('inspection_reports')
        .select(['inspector', 'result'])
        .where('nft_id', '=', first.id)
        .execute();
      expect(reports).toEqual([{ inspector: 'Test Lab', result: 'PASSED' }]);
      const mints = await activities('MINT');
      expect(mints).toHaveLength(8);
      expect(mints[0]).toMatchObject({
        nft_id: first.id,
        to_address: partner.address.toLowerCase(),
      });
    });

    it('turns a fixed-price buy into BUY, a SOLD NFT with its new owner and a successful order', async () => {
      const o = await chain.order(art, partner, [1n], { price: 2n * ONE });
      const { hash, sig } = await chain.list(t.db, partner, o);
      expect((await nft(1n)).status).toBe('ONSALE');
      await mined(
        (chain.exchange.connect(buyer) as Contract).getFunction('buy')(o, sig, 1n, {
          value: 2n * ONE,
        }),
      );
      await chain.newIndexer(t.db).syncToHead();
      const item = await nft(1n);
      expect(item).toMatchObject({
        owner: buyer.address.toLowerCase(),
        status: 'SOLD',
        buy_price: (2n * ONE).toString(),
        current_order_hash: null,
        token_nonce: '2',
      });
      expect(await order(hash)).toMatchObject({
        status: 'success',
        taker: buyer.address.toLowerCase(),
      });
      const buys = await activities('BUY');
      expect(buys).toHaveLength(1);
      expect(buys[0]).toMatchObject({
        nft_id: item.id,
        from_address: partner.address.toLowerCase(),
        to_address: buyer.address.toLowerCase(),
        price: (2n * ONE).toString(),
        order_hash: hash,
      });
      // One provenance row per sale: BUY (fixed price); PURCHASE is an auction's.
      expect(await activities('PURCHASE')).toHaveLength(0);
      expect(await activities('TRANSFER')).toHaveLength(0);
    });

    it('records a plain transfer as TRANSFER and ends the listing it broke', async () => {
      const o = await chain.order(art, partner, [2n]);
      const { hash } = await chain.list(t.db, partner, o);
      await mined(art.getFunction('transferFrom')(partner.address, other.address, 2n));
      await chain.newIndexer(t.db).syncToHead();
      expect(await nft(2n)).toMatchObject({
        owner: other.address.toLowerCase(),
        status: 'NOTFORSALE',
        current_order_hash: null,
      });
      expect((await order(hash)).status).toBe('end');
      expect(await activities('TRANSFER')).toHaveLength(1);
    });

    it('turns a cancel into REVOKE and ends the order; a counter bump ends the maker’s other orders', async () => {
      const o = await chain.order(art, partner, [3n]);
      const { hash } = await chain.list(t.db, partner, o);
      await mined((chain.exchange.connect(partner) as Contract).getFunction('cancel')(o));
      const o2 = await chain.order(art, partner, [4n]);
      const { hash: hash2 } = await chain.list(t.db, partner, o2);
      await mined((chain.exchange.connect(partner) as Contract).getFunction('incrementCounter')());
      await chain.newIndexer(t.db).syncToHead();
      expect((await order(hash)).status).toBe('end');
      expect(await nft(3n)).toMatchObject({ status: 'NOTFORSALE', token_nonce: '2' });
      const revokes = await activities('REVOKE');
      expect(revokes).toHaveLength(1);
      expect(revokes[0]).toMatchObject({
        order_hash: hash,
        from_address: partner.address.toLowerCase(),
      });
      expect((await order(hash2)).status).toBe('end');
      expect((await nft(4n)).status).toBe('NOTFORSALE');
    });

    it('ends a fixed-price listing once the chain passes its end time', async () => {
      const now = BigInt((await chain.provider.getBlock('latest'))!.timestamp);
      const o = await chain.order(art, partner, [8n], { endTime: now + 30n });
      const { hash } = await chain.list(t.db, partner, o);
      await chain.newIndexer(t.db).syncToHead();
      expect((await order(hash)).status).toBe('pending');
      await chain.provider.send('evm_increaseTime', [31]);
      await chain.provider.send('evm_mine', []);
      await chain.newIndexer(t.db).syncToHead();
      expect((await order(hash)).status).toBe('end');
      expect(await nft(8n)).toMatchObject({ status: 'NOTFORSALE', current_order_hash: null });
    });

    it('keeps an ended auction pending while it can be claimed, and ends it when claims close', async () => {
      const now = BigInt((await chain.provider.getBlock('latest'))!.timestamp);
      const o = await chain.order(art, partner, [8n], { saleKind: 1, endTime: now + 30n });
      const { hash } = await chain.list(t.db, partner, o);
      const { closes } = claimWindow(o.endTime);
      await chain.provider.send('evm_setNextBlockTimestamp', [Number(closes - 60n)]);
      await chain.provider.send('evm_mine', []);
      await chain.newIndexer(t.db).syncToHead();
      expect((await order(hash)).status).toBe('pending');
      await chain.provider.send('evm_setNextBlockTimestamp', [Number(closes)]);
      await chain.provider.send('evm_mine', []);
      await chain.newIndexer(t.db).syncToHead();
      expect((await order(hash)).status).toBe('end');
    });

    it('keeps a bundle on sale after a partial buy and marks it SOLD when the last item sells', async () => {
      const o = await chain.order(art, partner, [5n, 6n, 7n], {
        itemsKind: ItemsKind.BUNDLE,
        price: ONE,
        discountBps: 1_000n,
        minCountForDiscount: 2n,
      });
      const { hash, sig } = await chain.list(t.db, partner, o);
      const buy = (chain.exchange.connect(buyer) as Contract).getFunction('buy');
      const first = itemMask([0, 2]);
      await mined(buy(o, sig, first, { value: quoteOrder(o, first).total }));
      await chain.newIndexer(t.db).syncToHead();
      expect((await order(hash)).status).toBe('pending');
      const bundle = await t.db
        .selectFrom('bundles')
        .selectAll()
        .where('current_order_hash', '=', hash)
        .executeTakeFirstOrThrow();
      expect(bundle.status).toBe('ONSALE');
      expect((await nft(5n)).status).toBe('SOLD');
      // 2 items with 10 % off: each bought for 0.9 VBC.
      expect((await nft(5n)).buy_price).toBe(((ONE * 9n) / 10n).toString());
      expect((await nft(6n)).status).toBe('ONSALE');
      const rest = itemMask([1]);
      await mined(
        (chain.exchange.connect(other) as Contract).getFunction('buy')(o, sig, rest, {
          value: quoteOrder(o, rest).total,
        }),
      );
      await chain.newIndexer(t.db).syncToHead();
      expect((await order(hash)).status).toBe('success');
      const after = await t.db
        .selectFrom('bundles')
        .selectAll()
        .where('id', '=', bundle.id)
        .executeTakeFirstOrThrow();
      expect(after.status).toBe('SOLD');
      expect((await nft(6n)).owner).toBe(other.address.toLowerCase());
    });

    it('records WVBC deposits and withdrawals', async () => {
      const w = chain.wvbc.connect(buyer) as Contract;
      await mined(w.getFunction('deposit')({ value: 3n * ONE }));
      await mined(w.getFunction('withdraw')(ONE));
      await chain.newIndexer(t.db).syncToHead();
      const rows = await t.db
        .selectFrom('wvbc_transfers')
        .select(['kind', 'address', 'amount'])
        .where('address', '=', buyer.address.toLowerCase()) // the deploy wraps 1 wei too
        .orderBy('id')
        .execute();
      expect(rows).toEqual([
        { kind: 'DEPOSIT', address: buyer.address.toLowerCase(), amount: (3n * ONE).toString() },
        { kind: 'WITHDRAWAL', address: buyer.address.toLowerCase(), amount: ONE.toString() },
      ]);
    });

    it('applies each log exactly once even when the same blocks are read again', async () => {
      const before = await t.db.selectFrom('activities').select('id').execute();
      const nftsBefore = await t.db.selectFrom('nfts').selectAll().orderBy('id').execute();
      // Replay from the deploy block, as a lost checkpoint would.
      await t.db.deleteFrom('indexer_state').execute();
      await t.db.deleteFrom('indexed_blocks').execute();
      await chain.newIndexer(t.db).syncToHead();
      expect(await t.db.selectFrom('activities').select('id').execute()).toHaveLength(
        before.length,
      );
      const nftsAfter = await t.db.selectFrom('nfts').selectAll().orderBy('id').execute();
      expect(nftsAfter.map((n) => [n.owner, n.token_nonce, n.status])).toEqual(
        nftsBefore.map((n) => [n.owner, n.token_nonce, n.status]),
      );
      await expectNoDuplicates();
      await expectOwnersMatchChain();
    });

    it('resumes after a crash in the middle of a block range without losing or doubling a log', async () => {
      // Six transactions, six blocks (automine); ranges of two blocks; the second range crashes
      // after its handlers ran, just before its commit.
      const start = (
        await t.db.selectFrom('indexer_state').select('last_block').executeTakeFirstOrThrow()
      ).last_block;
      await mined(art.getFunction('mintBatch')(partner.address, [tokenMeta(9), tokenMeta(10)]));
      await mined(art.getFunction('transferFrom')(partner.address, buyer.address, 9n));
      await mined(art.getFunction('transferFrom')(partner.address, other.address, 10n));
      await mined(art.getFunction('mint')(partner.address, tokenMeta(11)));
      await mined(art.getFunction('transferFrom')(partner.address, buyer.address, 11n));
      await mined((chain.wvbc.connect(other) as Contract).getFunction('deposit')({ value: ONE }));
      let ranges = 0;
      const crashing = chain.newIndexer(t.db, {
        batchSize: 2,
        beforeCommit: () => {
          ranges++;
          if (ranges === 2) throw new Error('simulated crash');
        },
      });
      expect((await crashing.syncOnce()).kind).toBe('indexed');
      await expect(crashing.syncOnce()).rejects.toThrow('simulated crash');
      await crashing.stop();
      const cp = await t.db
        .selectFrom('indexer_state')
        .select('last_block')
        .executeTakeFirstOrThrow();
      expect(Number(cp.last_block)).toBe(Number(start) + 2);
      // The first range (mint 9 and 10, 9 to the buyer) committed; the crashed one left nothing.
      expect(await nft(9n)).toMatchObject({ owner: buyer.address.toLowerCase() });
      expect(await nft(10n)).toMatchObject({ owner: partner.address.toLowerCase() });
      expect(
        await t.db.selectFrom('nfts').where('token_id', '=', '11').selectAll().execute(),
      ).toHaveLength(0);

      await chain.newIndexer(t.db, { batchSize: 2 }).syncToHead();
      expect(await nft(9n)).toMatchObject({ owner: buyer.address.toLowerCase(), token_nonce: '2' });
      expect(await nft(10n)).toMatchObject({ owner: other.address.toLowerCase() });
      expect(await nft(11n)).toMatchObject({ owner: buyer.address.toLowerCase() });
      const mints = await activities('MINT');
      expect(mints.filter((a) => a.to_address === partner.address.toLowerCase())).toHaveLength(11);
      await expectNoDuplicates();
      await expectOwnersMatchChain();
      const head = await chain.provider.getBlockNumber();
      const after = await t.db
        .selectFrom('indexer_state')
        .select('last_block')
        .executeTakeFirstOrThrow();
      expect(Number(after.last_block)).toBe(head);
    });

    it('rolls back a reorg and re-indexes the new blocks', async () => {
      const indexer = chain.newIndexer(t.db);
      await indexer.syncToHead();
      const snapshot = await chain.provider.send('evm_snapshot', []);
      // Fork A: 12 is minted and sold on, 8 moves to `other`.
      await mined(art.getFunction('mint')(partner.address, tokenMeta(12)));
      await mined(art.getFunction('transferFrom')(partner.address, other.address, 12n));
      await mined(art.getFunction('transferFrom')(partner.address, other.address, 8n));
      await indexer.syncToHead();
      expect(await nft(8n)).toMatchObject({ owner: other.address.toLowerCase() });
      expect((await nft(12n)).owner).toBe(other.address.toLowerCase());
      const forkA = await chain.provider.getBlockNumber();

      // Fork B replaces those blocks (and one more): 8 goes to the buyer, 12 is never minted.
      await chain.provider.send('evm_revert', [snapshot]);
      await mined((chain.wvbc.connect(other) as Contract).getFunction('deposit')({ value: ONE }));
      await mined(art.getFunction('transferFrom')(partner.address, buyer.address, 8n));
      await mined((chain.wvbc.connect(other) as Contract).getFunction('deposit')({ value: ONE }));
      await mined((chain.wvbc.connect(other) as Contract).getFunction('deposit')({ value: ONE }));
      expect(await chain.provider.getBlockNumber()).toBeGreaterThan(forkA);

      const first = await indexer.syncOnce();
      expect(first.kind).toBe('reorg');
      await indexer.syncToHead();
      expect(await nft(8n)).toMatchObject({
        owner: buyer.address.toLowerCase(),
        token_nonce: '2',
        status: 'NOTFORSALE',
      });
      const twelve = await t.db
        .selectFrom('nfts')
        .select('id')
        .where('token_id', '=', '12')
        .where('collection_address', '=', (await art.getAddress()).toLowerCase())
        .execute();
      expect(twelve).toHaveLength(0);
      const transfersOf8 = await t.db
        .selectFrom('activities')
        .innerJoin('nfts', 'nfts.id', 'activities.nft_id')
        .select(['activities.to_address'])
        .where('nfts.token_id', '=', '8')
        .where('activities.type', '=', 'TRANSFER')
        .execute();
      expect(transfersOf8).toEqual([{ to_address: buyer.address.toLowerCase() }]);
      expect((await art.getFunction('totalMinted')()) as bigint).toBe(
        BigInt(
          (await t.db.selectFrom('collections').select('items_count').executeTakeFirstOrThrow())
            .items_count,
        ),
      );
      await expectNoDuplicates();
      await expectOwnersMatchChain();
    });

    it('undoes a sale that a reorg removed: the listing is back on sale, the order pending', async () => {
      await mined(art.getFunction('mint')(partner.address, tokenMeta(13)));
      const id = (await art.getFunction('totalMinted')()) as bigint;
      const indexer = chain.newIndexer(t.db);
      await indexer.syncToHead();
      const o = await chain.order(art, partner, [id], { price: ONE });
      const { hash, sig } = await chain.list(t.db, partner, o);
      const volume = async () =>
        (
          await t.db
            .selectFrom('collections')
            .select('volume')
            .where('address', '=', (await art.getAddress()).toLowerCase())
            .executeTakeFirstOrThrow()
        ).volume;
      const volumeBefore = await volume();
      const snapshot = await chain.provider.send('evm_snapshot', []);
      await mined(
        (chain.exchange.connect(buyer) as Contract).getFunction('buy')(o, sig, 1n, { value: ONE }),
      );
      await indexer.syncToHead();
      expect(await nft(id)).toMatchObject({ status: 'SOLD', owner: buyer.address.toLowerCase() });
      expect((await order(hash)).status).toBe('success');
      expect(BigInt(await volume())).toBe(BigInt(volumeBefore) + ONE);
      const fills = () =>
        t.db.selectFrom('order_fills').selectAll().where('order_hash', '=', hash).execute();
      expect(await fills()).toEqual([
        expect.objectContaining({ taker: buyer.address.toLowerCase(), item_count: 1 }),
      ]);

      await chain.provider.send('evm_revert', [snapshot]);
      await mined((chain.wvbc.connect(other) as Contract).getFunction('deposit')({ value: 1n }));
      await mined((chain.wvbc.connect(other) as Contract).getFunction('deposit')({ value: 2n }));
      expect((await indexer.syncOnce()).kind).toBe('reorg');
      await indexer.syncToHead();
      expect(await nft(id)).toMatchObject({
        status: 'ONSALE',
        owner: partner.address.toLowerCase(),
        current_order_hash: hash,
      });
      expect(await order(hash)).toMatchObject({ status: 'pending', taker: null, tx_hash: null });
      expect(await fills()).toEqual([]);
      expect(await volume()).toBe(volumeBefore);
      expect((await activities('BUY')).filter((a) => a.order_hash === hash)).toHaveLength(0);
      await expectNoDuplicates();
      await expectOwnersMatchChain();
    });

    it('follows bids recorded on chain and their escrow paid back; a reorg removes them', async () => {
      await mined(art.getFunction('mint')(partner.address, tokenMeta(14)));
      const id = (await art.getFunction('totalMinted')()) as bigint;
      const now = BigInt((await chain.provider.getBlock('latest'))!.timestamp);
      const o = await chain.order(art, partner, [id], { saleKind: 1, endTime: now + 3_600n });
      const indexer = chain.newIndexer(t.db);
      await indexer.syncToHead();
      const { hash } = await chain.list(t.db, partner, o);
      const records = () =>
        t.db
          .selectFrom('bid_records')
          .select(['kind', 'bidder', 'amount'])
          .where('order_hash', '=', hash)
          .orderBy('block_number')
          .orderBy('log_index')
          .execute();
      const domain = marketplaceDomain(chain.deployment.chainId, chain.deployment.exchange);
      const receipt = await signBidAccepted(chain.wallet(1), domain, {
        orderHash: hash,
        bidder: buyer.address,
        amount: 2n * ONE,
        epoch: 0n,
      });
      const snapshot = await chain.provider.send('evm_snapshot', []);
      const wvbc = chain.wvbc.connect(buyer) as Contract;
      await mined(wvbc.getFunction('deposit')({ value: 2n * ONE }));
      await mined(wvbc.getFunction('approve')(await chain.exchange.getAddress(), 2n * ONE));
      const exchange = chain.exchange.connect(buyer) as Contract;
      await mined(exchange.getFunction('recordBid')(o, receipt, 2n * ONE));
      await indexer.syncToHead();
      const bidder = buyer.address.toLowerCase();
      expect(await records()).toEqual([
        { kind: 'RECORDED', bidder, amount: (2n * ONE).toString() },
      ]);
      await mined((chain.exchange.connect(partner) as Contract).getFunction('cancel')(o));
      await mined(exchange.getFunction('withdrawRecordedBid')(o)); // dead auction: paid back at once
      await indexer.syncToHead();
      expect((await records()).map((r) => r.kind)).toEqual(['RECORDED', 'RETURNED']);

      await chain.provider.send('evm_revert', [snapshot]);
      await mined((chain.wvbc.connect(other) as Contract).getFunction('deposit')({ value: 1n }));
      expect((await indexer.syncOnce()).kind).toBe('reorg');
      await indexer.syncToHead();
      expect(await records()).toEqual([]);
    });

    it('also follows a chain that got shorter (revert without new blocks beyond the old head)', async () => {
      const indexer = chain.newIndexer(t.db);
      await indexer.syncToHead();
      const snapshot = await chain.provider.send('evm_snapshot', []);
      await mined(art.getFunction('transferFrom')(partner.address, other.address, 3n));
      await indexer.syncToHead();
      expect((await nft(3n)).owner).toBe(other.address.toLowerCase());
      await chain.provider.send('evm_revert', [snapshot]);
      expect((await indexer.syncOnce()).kind).toBe('reorg');
      await indexer.syncToHead();
      expect((await nft(3n)).owner).toBe(partner.address.toLowerCase());
      await expectOwnersMatchChain();
    });

    it('settles a claimed auction (set) as SOLD to the winner, paid in WVBC', async () => {
      const now = BigInt((await chain.provider.getBlock('latest'))!.timestamp);
      const o = await chain.order(art, partner, [3n, 4n], {
        itemsKind: ItemsKind.SET,
        saleKind: 1,
        price: ONE,
        endTime: now + 100n,
      });
      const { hash, sig } = await chain.list(t.db, partner, o);
      const w = chain.wvbc.connect(buyer) as Contract;
      await mined(w.getFunction('approve')(chain.deployment.exchange, 5n * ONE));
      const { claimWindow, marketplaceDomain, signBid, signSettlement, hashOrder } = await import(
        '#contracts/typed-data/index.ts'
      );
      const domain = marketplaceDomain(chain.deployment.chainId, chain.deployment.exchange);
      const bid = { order: o, bidder: buyer.address, amount: 2n * ONE };
      await signBid(buyer, domain, bid);
      const opens = claimWindow(now + 100n).opens;
      await chain.provider.send('evm_setNextBlockTimestamp', [Number(opens)]);
      await chain.provider.send('evm_mine', []);
      const deadline = opens + 3_600n;
      const attestation = await signSettlement(chain.wallet(1), domain, {
        orderHash: hashOrder(o),
        bidder: bid.bidder,
        amount: bid.amount,
        deadline,
        epoch: 0n,
      });
      await mined(
        (chain.exchange.connect(buyer) as Contract).getFunction('claim')(
          o,
          sig,
          bid.bidder,
          bid.amount,
          '0x',
          deadline,
          attestation,
        ),
      );
      await chain.newIndexer(t.db).syncToHead();
      expect(await order(hash)).toMatchObject({
        status: 'success',
        taker: buyer.address.toLowerCase(),
      });
      const set = await t.db
        .selectFrom('sets')
        .selectAll()
        .where('id', '=', (await order(hash)).set_id!)
        .executeTakeFirstOrThrow();
      expect(set).toMatchObject({ status: 'SOLD', owner: buyer.address.toLowerCase() });
      expect(await nft(3n)).toMatchObject({ owner: buyer.address.toLowerCase(), status: 'SOLD' });
      expect(allItemsMask(2)).toBe(3n);
      const purchases = (await activities('PURCHASE')).filter((a) => a.order_hash === hash);
      expect(purchases.map((a) => [a.nft_id, a.set_id, a.price, a.to_address])).toEqual([
        [(await nft(3n)).id, set.id, ONE.toString(), buyer.address.toLowerCase()],
        [(await nft(4n)).id, set.id, ONE.toString(), buyer.address.toLowerCase()],
      ]);
      await expectOwnersMatchChain();
    });

    it('ends the listings of a holder who revokes the exchange, for good', async () => {
      const minted = await mined(
        art.getFunction('mintBatch')(partner.address, [tokenMeta(9), tokenMeta(10)]),
      );
      const [id, other] = minted.logs
        .map((l) => art.interface.parseLog(l))
        .filter((p) => p?.name === 'Transfer')
        .map((p) => p!.args[2] as bigint);
      await chain.newIndexer(t.db).syncToHead();
      const o = await chain.order(art, partner, [id!]);
      const { hash } = await chain.list(t.db, partner, o);
      const nonceBefore = BigInt((await nft(id!)).token_nonce);
      const approve = (art.connect(partner) as Contract).getFunction('setApprovalForAll');
      await mined(approve(chain.deployment.exchange, false));
      await mined(approve(chain.deployment.exchange, true)); // approving again revives nothing
      await chain.newIndexer(t.db).syncToHead();
      expect((await order(hash)).status).toBe('end');
      expect(await nft(id!)).toMatchObject({ status: 'NOTFORSALE', current_order_hash: null });
      // the database follows the collection's nonce (the holder's epoch is part of it)
      const onChain = (await art.getFunction('tokenNonce')(id)) as bigint;
      expect(BigInt((await nft(id!)).token_nonce)).toBe(onChain);
      expect(onChain).toBe(nonceBefore + 1n);
      expect(BigInt((await nft(other!)).token_nonce)).toBe(
        (await art.getFunction('tokenNonce')(other)) as bigint,
      );
      // tokens the holder receives after the revoke carry its epoch too: a mint, and a token
      // that leaves and comes back (each move sets the epoch part to the receiver's)
      const later = await mined(art.getFunction('mintBatch')(partner.address, [tokenMeta(11)]));
      const [fresh] = later.logs
        .map((l) => art.interface.parseLog(l))
        .filter((p) => p?.name === 'Transfer')
        .map((p) => p!.args[2] as bigint);
      const move = (from: Wallet, to: string, tokenId: bigint) =>
        mined(
          (art.connect(from) as Contract).getFunction('transferFrom')(from.address, to, tokenId),
        );
      await move(partner, buyer.address, other!);
      await chain.newIndexer(t.db).syncToHead();
      for (const tokenId of [fresh!, other!]) {
        expect(BigInt((await nft(tokenId)).token_nonce)).toBe(
          (await art.getFunction('tokenNonce')(tokenId)) as bigint,
        );
      }
      await move(buyer, partner.address, other!);
      await chain.newIndexer(t.db).syncToHead();
      expect(BigInt((await nft(other!)).token_nonce)).toBe(
        (await art.getFunction('tokenNonce')(other)) as bigint,
      );
    });

    it('keeps the blocks a reorg leaves of a run of mints indexed together: rows, count, journal', async () => {
      const indexer = chain.newIndexer(t.db);
      await indexer.syncToHead();
      const items = async () =>
        (
          await t.db
            .selectFrom('collections')
            .select('items_count')
            .where('address', '=', (await art.getAddress()).toLowerCase())
            .executeTakeFirstOrThrow()
        ).items_count;
      const before = await items();
      const total = (await art.getFunction('totalMinted')()) as bigint;
      const batch = (n: number) =>
        Array.from({ length: n }, (_, i) => tokenMeta(Number(total) + 100 + i));
      // two batch mints in two blocks, indexed in one range: one run of five mints
      // (not to the partner: its revoke in the test above raised the nonce of what it holds)
      await mined(art.getFunction('mintBatch')(buyer.address, batch(3)));
      const snapshot = await chain.provider.send('evm_snapshot', []);
      await mined(art.getFunction('mintBatch')(other.address, batch(2)));
      await indexer.syncToHead();
      expect(await items()).toBe(before + 5);
      // the second block is replaced: its two tokens and its share of the count go, the first stays
      await chain.provider.send('evm_revert', [snapshot]);
      await mined((chain.wvbc.connect(other) as Contract).getFunction('deposit')({ value: ONE }));
      await mined((chain.wvbc.connect(other) as Contract).getFunction('deposit')({ value: ONE }));
      expect((await indexer.syncOnce()).kind).toBe('reorg');
      await indexer.syncToHead();
      expect(await items()).toBe(before + 3);
      expect(BigInt(await items())).toBe((await art.getFunction('totalMinted')()) as bigint);
      for (const id of [1n, 2n, 3n]) {
        expect((await nft(total + id)).owner).toBe(buyer.address.toLowerCase());
      }
      const gone = await t.db
        .selectFrom('nfts')
        .select('id')
        .where('collection_address', '=', (await art.getAddress()).toLowerCase())
        .where('token_id', 'in', [(total + 4n).toString(), (total + 5n).toString()])
        .execute();
      expect(gone).toEqual([]);
      const address = (await art.getAddress()).toLowerCase();
      const mints = (await activities('MINT')).filter((m) => m.collection_address === address);
      expect(mints).toHaveLength(Number(total) + 3);
      await expectNoDuplicates();
      await expectOwnersMatchChain();
    });
  },
  { backends: ALL_BACKENDS },
);
