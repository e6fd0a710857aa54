/**
 * Gifts as the indexer recorded them (migrations/045_gifts.sql), with the NFT's name and picture
 * from the catalogue, and the givers' messages. Addresses are lowercase in the database.
 */
import type { Kysely } from 'kysely';
import { toGift } from '../db/mappers.ts';
import type { Database } from '../db/types.ts';
import { toDbAddress } from '../db/values.ts';

type Db = Kysely<Database>;

/** Gifts with their NFT, of one network or (`null`) of every network. */
function giftsWithNft(db: Db, networkId: number | null) {
  const all = db
    .selectFrom('gifts as g')
    .leftJoin('nfts as n', (join) =>
      join
        .onRef('n.network_id', '=', 'g.network_id')
        .onRef('n.collection_address', '=', 'g.collection_address')
        .onRef('n.token_id', '=', 'g.token_id'),
    )
    .selectAll('g')
    .select(['n.name as nft_name', 'n.image as nft_image']);
  return networkId === null ? all : all.where('g.network_id', '=', networkId);
}

/**
 * The gift of a link key, on whichever network it was made (the link names no network), only
 * when the key made exactly one gift: keys are public, and a gift made on a key by someone else
 * (possible with the gifts contract before keys proved possession, contracts/src/Gifts.sol) must
 * not shadow the real one; an ambiguous key shows no gift.
 */
export async function giftByClaimKey(db: Db, claimKey: string) {
  const rows = await giftsWithNft(db, null)
    .where('g.claim_key', '=', claimKey.toLowerCase())
    .orderBy('g.gift_id', 'desc')
    .limit(2)
    .execute();
  return rows.length === 1 ? toGift(rows[0]!) : null;
}

export async function giftById(db: Db, networkId: number, giftId: string) {
  const row = await giftsWithNft(db, networkId).where('g.gift_id', '=', giftId).executeTakeFirst();
  return row ? toGift(row) : null;
}

/** The gifts made by any of `givers` on every network, newest first. */
export async function giftsOfGivers(db: Db, givers: string[]) {
  if (givers.length === 0) return [];
  const rows = await giftsWithNft(db, null)
    .where('g.giver', 'in', givers.map(toDbAddress))
    .orderBy('g.created_at', 'desc')
    .orderBy('g.gift_id', 'desc')
    .limit(100)
    .execute();
  return rows.map(toGift);
}

/** Stores a message once; false when its id already has one. */
export async function insertGiftMessage(
  db: Db,
  row: { messageId: string; message: string; userId: number },
): Promise<boolean> {
  const inserted = await db
    .insertInto('gift_messages')
    .values({ message_id: row.messageId, message: row.message, user_id: row.userId })
    .onConflict((oc) => oc.column('message_id').doNothing())
    .returning('message_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function giftMessage(db: Db, messageId: string): Promise<string | null> {
  const row = await db
    .selectFrom('gift_messages')
    .select('message')
    .where('message_id', '=', messageId)
    .executeTakeFirst();
  return row?.message ?? null;
}
