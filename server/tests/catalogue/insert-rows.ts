/**
 * Row writers for the catalogue tests: rows without the chain, with the columns kept consistent
 * (lowercase addresses, set and bundle membership mirrored on the NFT row). The product's
 * catalogue is written by the indexer and the trading services from chain events and signed
 * orders.
 */
import type { Insertable } from 'kysely';
import type {
  ActivitiesTable,
  BidsTable,
  BundlesTable,
  CollectionsTable,
  DiariesTable,
  InspectionReportsTable,
  NetworksTable,
  NftPropertiesTable,
  NftsTable,
  OrdersTable,
  SetsTable,
} from '#server/db/types.ts';
import { toDbAddress } from '#server/db/values.ts';
import type { Db } from '#server/repositories/paging.ts';

const lower = <T extends string | null | undefined>(a: T): T =>
  (typeof a === 'string' ? toDbAddress(a) : a) as T;

export async function insertNetwork(db: Db, row: Insertable<NetworksTable>): Promise<number> {
  const r = await db
    .insertInto('networks')
    .values(row)
    .returning('network_id')
    .executeTakeFirstOrThrow();
  return r.network_id;
}

export async function insertCollection(db: Db, row: Insertable<CollectionsTable>): Promise<number> {
  const r = await db
    .insertInto('collections')
    .values({ ...row, address: lower(row.address), creator: lower(row.creator) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

export async function insertNft(db: Db, row: Insertable<NftsTable>): Promise<number> {
  const r = await db
    .insertInto('nfts')
    .values({
      ...row,
      collection_address: lower(row.collection_address),
      owner: lower(row.owner),
      creator: lower(row.creator),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

/** A set and its items (in `nftIds` order); the NFTs get is_set and set_id. */
export async function insertSet(
  db: Db,
  row: Insertable<SetsTable>,
  nftIds: number[],
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const r = await trx
      .insertInto('sets')
      .values({
        ...row,
        owner: lower(row.owner),
        creator: lower(row.creator),
        collection_address: lower(row.collection_address),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (nftIds.length) {
      await trx
        .insertInto('set_items')
        .values(nftIds.map((nft_id, position) => ({ set_id: r.id, nft_id, position })))
        .execute();
      await trx
        .updateTable('nfts')
        .set({ is_set: true, set_id: r.id })
        .where('id', 'in', nftIds)
        .execute();
    }
    return r.id;
  });
}

/** A bundle and its items with their prices (wei); the NFTs get is_bundle and bundle_id. */
export async function insertBundle(
  db: Db,
  row: Insertable<BundlesTable>,
  items: { nftId: number; price: bigint | string; sold?: boolean }[],
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const r = await trx
      .insertInto('bundles')
      .values({ ...row, owner: lower(row.owner), creator: lower(row.creator) })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (items.length) {
      await trx
        .insertInto('bundle_items')
        .values(
          items.map((item, position) => ({
            bundle_id: r.id,
            nft_id: item.nftId,
            price: item.price,
            position,
            sold: item.sold ?? false,
          })),
        )
        .execute();
      await trx
        .updateTable('nfts')
        .set({ is_bundle: true, bundle_id: r.id })
        .where(
          'id',
          'in',
          items.map((i) => i.nftId),
        )
        .execute();
    }
    return r.id;
  });
}

export async function insertOrder(db: Db, row: Insertable<OrdersTable>): Promise<string> {
  const r = await db
    .insertInto('orders')
    .values({ ...row, maker: lower(row.maker), taker: lower(row.taker ?? null) })
    .returning('order_hash')
    .executeTakeFirstOrThrow();
  return r.order_hash;
}

export async function insertBid(db: Db, row: Insertable<BidsTable>): Promise<number> {
  const r = await db
    .insertInto('bids')
    .values({ ...row, bidder: lower(row.bidder) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

export async function insertActivity(db: Db, row: Insertable<ActivitiesTable>): Promise<string> {
  const r = await db
    .insertInto('activities')
    .values({
      ...row,
      collection_address: lower(row.collection_address ?? null),
      from_address: lower(row.from_address ?? null),
      to_address: lower(row.to_address ?? null),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

/** Marks a user as a featured creator (isCreator) and/or an admin (hackLike). */
export async function setUserRoles(
  db: Db,
  userId: number,
  roles: { isCreator?: boolean; isAdmin?: boolean },
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      ...(roles.isCreator === undefined ? {} : { is_creator: roles.isCreator }),
      ...(roles.isAdmin === undefined ? {} : { is_admin: roles.isAdmin }),
    })
    .where('id', '=', userId)
    .execute();
}

export async function insertProperties(
  db: Db,
  rows: Insertable<NftPropertiesTable>[],
): Promise<number[]> {
  if (rows.length === 0) return [];
  const added = await db.insertInto('nft_properties').values(rows).returning('id').execute();
  return added.map((r) => r.id);
}

export async function insertInspectionReport(
  db: Db,
  row: Insertable<InspectionReportsTable>,
): Promise<number> {
  const added = await db
    .insertInto('inspection_reports')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return added.id;
}

export async function insertDiary(db: Db, row: Insertable<DiariesTable>): Promise<number> {
  const added = await db
    .insertInto('diaries')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return added.id;
}
