/**
 * Metadata documents of the partner studio, kept by the sha256 of their exact bytes
 * (metadata_documents). A token URI names that hash, so what it points at cannot change: the
 * server only ever stores bytes under their own hash, serves them as immutable, and checks the
 * hash again on every read (a row edited behind our back is answered as missing).
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/types.ts';
import type { MetadataBody } from '#shared/schemas/studio.ts';

export const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** A token URI that commits to a stored document: its hash is the file name. */
export const METADATA_URI = /\/api\/v1\/metadata\/([0-9a-f]{64})\.json$/;

/** The document's bytes: its keys in one fixed order, so the same content gives the same hash. */
function serializeMetadata(body: MetadataBody): string {
  const doc = {
    name: body.name,
    description: body.description,
    image: body.image,
    ...(body.banner_image ? { banner_image: body.banner_image } : {}),
    ...(body.category ? { category: body.category } : {}),
    base_type: 'image',
    attributes: (body.attributes ?? []).map((a) => ({ trait_type: a.trait_type, value: a.value })),
    ...(body.inspection_reports?.length
      ? {
          inspection_reports: body.inspection_reports.map((r) => ({
            inspector: r.inspector,
            result: r.result,
            summary: r.summary,
            inspected_at: r.inspected_at,
            document_url: r.document_url,
          })),
        }
      : {}),
  };
  return JSON.stringify(doc);
}

/** Stores the document (once: the same bytes are the same row) and returns its hash. */
export function storeMetadata(
  db: Kysely<Database>,
  body: MetadataBody,
  userId: number,
): Promise<string> {
  return storeDocument(db, serializeMetadata(body), userId);
}

/** Stores serialized document bytes by their sha256 (a token's or a drop's), once. */
export async function storeDocument(
  db: Kysely<Database>,
  text: string,
  userId: number,
): Promise<string> {
  const hash = sha256Hex(text);
  await db
    .insertInto('metadata_documents')
    .values({ hash, body: text, user_id: userId })
    .onConflict((oc) => oc.column('hash').doNothing())
    .execute();
  return hash;
}

/** The stored bytes of `hash`, or null when there are none or they no longer match it. */
export async function readMetadataDocument(
  db: Kysely<Database>,
  hash: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('metadata_documents')
    .select('body')
    .where('hash', '=', hash)
    .executeTakeFirst();
  return row && sha256Hex(row.body) === hash ? row.body : null;
}
