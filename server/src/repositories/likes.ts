/**
 * Likes: one per (item, address). The counter on the liked row moves in the same transaction as
 * the like row, and only when that row was really added or removed, so a repeated or concurrent
 * call never counts twice. A new like also writes a LIKE activity (the activity filter `likes`).
 */
import { sql } from 'kysely';
import type { ActivitiesTable, LikesTable } from '../db/types.ts';
import { toDbAddress } from '../db/values.ts';
import { AppError } from '../errors.ts';
import type { Db } from './paging.ts';

export type LikeTargetColumn = LikesTable['target'];

const TABLE_OF: Record<LikeTargetColumn, 'nfts' | 'collections' | 'sets' | 'bundles'> = {
  NFT: 'nfts',
  COLLECTION: 'collections',
  SET: 'sets',
  BUNDLE: 'bundles',
};

export function likeTargetColumn(
  target: 'nft' | 'collection' | 'set' | 'bundle',
): LikeTargetColumn {
  return target.toUpperCase() as LikeTargetColumn;
}

/** Ids among `ids` that `address` liked (empty without an address). */
export async function likedIds(
  db: Db,
  target: LikeTargetColumn,
  address: string | undefined,
  ids: number[],
): Promise<Set<number>> {
  if (!address || ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('likes')
    .select('target_id')
    .where('target', '=', target)
    .where('address', '=', toDbAddress(address))
    .where('target_id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.target_id));
}

/** Where a liked item sits, as its LIKE activity records it. */
type TargetInfo = Pick<
  ActivitiesTable,
  'network_id' | 'collection_address' | 'nft_id' | 'set_id' | 'bundle_id'
>;

async function targetInfo(db: Db, target: LikeTargetColumn, id: number): Promise<TargetInfo> {
  const none = { nft_id: null, set_id: null, bundle_id: null };
  let info: TargetInfo | undefined;
  if (target === 'COLLECTION') {
    const r = await db
      .selectFrom('collections')
      .select(['network_id', 'address as collection_address'])
      .where('id', '=', id)
      .executeTakeFirst();
    info = r && { ...r, ...none };
  } else if (target === 'BUNDLE') {
    const r = await db
      .selectFrom('bundles')
      .select(['network_id'])
      .where('id', '=', id)
      .executeTakeFirst();
    info = r && { ...r, collection_address: null, ...none, bundle_id: id };
  } else {
    const r = await db
      .selectFrom(target === 'NFT' ? 'nfts' : 'sets')
      .select(['network_id', 'collection_address'])
      .where('id', '=', id)
      .executeTakeFirst();
    info = r && { ...r, ...none, ...(target === 'NFT' ? { nft_id: id } : { set_id: id }) };
  }
  if (!info) throw new AppError('NOT_FOUND');
  return info;
}

interface LikeInput {
  target: LikeTargetColumn;
  id: number;
  address: string;
  like?: boolean | undefined;
}

/** Adds the like row and its LIKE activity; 1 when added, 0 when it was already there. */
async function addLike(
  trx: Db,
  input: LikeInput,
  address: string,
  info: TargetInfo,
): Promise<number> {
  const added = await trx
    .insertInto('likes')
    .values({ target: input.target, target_id: input.id, address })
    .onConflict((oc) => oc.columns(['target', 'target_id', 'address']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!added) return 0;
  await trx
    .insertInto('activities')
    .values({
      ...info,
      type: 'LIKE',
      from_address: address,
      to_address: null,
      price: null,
      order_hash: null,
      tx_hash: null,
      log_index: null,
      block_number: null,
      created_at: new Date(),
    })
    .execute();
  return 1;
}

/**
 * Sets (like = true/false) or toggles (like undefined) the like of `address` on an item.
 * Unknown item → NOT_FOUND.
 */
export async function setLike(
  db: Db,
  input: LikeInput,
): Promise<{ liked: boolean; likeCount: number }> {
  const address = toDbAddress(input.address);
  return db.transaction().execute(async (trx) => {
    const info = await targetInfo(trx, input.target, input.id);
    const existing = await trx
      .selectFrom('likes')
      .select('id')
      .where('target', '=', input.target)
      .where('target_id', '=', input.id)
      .where('address', '=', address)
      .executeTakeFirst();
    const wanted = input.like ?? !existing;
    let delta = 0;
    if (wanted && !existing) {
      delta = await addLike(trx, input, address, info);
    } else if (!wanted && existing) {
      const removed = await trx
        .deleteFrom('likes')
        .where('id', '=', existing.id)
        .returning('id')
        .executeTakeFirst();
      if (removed) delta = -1;
    }
    const row = await sql<{ likes_count: number }>`
      update ${sql.table(TABLE_OF[input.target])} set likes_count = greatest(likes_count + ${delta}, 0)
      where id = ${input.id} returning likes_count`.execute(trx);
    return { liked: wanted, likeCount: Number(row.rows[0]?.likes_count ?? 0) };
  });
}
