/**
 * Likes and follows (spec §6, §7 user/like, user/follow): one like per (item, address), one follow
 * per (follower, followee); the counters on the liked row and on both users move in the same
 * transaction as the like or follow row, and only when that row was really added or removed, so
 * a repeated or concurrent call never counts twice.
 */
import { sql } from 'kysely';
import { AppError } from '../errors.ts';
import { type Db, dbAddress, type LikeTargetColumn } from './catalogue.ts';

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

/**
 * Every chain address of an account (lowercase): linked addresses (bc-address/add-to-account,
 * browser wallets) and the addresses of its platform wallets and their accounts.
 */
export async function addressesOfAccount(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('bc_addresses')
    .select('address')
    .where('user_id', '=', userId)
    .union(db.selectFrom('eth_wallets').select('address').where('user_id', '=', userId))
    .union(
      db
        .selectFrom('eth_wallet_accounts')
        .innerJoin('eth_wallets', 'eth_wallets.id', 'eth_wallet_accounts.wallet_id')
        .select('eth_wallet_accounts.address')
        .where('eth_wallets.user_id', '=', userId),
    )
    .execute();
  return rows.map((r) => r.address).sort();
}

/** Whether `address` is one of the account's wallet addresses (spec §6: likes need one). */
export async function isAddressOfUser(db: Db, userId: number, address: string): Promise<boolean> {
  return (await addressesOfAccount(db, userId)).includes(dbAddress(address));
}

interface TargetInfo {
  network_id: number;
  collection_address: string | null;
  nft_id: number | null;
  set_id: number | null;
  bundle_id: number | null;
}

async function targetInfo(db: Db, target: LikeTargetColumn, id: number): Promise<TargetInfo> {
  let info: TargetInfo | undefined;
  if (target === 'NFT') {
    const r = await db
      .selectFrom('nfts')
      .select(['network_id', 'collection_address'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (r) info = { ...r, nft_id: id, set_id: null, bundle_id: null };
  } else if (target === 'COLLECTION') {
    const r = await db
      .selectFrom('collections')
      .select(['network_id', 'address'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (r) {
      info = {
        network_id: r.network_id,
        collection_address: r.address,
        nft_id: null,
        set_id: null,
        bundle_id: null,
      };
    }
  } else if (target === 'SET') {
    const r = await db
      .selectFrom('sets')
      .select(['network_id', 'collection_address'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (r) info = { ...r, nft_id: null, set_id: id, bundle_id: null };
  } else {
    const r = await db
      .selectFrom('bundles')
      .select(['network_id'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (r) {
      info = {
        network_id: r.network_id,
        collection_address: null,
        nft_id: null,
        set_id: null,
        bundle_id: id,
      };
    }
  }
  if (!info) throw new AppError('NOT_FOUND');
  return info;
}

/**
 * Sets (like = true/false) or toggles (like undefined) the like of `address` on an item.
 * A new like also writes a LIKE activity (the collection activity filter 'likes').
 */
export async function setLike(
  db: Db,
  input: { target: LikeTargetColumn; id: number; address: string; like?: boolean | undefined },
): Promise<{ liked: boolean; likeCount: number }> {
  const address = dbAddress(input.address);
  const table = TABLE_OF[input.target];
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
      const added = await trx
        .insertInto('likes')
        .values({ target: input.target, target_id: input.id, address })
        .onConflict((oc) => oc.columns(['target', 'target_id', 'address']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (added) {
        delta = 1;
        await trx
          .insertInto('activities')
          .values({
            network_id: info.network_id,
            type: 'LIKE',
            nft_id: info.nft_id,
            set_id: info.set_id,
            bundle_id: info.bundle_id,
            collection_address: info.collection_address,
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
      }
    } else if (!wanted && existing) {
      const removed = await trx
        .deleteFrom('likes')
        .where('id', '=', existing.id)
        .returning('id')
        .executeTakeFirst();
      if (removed) delta = -1;
    }
    const row = await sql<{ likes_count: number }>`
      update ${sql.table(table)} set likes_count = greatest(likes_count + ${delta}, 0)
      where id = ${input.id} returning likes_count`.execute(trx);
    return { liked: wanted, likeCount: Number(row.rows[0]?.likes_count ?? 0) };
  });
}

/**
 * Sets (follow = true/false) or toggles (undefined) `followerId` following `followeeId`;
 * keeps followers_count / following_count of both users in step.
 */
export async function setFollow(
  db: Db,
  input: { followerId: number; followeeId: number; follow?: boolean | undefined },
): Promise<{ following: boolean; followersCount: number }> {
  if (input.followerId === input.followeeId) {
    throw new AppError('VALIDATION_FAILED', { message: 'You cannot follow yourself' });
  }
  return db.transaction().execute(async (trx) => {
    const followee = await trx
      .selectFrom('users')
      .select('id')
      .where('id', '=', input.followeeId)
      .executeTakeFirst();
    if (!followee) throw new AppError('ACCOUNT_NOT_FOUND');
    const existing = await trx
      .selectFrom('follows')
      .select('follower_id')
      .where('follower_id', '=', input.followerId)
      .where('followee_id', '=', input.followeeId)
      .executeTakeFirst();
    const wanted = input.follow ?? !existing;
    let delta = 0;
    if (wanted && !existing) {
      const added = await trx
        .insertInto('follows')
        .values({ follower_id: input.followerId, followee_id: input.followeeId })
        .onConflict((oc) => oc.columns(['follower_id', 'followee_id']).doNothing())
        .returning('follower_id')
        .executeTakeFirst();
      if (added) delta = 1;
    } else if (!wanted && existing) {
      const removed = await trx
        .deleteFrom('follows')
        .where('follower_id', '=', input.followerId)
        .where('followee_id', '=', input.followeeId)
        .returning('follower_id')
        .executeTakeFirst();
      if (removed) delta = -1;
    }
    if (delta !== 0) {
      await trx
        .updateTable('users')
        .set({ following_count: sql`greatest(following_count + ${delta}, 0)` })
        .where('id', '=', input.followerId)
        .execute();
    }
    const row = await trx
      .updateTable('users')
      .set({ followers_count: sql`greatest(followers_count + ${delta}, 0)` })
      .where('id', '=', input.followeeId)
      .returning('followers_count')
      .executeTakeFirstOrThrow();
    return { following: wanted, followersCount: row.followers_count };
  });
}

export async function isAdmin(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('is_admin')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.is_admin === true;
}
