/**
 * Notifications on both backends: derived in the transaction of their cause (bid trigger,
 * chain sale trigger, scheduled moments), rolled back with a reorg, listed / counted / marked
 * read through the routes, mailed in the user's language with their choices, and streamed
 * (SSE ids, Last-Event-ID replay).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Wallet } from 'ethers';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { notifyScheduled, rollbackNotifications } from '#server/notifications/derive.ts';
import { createSignedInUser, linkAddress } from '#server-tests/helpers/accounts.ts';
import {
  ALL_BACKENDS,
  describeBackends,
  json,
  type TestApp,
} from '#server-tests/helpers/test-app.ts';
import {
  insertActivity,
  insertBid,
  insertCollection,
  insertNetwork,
  insertNft,
  insertOrder,
} from '../catalogue/insert-rows.ts';
import { openStream, type StreamClient } from './sse-client.ts';

const NET = 7771;
const WVBC = '0x00000000000000000000000000000000000000aa';
const COLLECTION = '0x00000000000000000000000000000000000000c1';

interface Person {
  id: number;
  auth: { authorization: string };
  address: string;
}

async function person(t: TestApp, name: string): Promise<Person> {
  const user = await createSignedInUser(t, { username: `${name}_${Date.now().toString(36)}` });
  const wallet = Wallet.createRandom();
  const res = await linkAddress(t, user.auth, wallet);
  if (res.statusCode !== 200) throw new Error(res.body);
  return { id: user.id, auth: user.auth, address: wallet.address.toLowerCase() };
}

let orderCounter = 0;
function hash(n: number): string {
  return `0x${n.toString(16).padStart(64, '0')}`;
}

async function auction(t: TestApp, maker: string, nftId: number, endTime: Date, signedEnd: Date) {
  orderCounter += 1;
  return insertOrder(t.db, {
    order_hash: hash(0xa000 + orderCounter),
    network_id: NET,
    maker,
    sale_kind: 'AUCTION',
    target: 'NFT',
    nft_id: nftId,
    payment_token: WVBC,
    price: '1000',
    start_time: new Date(Date.now() - 3_600_000),
    end_time: endTime,
    message: JSON.stringify({ endTime: String(Math.floor(signedEnd.getTime() / 1000)) }),
    signature: '0x01',
  });
}

let bidCounter = 0;

/** What bid-writes.ts does to the table: the previous highest unflagged, the new one highest. */
async function bid(t: TestApp, orderHash: string, bidder: string, amount: string) {
  await t.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('bids')
      .set({ is_highest: false })
      .where('order_hash', '=', orderHash)
      .execute();
    await insertBid(trx, {
      order_hash: orderHash,
      network_id: NET,
      bidder,
      amount,
      message: '{}',
      // bids are unique on their signature (migration 030)
      signature: `0x02${(++bidCounter).toString(16).padStart(4, '0')}`,
      is_highest: true,
    });
  });
}

async function list(t: TestApp, p: Person, query = '') {
  const res = await t.app.inject({ url: `/api/v1/notification${query}`, headers: p.auth });
  expect(res.statusCode).toBe(200);
  return json<{
    data: { id: string; type: string; data: Record<string, unknown> }[];
    total: number;
  }>(res);
}

async function outbox(t: TestApp): Promise<string[]> {
  const dir = path.join(t.dataDir, 'outbox');
  const files = await readdir(dir).catch(() => []);
  return Promise.all(files.sort().map((f) => readFile(path.join(dir, f), 'utf8')));
}

