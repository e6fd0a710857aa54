/**
 * Search by name: collections, NFTs and users whose name contains the text (case-insensitive),
 * names that start with it first, then the most liked (followed). A contains-match scans the
 * names, which is fine for the catalogue sizes of this product.
 */
import { type SelectQueryBuilder, sql } from 'kysely';
import type { Db } from './paging.ts';
import { escapeLike } from './query-params.ts';

interface NameMatch {
  /** Lowercase search text. */
  text: string;
  size: number;
}

/** Rows whose `column` contains the text, prefix matches first, then by `popularity`. */
function byName<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  match: NameMatch,
  order: { column: string; popularity: string; ids: 'asc' | 'desc' },
): Promise<O[]> {
  const name = sql`lower(${sql.ref(order.column)})`;
  return query
    .where(sql<boolean>`${name} like ${`%${escapeLike(match.text)}%`}`)
    .orderBy(sql`${name} like ${`${escapeLike(match.text)}%`}`, 'desc')
    .orderBy(sql.ref(order.popularity), 'desc')
    .orderBy(sql.ref('id'), order.ids)
    .limit(match.size)
    .execute();
}

/** Collections, NFTs (of `networkId` when given) and users whose name contains `q`. */
export async function searchByName(db: Db, q: string, size: number, networkId?: number) {
  const match = { text: q.trim().toLowerCase(), size };
  const liked = { column: 'name', popularity: 'likes_count', ids: 'desc' } as const;
  const collections = db.selectFrom('collections').selectAll();
  const nfts = db.selectFrom('nfts').selectAll();
  const onNetwork = networkId !== undefined;
  const [foundCollections, foundNfts, users] = await Promise.all([
    byName(onNetwork ? collections.where('network_id', '=', networkId) : collections, match, liked),
    byName(onNetwork ? nfts.where('network_id', '=', networkId) : nfts, match, liked),
    byName(db.selectFrom('users').selectAll(), match, {
      column: 'username',
      popularity: 'followers_count',
      ids: 'asc',
    }),
  ]);
  return { collections: foundCollections, nfts: foundNfts, users };
}
