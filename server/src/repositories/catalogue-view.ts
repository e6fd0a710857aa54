/**
 * Rows → wire for the catalogue routes: batches the extra reads a page needs (likes of
 * `likeAddress`, set item counts, bundle totals, users' addresses) into one query each.
 */

import type { BidEntry, NftListQuery } from '#shared/schemas/catalogue.ts';
import type {
  Bundle,
  BundleItem,
  Collection,
  Nft,
  NftDetail,
  NftSet,
  User,
} from '#shared/schemas/entities.ts';
import {
  isoOrNull,
  toBid,
  toBundle,
  toCollection,
  toNft,
  toOrder,
  toSet,
  toUser,
} from '../db/mappers.ts';
import type { BundleRow, CollectionRow, NftRow, SetRow, UserRow } from '../db/types.ts';
import {
  addressesOfUsers,
  type BundleItemRow,
  bundleTotals,
  type Db,
  flag,
  likedIds,
  listNfts,
  pageRequest,
  parseStatuses,
  setItemCounts,
  userByAddress,
} from './catalogue.ts';
import { type BidEntryRow, orderByHash } from './catalogue-activity.ts';

/**
 * One page of NFTs for a list query (spec §7 market-nfts and its owned variant): each filter
 * applies only when present (spec §5), all four statuses unless given (spec §4).
 */
export async function nftListPage(db: Db, q: NftListQuery) {
  const page = pageRequest(q);
  const { rows, total } = await listNfts(
    db,
    {
      statuses: parseStatuses(q.status),
      isSet: flag(q.isSet),
      isBundle: flag(q.isBundle),
      isBid: flag(q.isBid),
      hotNFT: flag(q.hotNFT),
      owner: q.owner,
      creator: q.creator,
      collectionAddr: q.collectionAddr,
      baseType: q.baseType,
      networkId: q.networkId,
      labelId: q.labelId,
    },
    q.sort ?? 'newest',
    page,
  );
  return { data: await nftsView(db, rows, q.likeAddress), total, ...page };
}

export async function nftsView(db: Db, rows: NftRow[], likeAddress?: string): Promise<Nft[]> {
  const liked = await likedIds(
    db,
    'NFT',
    likeAddress,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toNft(r, liked));
}

export async function bundleItemsView(
  db: Db,
  rows: BundleItemRow[],
  likeAddress?: string,
): Promise<BundleItem[]> {
  const liked = await likedIds(
    db,
    'NFT',
    likeAddress,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...toNft(r, liked), pricePerItem: r.item_price, sold: r.item_sold }));
}

export async function collectionsView(
  db: Db,
  rows: CollectionRow[],
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

export async function setsView(db: Db, rows: SetRow[], likeAddress?: string): Promise<NftSet[]> {
  const ids = rows.map((r) => r.id);
  const [liked, counts] = await Promise.all([
    likedIds(db, 'SET', likeAddress, ids),
    setItemCounts(db, ids),
  ]);
  return rows.map((r) => toSet(r, counts.get(r.id) ?? 0, liked));
}

export async function bundlesView(
  db: Db,
  rows: BundleRow[],
  likeAddress?: string,
): Promise<Bundle[]> {
  const ids = rows.map((r) => r.id);
  const [liked, totals] = await Promise.all([
    likedIds(db, 'BUNDLE', likeAddress, ids),
    bundleTotals(db, ids),
  ]);
  return rows.map((r) => toBundle(r, totals.get(r.id) ?? { count: 0, priceTotal: '0' }, liked));
}

export async function usersView(db: Db, rows: UserRow[]): Promise<User[]> {
  const addresses = await addressesOfUsers(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toUser(r, addresses.get(r.id) ?? []));
}

async function userOfAddress(db: Db, address: string): Promise<User | null> {
  const row = await userByAddress(db, address);
  if (!row) return null;
  const [user] = await usersView(db, [row]);
  return user ?? null;
}

/** market-nft: the NFT with its collection, owner and creator profiles and its live order. */
export async function nftDetailView(db: Db, row: NftRow, likeAddress?: string): Promise<NftDetail> {
  const [[nft], collection, ownerUser, creatorUser, order] = await Promise.all([
    nftsView(db, [row], likeAddress),
    row.collection_id === null
      ? Promise.resolve(undefined)
      : db
          .selectFrom('collections')
          .select(['id', 'name', 'image'])
          .where('id', '=', row.collection_id)
          .executeTakeFirst(),
    userOfAddress(db, row.owner),
    userOfAddress(db, row.creator),
    orderByHash(db, row.current_order_hash),
  ]);
  if (!nft) throw new Error('unreachable: one row mapped');
  return {
    ...nft,
    collection: collection ?? null,
    ownerUser,
    creatorUser,
    order: order ? toOrder(order) : null,
  };
}

export function bidEntryView(row: BidEntryRow): BidEntry {
  return {
    ...toBid(row),
    target: row.target,
    item_id: row.nft_id,
    setId: row.set_id,
    bundleId: row.bundle_id,
    name: row.item_name ?? row.set_name ?? '',
    image: row.item_image ?? row.set_image ?? '',
    orderStatus: row.order_status,
    endTime: isoOrNull(row.end_time),
    isLocked: row.is_highest && row.order_status === 'pending',
  };
}
