/**
 * One NFT's detail in one statement: the NFT's own columns (its date as ISO text), its
 * collection's name and image, the owner's and creator's linked profiles and its live order as
 * JSON scalar subqueries, and whether `likeAddress` likes it. One round trip and one pooled
 * connection instead of two rounds of five statements; no column the answer does not show.
 */
import { sql } from 'kysely';
import type { NftDetail } from '#shared/schemas/entities.ts';
import { toNft, toOrder, toUser } from '../db/mappers.ts';
import { toDbAddress } from '../db/values.ts';
import type { Db } from './paging.ts';
import { NFT_WIRE } from './wire-columns.ts';
import { likedBy, orderJson, type UserJson, userJson } from './wire-sql.ts';

export interface NftKey {
  collectionAddr: string;
  tokenId: string;
  networkId?: number | undefined;
}

const toProfile = (u: UserJson | null) => (u ? toUser(u, u.addresses) : null);

/**
 * The NFT at an address and token id, on `key.networkId` when named. Two networks can hold a
 * contract at the same address (one deployer, the same nonces): without a network, the
 * `primary` network's item comes first (links made before a second network was served).
 */
export async function nftDetail(
  db: Db,
  key: NftKey,
  primary: number | undefined,
  likeAddress: string | undefined,
): Promise<NftDetail | undefined> {
  const liker = likeAddress ? toDbAddress(likeAddress) : undefined;
  let q = db
    .selectFrom('nfts')
    .select(NFT_WIRE)
    .select([
      sql<{ id: number; name: string; image: string } | null>`(select json_build_object(
        'id', c.id, 'name', c.name, 'image', c.image) from collections c
        where c.id = nfts.collection_id)`.as('collection'),
      userJson('nfts.owner').as('owner_user'),
      userJson('nfts.creator').as('creator_user'),
      orderJson('nfts.current_order_hash').as('live_order'),
      likedBy('NFT', 'nfts.id', liker).as('is_liked'),
    ])
    .where('nfts.collection_address', '=', toDbAddress(key.collectionAddr))
    .where('nfts.token_id', '=', key.tokenId);
  if (key.networkId !== undefined) q = q.where('nfts.network_id', '=', key.networkId);
  else if (primary !== undefined) {
    q = q.orderBy((eb) => eb.case().when('nfts.network_id', '=', primary).then(0).else(1).end());
  }
  const row = await q.orderBy('nfts.network_id').orderBy('nfts.id').limit(1).executeTakeFirst();
  if (!row) return undefined;
  const { collection, owner_user, creator_user, live_order, is_liked, ...nft } = row;
  return {
    ...toNft(nft, is_liked ? new Set([nft.id]) : undefined),
    collection,
    ownerUser: toProfile(owner_user),
    creatorUser: toProfile(creator_user),
    order: live_order ? toOrder(live_order) : null,
  };
}
