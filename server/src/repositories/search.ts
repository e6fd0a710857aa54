/**
 * Search by name: collections, NFTs and users whose name contains the text (case-insensitive),
 * names that start with it first, then the most liked (followed), then by id.
 *
 * Each table's part is bounded by the page size, not by how many names match (a frequent word
 * is in a twelfth of all names): the names that start with the text and those that only contain
 * it are two queries, each `order by popularity limit size`, so PostgreSQL either walks the
 * popularity index with the pattern as a filter (a frequent text: it stops after `size`
 * matches) or reads the few matching names from an index on the name and sorts them (a rare
 * text): the prefix btree of migration 088 for starts, the trigram index of migration 006 for
 * contains (PostgreSQL only; the embedded PGlite scans its few names). The contains query runs
 * only when the starts did not fill the page (a one-time filter on the materialized starts), so
 * a word that opens most of its names never walks for the others.
 * The three tables' parts are one statement (one round trip, one pooled connection), each part's
 * rows as a JSON array of wire rows (./wire-columns.ts: numeric columns and dates as text), the
 * users with their linked addresses. Which plan fits depends on the text, so the statement is
 * planned for its values each time (never a prepared generic plan: ../db/named-statements.ts).
 */
import { type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import { PLAN_EACH_TIME } from '../db/named-statements.ts';
import type { Db } from './paging.ts';
import { escapeLike } from './query-params.ts';
import {
  COLLECTION_WIRE,
  type CollectionWireRow,
  jsonSafe,
  NFT_WIRE,
  type NftWireRow,
} from './wire-columns.ts';
import { isoText, type UserJson } from './wire-sql.ts';

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

/**
 * One table's part: the materialized starts (named `starts`) for the statement's WITH, and the
 * part's rows (starts first, then the contains-only ones when starts did not fill the page) as
 * one JSON array.
 */
function byName<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  match: NameMatch,
  order: NameOrder,
  starts: string,
): { starts: RawBuilder<unknown>; rows: RawBuilder<unknown> } {
  const name = sql`lower(${sql.ref(order.column)})`;
  const prefix = `${escapeLike(match.text)}%`;
  const ranked = (q: SelectQueryBuilder<DB, TB, O>) =>
    q
      .orderBy(sql.ref(order.popularity), 'desc')
      .orderBy(sql.ref('id'), order.ids)
      .limit(match.size);
  const inside = ranked(
    query
      .where(sql<boolean>`${name} like ${`%${escapeLike(match.text)}%`}`)
      .where(sql<boolean>`${name} not like ${prefix}`),
  );
  const cte = sql.table(starts);
  const ordering = sql`search_part, ${sql.ref(order.popularity)} desc, id ${sql.raw(order.ids)}`;
  return {
    starts: sql`${cte} as materialized (${ranked(query.where(sql<boolean>`${name} like ${prefix}`))})`,
    rows: sql`(select coalesce(json_agg(found order by ${ordering}), '[]') from (
      select * from (
        select *, 0 as search_part from ${cte}
        union all
        select *, 1 from (${inside}) inside where (select count(*) from ${cte}) < ${match.size}
      ) parts order by ${ordering} limit ${match.size}) found)`,
  };
}

/** Collections, NFTs (of `networkId` when given) and users whose name contains `q`. */
export async function searchByName(db: Db, q: string, size: number, networkId?: number) {
  const match = { text: q.trim().toLowerCase(), size };
  const liked = { column: 'name', popularity: 'likes_count', ids: 'desc' } as const;
  const collections = db.selectFrom('collections').select(jsonSafe(COLLECTION_WIRE));
  const nfts = db.selectFrom('nfts').select(jsonSafe(NFT_WIRE));
  const users = db.selectFrom('users').select([
    'id',
    'username',
    'avatar',
    'banner',
    'bio',
    'is_creator',
    'followers_count',
    'following_count',
    isoText('users.created_at').as('created_at'),
    sql<string[]>`array(select a.address from bc_addresses a where a.user_id = users.id
        order by a.created_at, a.address)`.as('addresses'),
  ]);
  const onNetwork = networkId !== undefined;
  const parts = [
    byName(
      onNetwork ? collections.where('network_id', '=', networkId) : collections,
      match,
      liked,
      'collection_starts',
    ),
    byName(onNetwork ? nfts.where('network_id', '=', networkId) : nfts, match, liked, 'nft_starts'),
    byName(
      users,
      match,
      { column: 'username', popularity: 'followers_count', ids: 'asc' },
      'user_starts',
    ),
  ];
  const { rows } = await sql<{
    collections: CollectionWireRow[];
    nfts: NftWireRow[];
    users: UserJson[];
  }>`${sql.raw(PLAN_EACH_TIME)}with ${sql.join(parts.map((p) => p.starts))}
    select ${sql.join(
      parts.map((p, i) => sql`${p.rows} as ${sql.ref(['collections', 'nfts', 'users'][i] ?? '')}`),
    )}`.execute(db);
  const [found] = rows;
  return found ?? { collections: [], nfts: [], users: [] };
}