describeBackends(
  'notifications',
  (t) => {
    let seller: Person;
    let alice: Person;
    let bob: Person;
    let nftId: number;
    let stream: StreamClient | undefined;

    beforeAll(async () => {
      [seller, alice, bob] = [
        await person(t, 'seller'),
        await person(t, 'alice'),
        await person(t, 'bob'),
      ];
      await insertNetwork(t.db, {
        network_id: NET,
        name: 'devnet',
        domain: 'http://marketplace.test',
        network_group: 'devnet',
        wrapper_address: WVBC,
      });
      await insertCollection(t.db, {
        network_id: NET,
        address: COLLECTION,
        name: 'Alpha',
        creator: seller.address,
      });
      nftId = await insertNft(t.db, {
        network_id: NET,
        collection_address: COLLECTION,
        token_id: '7',
        token_nonce: '1',
        owner: seller.address,
        creator: seller.address,
        name: 'Sunrise',
      });
      await t.app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(() => stream?.close());

    it('a bid tells the seller; a higher bid outbids the previous bidder', async () => {
      const end = new Date(Date.now() + 86_400_000);
      const order = await auction(t, seller.address, nftId, end, end);
      await bid(t, order, alice.address, '2000000000000000000');
      await bid(t, order, bob.address, '3000000000000000000');
      await bid(t, order, bob.address, '4000000000000000000'); // raising one's own: nobody outbid

      const sellers = await list(t, seller);
      expect(sellers.data.map((n) => n.type)).toEqual([
        'BID_RECEIVED',
        'BID_RECEIVED',
        'BID_RECEIVED',
      ]);
      const alices = await list(t, alice);
      expect(alices.data).toHaveLength(1);
      expect(alices.data[0]).toMatchObject({
        type: 'OUTBID',
        networkId: NET,
        data: {
          nftId,
          name: 'Sunrise',
          collection: COLLECTION,
          tokenId: '7',
          amount: '3000000000000000000',
          yourAmount: '2000000000000000000',
        },
      });
      expect((await list(t, bob)).total).toBe(0);
    });

    it('lists by page and type, counts and marks unread ones', async () => {
      const count = async () =>
        json<{ data: { unread: number } }>(
          await t.app.inject({ url: '/api/v1/notification/unread-count', headers: seller.auth }),
        ).data.unread;
      expect(await count()).toBe(3);
      const page2 = await list(t, seller, '?size=2&page=2');
      expect(page2).toMatchObject({ total: 3, page: 2, size: 2 });
      expect(page2.data).toHaveLength(1);
      expect((await list(t, seller, '?types=OUTBID')).total).toBe(0);
      const first = (await list(t, seller)).data[0];
      const read = await t.app.inject({
        method: 'POST',
        url: '/api/v1/notification/read',
        headers: seller.auth,
        payload: { ids: [first?.id] },
      });
      expect(json(read)).toEqual({ data: { marked: 1 } });
      expect(await count()).toBe(2);
      expect((await list(t, seller, '?unread=true')).total).toBe(2);
      // Someone else's ids are not theirs to mark.
      const foreign = await t.app.inject({
        method: 'POST',
        url: '/api/v1/notification/read',
        headers: alice.auth,
        payload: { ids: [first?.id] },
      });
      expect(json(foreign)).toEqual({ data: { marked: 0 } });
      const all = await t.app.inject({
        method: 'POST',
        url: '/api/v1/notification/read-all',
        headers: seller.auth,
        payload: {},
      });
      expect(json(all)).toEqual({ data: { marked: 2 } });
      expect(await count()).toBe(0);
      const anonymous = await t.app.inject({ url: '/api/v1/notification' });
      expect(anonymous.statusCode).toBe(401);
    });

    it('mails outbid in the recipient language, honouring their choices', async () => {
      await t.app.sendNotificationMails(); // the earlier outbid (default: Vietnamese)
      const before = await outbox(t);
      expect(before.join('\n')).toContain('Subject: =?UTF-8?'); // Vietnamese subject, encoded
      const put = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/notification/preferences',
        headers: bob.auth,
        payload: { lang: 'en', emailOutbid: true, emailWon: true, emailSold: false },
      });
      expect(json(put)).toEqual({
        // emailDrops left out keeps its default (on)
        data: { lang: 'en', emailOutbid: true, emailWon: true, emailSold: false, emailDrops: true },
      });
      const end = new Date(Date.now() + 86_400_000);
      const order = await auction(t, seller.address, nftId, end, end);
      await bid(t, order, bob.address, '5000000000000000000');
      await bid(t, order, alice.address, '6000000000000000000');
      await t.app.sendNotificationMails();
      const after = (await outbox(t)).slice(before.length);
      expect(after).toHaveLength(1);
      expect(after[0]).toContain('Subject: You were outbid on Sunrise');
      expect(after[0]).toContain('6 WVBC');
      expect(after[0]).toContain('Network: VBChain devnet');
      expect(after[0]).toContain('http://marketplace.test/notification');

      await t.app.inject({
        method: 'PUT',
        url: '/api/v1/notification/preferences',
        headers: bob.auth,
        payload: { lang: 'en', emailOutbid: false, emailWon: true, emailSold: false },
      });
      await bid(t, order, bob.address, '7000000000000000000');
      await bid(t, order, alice.address, '8000000000000000000'); // bob outbid, mail off
      await t.app.sendNotificationMails();
      const mails = await outbox(t);
      // alice (Vietnamese by default) got hers for the 7 WVBC bid; bob's was skipped.
      expect(mails.length).toBe(before.length + 2);
      const states = await t.db
        .selectFrom('notifications')
        .select('mail_state')
        .where('type', '=', 'OUTBID')
        .orderBy('id')
        .execute();
      expect(states.map((s) => s.mail_state)).toEqual(['sent', 'sent', 'sent', 'skipped']);
    });

    it('leaves nothing for the mail worker when the recipient has no verified e-mail', async () => {
      const stranger = Wallet.createRandom().address.toLowerCase();
      const end = new Date(Date.now() + 86_400_000);
      const order = await auction(t, seller.address, nftId, end, end);
      await bid(t, order, stranger, '1000000000000000000');
      await bid(t, order, alice.address, '2000000000000000000');
      const row = await t.db
        .selectFrom('notifications')
        .select(['type', 'mail_state', 'user_id'])
        .where('address', '=', stranger)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ type: 'OUTBID', mail_state: null, user_id: null });
    });

    it('a chain sale tells the seller; a reorg above its block removes it', async () => {
      await insertActivity(t.db, {
        network_id: NET,
        type: 'BUY',
        nft_id: nftId,
        collection_address: COLLECTION,
        from_address: seller.address,
        to_address: alice.address,
        price: '9',
        tx_hash: hash(0xbeef),
        log_index: 3,
        block_number: 120,
      });
      const sold = (await list(t, seller, '?types=SOLD')).data;
      expect(sold).toHaveLength(1);
      expect(sold[0]?.data).toMatchObject({ nftId, buyer: alice.address });
      await t.db.transaction().execute((trx) => rollbackNotifications(trx, NET, 119));
      expect((await list(t, seller, '?types=SOLD')).total).toBe(0);
      const removed = await t.db
        .selectFrom('live_events')
        .select('payload')
        .where('kind', '=', 'notifications-removed')
        .where('topic', '=', `address:${seller.address}`)
        .execute();
      expect(removed.map((r) => r.payload)).toEqual([{ ids: [sold[0]?.id] }]);
    });

    it('the chain clock makes auctions end soon, then open their claims', async () => {
      const signedEnd = new Date(Date.now() + 10 * 60_000);
      const order = await auction(t, seller.address, nftId, signedEnd, signedEnd);
      await bid(t, order, alice.address, '1000000000000000000');
      const ctx = { networkId: NET, blockNumber: null };
      await notifyScheduled(t.db, ctx, new Date());
      await notifyScheduled(t.db, ctx, new Date()); // once only
      const ending = (await list(t, alice, '?types=ENDING_SOON')).data;
      expect(ending).toHaveLength(1);
      expect((await list(t, seller, '?types=ENDING_SOON')).total).toBe(1);
      await notifyScheduled(t.db, ctx, new Date(signedEnd.getTime() + 2 * 3_600_000 + 1000));
      const won = (await list(t, alice, '?types=AUCTION_WON')).data;
      expect(won).toHaveLength(1);
      expect(won[0]?.data).toMatchObject({ amount: '1000000000000000000', orderHash: order });
    });

    it('streams new notifications with ids and replays what a reconnect missed', async () => {
      const base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
      stream = await openStream(`${base}/api/v1/live?topics=nft:${nftId}`, seller.auth);
      const ready = await stream.next((e) => e.event === 'ready');
      expect(ready.id).toMatch(/^\d+$/);
      const end = new Date(Date.now() + 86_400_000);
      const order = await auction(t, seller.address, nftId, end, end);
      await bid(t, order, alice.address, '1000000000000000000');
      const note = await stream.next((e) => e.event === 'notification');
      expect(JSON.parse(note.data).payload).toMatchObject({
        type: 'BID_RECEIVED',
        networkId: NET,
        data: { nftId },
      });
      const lastSeen = note.id;
      stream.close();

      // While disconnected: two bids (two BID_RECEIVED for the seller).
      await bid(t, order, bob.address, '2000000000000000000');
      await bid(t, order, alice.address, '3000000000000000000');
      stream = await openStream(`${base}/api/v1/live?topics=nft:${nftId}`, {
        ...seller.auth,
        'last-event-id': lastSeen ?? '',
      });
      await stream.next((e) => e.event === 'ready');
      const replayed = stream.seen.filter((e) => e.event === 'notification');
      expect(replayed.map((e) => JSON.parse(e.data).payload.data.amount)).toEqual([
        '2000000000000000000',
        '3000000000000000000',
      ]);
      expect(new Set(stream.seen.map((e) => e.id)).size).toBe(stream.seen.length);
      stream.close();
    });
  },
  { backends: ALL_BACKENDS },
);
