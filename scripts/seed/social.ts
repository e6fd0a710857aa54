/**
 * Seed phase: likes (NFTs and collections) and follows, through POST /api/v2/user/like and
 * /api/v2/user/follow with each person's session.
 */

import type { Accounts } from './accounts.ts';
import type { Collections } from './collections.ts';
import { perAccount, type SeedContext } from './context.ts';
import { TRADES } from './trade-plan.ts';

export async function seedSocial(
  ctx: SeedContext,
  accounts: Accounts,
  collections: Collections,
): Promise<void> {
  const like = async (account: number, target: 'nft' | 'collection', id: number) => {
    await ctx.api('POST', '/api/v2/user/like', {
      body: { target, id, address: ctx.wallet(account).address, like: true },
      token: accounts.tokens.get(account)!,
      account,
    });
    ctx.count('likes');
  };
  await perAccount(
    TRADES.nftLikes.map(([account, key, token]) => [
      account,
      async () => like(account, 'nft', await nftId(ctx, collections.addressOf(key), token)),
    ]),
  );
  const collectionIds = await collectionIdsByAddress(ctx);
  await perAccount(
    TRADES.collectionLikes.map(([account, key]) => [
      account,
      () =>
        like(account, 'collection', collectionIds.get(collections.addressOf(key).toLowerCase())!),
    ]),
  );
  await perAccount(
    TRADES.follows.map(([follower, followee]) => [
      follower,
      async () => {
        await ctx.api('POST', '/api/v2/user/follow', {
          body: { userId: accounts.userIds.get(followee)!, follow: true },
          token: accounts.tokens.get(follower)!,
          account: follower,
        });
        ctx.count('follows');
      },
    ]),
  );
}

/** The database id of an indexed NFT. */
async function nftId(ctx: SeedContext, collection: string, token: number): Promise<number> {
  const row = await ctx.app.db
    .selectFrom('nfts')
    .select('id')
    .where('collection_address', '=', collection.toLowerCase())
    .where('token_id', '=', String(token))
    .executeTakeFirstOrThrow();
  return row.id;
}

async function collectionIdsByAddress(ctx: SeedContext): Promise<Map<string, number>> {
  const rows = await ctx.app.db
    .selectFrom('collections')
    .select(['id', 'address'])
    .where('network_id', '=', ctx.chainId)
    .execute();
  return new Map(rows.map((r) => [r.address, r.id]));
}
