/** Sets: the filtered, sorted list, one set (its detail in one statement), the NFTs in it, and their wire form. */
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { ListSort, NftStatus } from '#shared/enums.ts';
import type { NftSet } from '#shared/schemas/entities.ts';
import { toSet } from '../db/mappers.ts';
import type { Database, NftRow, SetRow } from '../db/types.ts';
import { toDbAddress } from '../db/values.ts';
import type { SetWire } from '../db/wire-rows.ts';
import { likedIds } from './likes.ts';
import { listPage } from './list-sort.ts';
import type { Db, PageRequest, PageResult } from './paging.ts';
import { isEveryStatus } from './query-params.ts';
import { SET_WIRE, type SetWireRow } from './wire-columns.ts';
import { likedBy } from './wire-sql.ts';

export interface SetFilters {
  statuses: NftStatus[];
  owner?: string | undefined;
  networkId?: number | undefined;
  labelId?: number | undefined;
  collectionAddr?: string | undefined;
  baseType?: string | undefined;
}

function setWhere(eb: ExpressionBuilder<Database, 'sets'>, f: SetFilters): Expression<SqlBool> {
  const c: Expression<SqlBool>[] = isEveryStatus(f.statuses)
    ? []
    : [eb('status', 'in', f.statuses)];
  if (f.owner) c.push(eb('owner', '=', toDbAddress(f.owner)));
  if (f.networkId !== undefined) c.push(eb('network_id', '=', f.networkId));
  if (f.labelId !== undefined) c.push(eb('label_id', '=', f.labelId));
  if (f.collectionAddr) c.push(eb('collection_address', '=', toDbAddress(f.collectionAddr)));
  if (f.baseType) c.push(eb('base_type', '=', f.baseType));
  return eb.and(c);
}

export function listSets(
  db: Db,
  filters: SetFilters,
  sort: ListSort,
  page: PageRequest,
): Promise<PageResult<SetWireRow>> {
  const columns = {
    id: 'sets.id',
    created: 'sets.created_at',
    likes: 'sets.likes_count',
    bids: 'sets.bids_count',
    price: 'sets.price',
  };
  return listPage(db, { table: 'sets', where: setWhere, filters, columns }, sort, page);
}

export async function setById(db: Db, id: number): Promise<SetRow | undefined> {
  return db.selectFrom('sets').selectAll().where('id', '=', id).executeTakeFirst();
}

/** One set on the wire in one statement: its columns, item count and isLiked. */
export async function setDetail(
  db: Db,
  id: number,
  likeAddress: string | undefined,
): Promise<NftSet | undefined> {
  const row = await db
    .selectFrom('sets')
    .select(SET_WIRE)
    .select([
      sql<number>`(select count(*)::integer from set_items i where i.set_id = sets.id)`.as(
        'items_count',
      ),
      likedBy('SET', 'sets.id', likeAddress && toDbAddress(likeAddress)).as('is_liked'),
    ])
    .where('sets.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const { items_count, is_liked, ...set } = row;
  return toSet(set, items_count, new Set(is_liked ? [set.id] : []));
}

/** Items per set for the given sets. */
async function setItemCounts(db: Db, setIds: number[]): Promise<Map<number, number>> {
  if (setIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('set_items')
    .select(['set_id', (eb) => eb.fn.countAll().as('n')])
    .where('set_id', 'in', setIds)
    .groupBy('set_id')
    .execute();
  return new Map(rows.map((r) => [r.set_id, Number(r.n)]));
}

/** The NFTs of a set: ONSALE first, set order kept otherwise. */
export async function nftsOfSet(db: Db, setId: number): Promise<NftRow[]> {
  const rows = await db
    .selectFrom('set_items')
    .innerJoin('nfts', 'nfts.id', 'set_items.nft_id')
    .selectAll('nfts')
    .where('set_items.set_id', '=', setId)
    .orderBy('set_items.position')
    .orderBy('nfts.id')
    .execute();
  return [
    ...rows.filter((r) => r.status === 'ONSALE'),
    ...rows.filter((r) => r.status !== 'ONSALE'),
  ];
}

export async function setsView(db: Db, rows: SetWire[], likeAddress?: string): Promise<NftSet[]> {
  const ids = rows.map((r) => r.id);
  const [liked, counts] = await Promise.all([
    likedIds(db, 'SET', likeAddress, ids),
    setItemCounts(db, ids),
  ]);
  return rows.map((r) => toSet(r, counts.get(r.id) ?? 0, liked));
}
