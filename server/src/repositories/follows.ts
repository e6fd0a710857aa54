/**
 * Follows: one per (follower, followee). `followers_count` and `following_count` of both users
 * move in the same transaction as the follow row, and only when that row was really added or
 * removed, so a repeated or concurrent call never counts twice.
 */
import { sql } from 'kysely';
import type { UserRow } from '../db/types.ts';
import { AppError } from '../errors.ts';
import { type Db, offsetOf, type PageRequest, type PageResult, pageOf } from './paging.ts';

/** Followers (`kind` followers) or followees (following) of a user, newest follow first. */
export async function listFollows(
  db: Db,
  userId: number,
  kind: 'followers' | 'following',
  page: PageRequest,
): Promise<PageResult<UserRow>> {
  const [mine, other] =
    kind === 'followers'
      ? (['follows.followee_id', 'follows.follower_id'] as const)
      : (['follows.follower_id', 'follows.followee_id'] as const);
  return pageOf(
    db
      .selectFrom('follows')
      .innerJoin('users', 'users.id', other)
      .selectAll('users')
      .where(mine, '=', userId)
      .orderBy('follows.created_at', 'desc')
      .orderBy('users.id', 'desc')
      .limit(page.size)
      .offset(offsetOf(page))
      .execute(),
    db
      .selectFrom('follows')
      .select((eb) => eb.fn.countAll().as('n'))
      .where(mine, '=', userId)
      .executeTakeFirst(),
  );
}

interface FollowInput {
  followerId: number;
  followeeId: number;
  follow?: boolean | undefined;
}

/** Adds (wanted) or removes the follow row: +1, -1, or 0 when it already was that way. */
async function writeFollow(trx: Db, input: FollowInput, wanted: boolean): Promise<number> {
  const pair = { follower_id: input.followerId, followee_id: input.followeeId };
  if (wanted) {
    const added = await trx
      .insertInto('follows')
      .values(pair)
      .onConflict((oc) => oc.columns(['follower_id', 'followee_id']).doNothing())
      .returning('follower_id')
      .executeTakeFirst();
    return added ? 1 : 0;
  }
  const removed = await trx
    .deleteFrom('follows')
    .where('follower_id', '=', pair.follower_id)
    .where('followee_id', '=', pair.followee_id)
    .returning('follower_id')
    .executeTakeFirst();
  return removed ? -1 : 0;
}

/**
 * Sets (follow = true/false) or toggles (undefined) `followerId` following `followeeId`.
 * Following oneself → VALIDATION_FAILED; an unknown followee → ACCOUNT_NOT_FOUND.
 */
export async function setFollow(
  db: Db,
  input: FollowInput,
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
    const delta = wanted === Boolean(existing) ? 0 : await writeFollow(trx, input, wanted);
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
