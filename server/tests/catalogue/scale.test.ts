/**
 * What the catalogue does for speed must not change what it answers: list totals kept in
 * nft_counts (migration 005) equal a COUNT at once after any write, HTTP validators answer 304
 * only while the body is the same, and the address shortcuts give what ethers gives.
 */
import { getAddress } from 'ethers';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { checksum, toDbAddress } from '#server/db/values.ts';
import { ALL_BACKENDS, describeBackends, json } from '../helpers/test-app.ts';
import { type Catalogue, seedCatalogue } from './fixtures.ts';

const LIST = '/api/v2/show/market-nfts';

describe('address shortcuts', () => {
  it.each([
    '0xAbCdEf0123456789abcdef0123456789ABCDEF01',
    'abcdef0123456789abcdef0123456789abcdef01',
    '0xabcdef0123456789abcdef0123456789abcdef01',
  ])('toDbAddress(%s) is the lowercase checksummed address', (a) => {
    expect(toDbAddress(a)).toBe(getAddress(a.toLowerCase()).toLowerCase());
  });
  it('refuses what is not an address, and a checksum that does not match', () => {
    // The one normaliser answers a user's bad address with the catalogue's code, not a 500.
    expect(() => toDbAddress('0x1234')).toThrow(
      expect.objectContaining({ code: 'INVALID_ADDRESS' }),
    );
    expect(() => checksum('0xAbCdEf0123456789abcdef0123456789ABCDEF01')).toThrow();
    const a = '0x52908400098527886e0f7030069857d2e4169ee7';
    expect(checksum(a)).toBe(getAddress(a));
    expect(checksum(a)).toBe(getAddress(a));
  });
});

describeBackends(
  'catalogue at scale: exact totals, validators',
  (t) => {
    let cat: Catalogue;
    beforeAll(async () => {
      cat = await seedCatalogue(t);
    });
    const total = async (query: Record<string, string>) => {
      const res = await t.app.inject({ method: 'GET', url: LIST, query });
      expect(res.statusCode, res.body).toBe(200);
      return json<{ total: number }>(res).total;
    };
    const counted = async (where: string) =>
      Number(
        (
          await sql<{ n: string }>`select count(*) as n from nfts where ${sql.raw(where)}`.execute(
            t.db,
          )
        ).rows[0]?.n,
      );

    it('totals by status and category equal a COUNT, and follow writes at once', async () => {
      const cases: [Record<string, string>, string][] = [
        [{}, 'true'],
        [{ status: 'ONSALE' }, "status = 'ONSALE'"],
        [{ labelId: '3' }, 'label_id = 3'],
        [{ status: 'ONSALE,SOLD', labelId: '3' }, "status in ('ONSALE', 'SOLD') and label_id = 3"],
        [{ networkId: '97' }, 'network_id = 97'],
      ];
      const check = async () => {
        for (const [query, where] of cases) expect(await total(query)).toBe(await counted(where));
      };
      await check();
      const id = cat.nfts.n1;
      const before = await total({ status: 'ONSALE', labelId: '3' });
      await t.db
        .updateTable('nfts')
        .set({ status: 'SOLD', label_id: 4 })
        .where('id', '=', id)
        .execute();
      await check();
      await t.db
        .updateTable('nfts')
        .set({ status: 'ONSALE', label_id: 3 })
        .where('id', '=', id)
        .execute();
      expect(await total({ status: 'ONSALE', labelId: '3' })).toBe(before);
      await check();
    });

    it('activity totals with no filter or by type equal a COUNT after inserts, updates and deletes', async () => {
      // Kept in activity_counts by statement triggers (migration 089), read in the page's statement.
      const cases: [Record<string, string>, string][] = [
        [{}, 'true'],
        [{ type: 'LIST' }, "type = 'LIST'"],
        [{ type: 'purchase' }, "type in ('PURCHASE', 'BUY')"],
        [{ type: 'TRANSFER', networkId: '97' }, "type = 'TRANSFER' and network_id = 97"],
        [{ networkId: '7771', page: '99' }, 'network_id = 7771'],
      ];
      const check = async () => {
        for (const [query, where] of cases) {
          const res = await t.app.inject({ method: 'GET', url: '/api/v2/activity', query });
          expect(res.statusCode, res.body).toBe(200);
          const count = await sql<{ n: string }>`select count(*) as n from activities
            where ${sql.raw(where)}`.execute(t.db);
          expect(json<{ total: number }>(res).total, JSON.stringify(query)).toBe(
            Number(count.rows[0]?.n),
          );
        }
      };
      await check();
      const event = (type: 'TRANSFER' | 'LIST', networkId: number) => ({
        type,
        network_id: networkId,
        nft_id: cat.nfts.n1,
        created_at: new Date(),
      });
      const added = await t.db
        .insertInto('activities')
        .values([event('TRANSFER', 97), event('TRANSFER', 97), event('LIST', 7771)])
        .returning('id')
        .execute();
      await check();
      const ids = added.map((a) => a.id);
      await t.db.updateTable('activities').set({ type: 'LIST' }).where('id', 'in', ids).execute();
      await check();
      // Several types are merged from one ordered walk per type: pages in the same order as one
      // walk over all events, ties on created_at broken by id.
      await t.db
        .updateTable('activities')
        .set({ type: 'TRANSFER' })
        .where('id', '=', ids[0]!)
        .execute();
      for (const [type, where] of [
        ['LIST,TRANSFER', "type in ('LIST', 'TRANSFER')"],
        ['purchase', "type in ('PURCHASE', 'BUY')"],
      ]) {
        const all = await sql<{ id: string }>`select id::text from activities
          where ${sql.raw(where!)} order by created_at desc, id desc`.execute(t.db);
        for (const page of [1, 2, 3]) {
          const query = { type: type!, size: '2', page: String(page) };
          const res = await t.app.inject({ method: 'GET', url: '/api/v2/activity', query });
          const got = json<{ data: { id: string }[] }>(res).data.map((a) => a.id);
          expect(got, `${type} page ${page}`).toEqual(
            all.rows.slice((page - 1) * 2, page * 2).map((r) => r.id),
          );
        }
      }
      await t.db.deleteFrom('activities').where('id', 'in', ids).execute();
      await check();
    });

    it('answers an ETag; 304 while the list is the same, 200 with a new one after a write', async () => {
      const query = { sort: 'newest', size: '24' };
      const first = await t.app.inject({ method: 'GET', url: LIST, query });
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^W\/"/);
      expect(first.headers['cache-control']).toBe('no-cache');
      const revalidate = () =>
        t.app.inject({ method: 'GET', url: LIST, query, headers: { 'if-none-match': etag } });
      const again = await revalidate();
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      await t.db
        .updateTable('nfts')
        .set((eb) => ({ likes_count: eb('likes_count', '+', 1) }))
        .where('id', '=', cat.nfts.n1)
        .execute();
      const changed = await revalidate();
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).not.toBe(etag);
    });
  },
  { backends: ALL_BACKENDS },
);
