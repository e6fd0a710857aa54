/** Collections: the filtered, sorted list, one collection by id or address, and their wire form. */
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { ListSort } from '#shared/enums.ts';
import type { Collection } from '#shared/schemas/entities.ts';
import { toCollection } from '../db/mappers.ts';
import type { Database } from '../db/types.ts';
import { toDbAddress } from '../db/values.ts';
import type { CollectionWire } from '../db/wire-rows.ts';
import { likedIds } from './likes.ts';
import { listPage } from './list-sort.ts';
import type { Db, PageRequest, PageResult } from './paging.ts';
import { COLLECTION_WIRE, type CollectionWireRow } from './wire-columns.ts';
import { likedBy } from './wire-sql.ts';

/** Largest id a collection can have (int4): a bigger number is no collection's id. */
const MAX_ID = 2_147_483_647;

export interface CollectionFilters {
  creator?: string | undefined;
  networkId?: number | undefined;
  labelId?: number | undefined;
}

function collectionWhere(
  eb: ExpressionBuilder<Database, 'collections'>,
  f: CollectionFilters,
): Expression<SqlBool> {
  const c: Expression<SqlBool>[] = [];
  if (f.creator) c.push(eb('creator', '=', toDbAddress(f.creator)));
  if (f.networkId !== undefined) c.push(eb('network_id', '=', f.networkId));
  if (f.labelId !== undefined) c.push(eb('label_id', '=', f.labelId));
  return eb.and(c);
}

/** Sorted like the other lists; price is the collection's floor price. */
export function listCollections(
  db: Db,
  filters: CollectionFilters,
  sort: ListSort,
  page: PageRequest,
): Promise<PageResult<CollectionWireRow>> {
  const columns = {
    id: 'collections.id',
    created: 'collections.created_at',
    likes: 'collections.likes_count',
    bids: 'collections.bids_count',
    price: 'collections.floor_price',
  };
  return listPage(
    db,
    { table: 'collections', where: collectionWhere, filters, columns },
    sort,
    page,
  );
}

/**
 * One collection on the wire with isLiked for `likeAddress`, in one statement. By id, or by
 * contract address: on `networkId` when named, else the `primary` network's first (two networks
 * can hold a contract at the same address), then the lowest network id.
 */
export async function collectionDetail(
  db: Db,
  idOrAddress: string,
  networkId: number | undefined,
  primary: number | undefined,
  likeAddress: string | undefined,
): Promise<Collection | undefined> {
  const isAddress = idOrAddress.startsWith('0x');
  if (!isAddress && Number(idOrAddress) > MAX_ID) return undefined;
  let q = db
    .selectFrom('collections')
    .select(COLLECTION_WIRE)
    .select([
      likedBy('COLLECTION', 'collections.id', likeAddress && toDbAddress(likeAddress)).as(
        'is_liked',
      ),
    ]);
  q = isAddress
    ? q.where('address', '=', toDbAddress(idOrAddress))
    : q.where('id', '=', Number(idOrAddress));
  if (networkId !== undefined) q = q.where('network_id', '=', networkId);
  else if (primary !== undefined) {
    q = q.orderBy((eb) => eb.case().when('network_id', '=', primary).then(0).else(1).end());
  }
  const row = await q.orderBy('network_id').limit(1).executeTakeFirst();
  if (!row) return undefined;
  const { is_liked, ...collection } = row;
  return toCollection(collection, new Set(is_liked ? [collection.id] : []));
}

export async function collectionsView(
  db: Db,
  rows: CollectionWire[],
  likeAddress?: string,
): Promise<Collection[]> {
  const liked = await likedIds(
    db,
    'COLLECTION',
    likeAddress,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toCollection(r, liked));
}
