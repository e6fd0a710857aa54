/**
 * A bid takes the bidder's advisory lock and its items' row locks in one statement
 * (server/src/services/order-rows.ts, orderNfts with an advisory key): the advisory lock first,
 * as when they were two statements, so bids never wait for each other in a cycle.
 */
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { orderNfts } from '#server/services/order-rows.ts';
import type { Order } from '#shared/orders.ts';
import { seedCatalogue } from '../catalogue/fixtures.ts';
import { describeBackends } from '../helpers/test-app.ts';

describeBackends(
  'bid locks',
  (t) => {
    it("holds the bidder's lock while it waits for an item's row lock", async () => {
      const cat = await seedCatalogue(t);
      const nft = await t.db
        .selectFrom('nfts')
        .select(['network_id', 'collection_address', 'token_id'])
        .where('id', '=', cat.nfts.n1)
        .executeTakeFirstOrThrow();
      const order = { collection: nft.collection_address, tokenIds: [BigInt(nft.token_id)] };
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let locked: () => void = () => {};
      const rowLocked = new Promise<void>((resolve) => {
        locked = resolve;
      });
      const holder = t.db.transaction().execute(async (tx) => {
        await tx
          .selectFrom('nfts')
          .select('id')
          .where('id', '=', cat.nfts.n1)
          .forUpdate()
          .execute();
        locked();
        await held;
      });
      await rowLocked;
      let pid = 0;
      const bid = t.db.transaction().execute(async (tx) => {
        const me = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(tx);
        pid = me.rows[0]!.pid;
        return orderNfts(tx, nft.network_id, order as unknown as Order, true, 'bidder:test');
      });
      // the bid now waits for the row: it must already hold its advisory lock
      let advisory: { granted: boolean }[] = [];
      for (let i = 0; i < 200 && advisory.length === 0; i++) {
        await new Promise((r) => setTimeout(r, 10));
        if (pid === 0) continue;
        const waiting = await sql<{ n: number }>`select count(*)::int as n from pg_locks
          where pid = ${pid} and not granted`.execute(t.db);
        if (waiting.rows[0]!.n === 0) continue;
        advisory = (
          await sql<{ granted: boolean }>`select granted from pg_locks
            where pid = ${pid} and locktype = 'advisory'`.execute(t.db)
        ).rows;
      }
      release();
      await holder;
      expect(advisory).toEqual([{ granted: true }]);
      expect((await bid).map((row) => row.id)).toEqual([cat.nfts.n1]);
    });
  },
  { backends: ['postgres'] },
);
