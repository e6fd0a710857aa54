/**
 * What a partner stores for a drop before creating it on chain: the drop's metadata document
 * (title, description, cover, collection, category, event place) kept by its sha256 in
 * metadata_documents as the studio's token metadata is (metadata-store.ts), whose URI goes into
 * DropParams.uri; and a magic bag's ordered pool, kept by its Merkle root (drop_pools) and
 * published once the bag is revealed (docs/decisions/121-drops-on-the-server.md).
 */
import type { Kysely } from 'kysely';
import { poolRoot } from '#contracts/drops/pool.ts';
import type { Database } from '#server/db/types.ts';
import { toDbAddress } from '#server/db/values.ts';
import type { DropMetadataBody } from '#shared/schemas/drops.ts';
import { storeDocument } from './metadata-store.ts';

/** The document's bytes, keys in one fixed order (the same content gives the same hash). */
export function serializeDropMetadata(body: DropMetadataBody): string {
  return JSON.stringify({
    name: body.name,
    description: body.description,
    image: body.image,
    ...(body.category ? { category: body.category } : {}),
    base_type: 'image',
    collection: toDbAddress(body.collection),
    ...(body.event_place ? { event_place: body.event_place } : {}),
  });
}

export function storeDropMetadata(
  db: Kysely<Database>,
  body: DropMetadataBody,
  userId: number,
): Promise<string> {
  return storeDocument(db, serializeDropMetadata(body), userId);
}

/** Stores the pool under its root (once: the same list is the same root). */
export async function storePool(
  db: Kysely<Database>,
  uris: string[],
  userId: number,
): Promise<string> {
  const root = poolRoot(uris);
  await db
    .insertInto('drop_pools')
    .values({ pool_root: root, uris: JSON.stringify(uris), user_id: userId })
    .onConflict((oc) => oc.column('pool_root').doNothing())
    .execute();
  return root;
}
