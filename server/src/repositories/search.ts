/**
 * Search by name: collections, NFTs and users whose name contains the text (case-insensitive),
 * names that start with it first, then the most liked (followed), then by id.
 *
 * Each table is read in one statement bounded by the page size, not by how many names match
 * (a frequent word is in a twelfth of all names): the names that start with the text and those
 * that only contain it are two queries, each `order by popularity limit size`, so PostgreSQL
 * either walks the popularity index with the pattern as a filter (a frequent text: it stops
 * after `size` matches) or reads the few matching names from an index on the name and sorts
 * them (a rare text): the prefix btree of migration 088 for starts, the trigram index of
 * migration 006 for contains (PostgreSQL only; the embedded PGlite scans its few names). The
 * contains query runs only when the starts did not fill the page (a one-time filter on the
 * materialized starts), so a word that opens most of its names never walks for the others.
 * Which plan fits depends on the text, so the statement is planned for its values each time
 * (never a prepared generic plan: ../db/named-statements.ts).
 */
import { type SelectQueryBuilder, sql } from 'kysely';
import { PLAN_EACH_TIME } from '../db/named-statements.ts';
import type { Db } from './paging.ts';
import { escapeLike } from './query-params.ts';

interface NameMatch {
  /** Lowercase search text. */
  text: string;
  size: number;
}

interface NameOrder {
  column: string;
  popularity: string;
  ids: 'asc' | 'desc';
}

/** Rows whose `column` contains the text, prefix matches first, then by `popularity`. */
async function byName<DB, TB extends keyof DB, O>(
  db: Db,
  query: SelectQueryBuilder<DB, TB, O>,
  match: NameMatch,
  order: NameOrder,
): Promise<O[]> {
  const name = sql`lower(${sql.ref(order.column)})`;
  const prefix = `${escapeLike(match.text)}%`;
  const ranked = (q: SelectQueryBuilder<DB, TB, O>) =>
    q
      .orderBy(sql.ref(order.popularity), 'desc')
      .orderBy(sql.ref('id'), order.ids)
      .limit(match.size);
  const starts = ranked(query.where(sql<boolean>`${name} like ${prefix}`));
  const inside = ranked(
    query
      .where(sql<boolean>`${name} like ${`%${escapeLike(match.text)}%`}`)
      .where(sql<boolean>`${name} not like ${prefix}`),
  );
  const { rows } = await sql<
    O & { search_part: number }
  >`${sql.raw(PLAN_EACH_TIME)}with starts as materialized (${starts})
    select * from (
      select *, 0 as search_part from starts
      union all
      select *, 1 from (${inside}) inside where (select count(*) from starts) < ${match.size}
    ) found
    order by search_part, ${sql.ref(order.popularity)} desc, id ${sql.raw(order.ids)}
    limit ${match.size}`.execute(db);
  return rows.map(({ search_part, ...row }) => row as O);
}

/** Collections, NFTs (of `networkId` when given) and users whose name contains `q`. */
export async function searchByName(db: Db, q: string, size: number, networkId?: number) {
  const match = { text: q.trim().toLowerCase(), size };
  const liked = { column: 'name', popularity: 'likes_count', ids: 'desc' } as const;
  const collections = db.selectFrom('collections').selectAll();
  const nfts = db.selectFrom('nfts').selectAll();
  const onNetwork = networkId !== undefined;
  const [foundCollections, foundNfts, users] = await Promise.all([
    byName(
      db,
      onNetwork ? collections.where('network_id', '=', networkId) : collections,
      match,
      liked,
    ),
    byName(db, onNetwork ? nfts.where('network_id', '=', networkId) : nfts, match, liked),
    byName(db, db.selectFrom('users').selectAll(), match, {
      column: 'username',
      popularity: 'followers_count',
      ids: 'asc',
    }),
  ]);
  return { collections: foundCollections, nfts: foundNfts, users };
}
