/**
 * The documents drop events name, read before the range's transaction as token metadata is
 * (block-range.ts): a drop's own document (DropParams.uri: title, description, cover, and the
 * keys only drops have, `collection` and `event_place`: server/src/studio/drop-documents.ts),
 * and the item an opened magic bag holds (BagOpened's uri).
 */
import { toDbAddress } from '../db/values.ts';
import type { ChainEvent } from './events.ts';
import type { RangeState } from './handler-context.ts';
import { type LocalDocuments, loadMetadataJson, parseMetadata } from './metadata.ts';

type Entry = RangeState['metadata'] extends Map<string, infer V> ? V : never;

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

function dropExtras(json: unknown): NonNullable<Entry['drop']> {
  const o = json && typeof json === 'object' ? (json as Record<string, unknown>) : {};
  const collection = typeof o.collection === 'string' && ADDRESS.test(o.collection);
  const place = typeof o.event_place === 'string' && o.event_place ? o.event_place : null;
  return {
    collection: collection ? toDbAddress(o.collection as string) : null,
    eventPlace: place ? place.slice(0, 300) : null,
  };
}

/** The read a drop event needs (key and entry of RangeState.metadata), or null. */
export function dropDocumentJob(
  e: ChainEvent,
  local: LocalDocuments,
): Promise<[string, Entry]> | null {
  if (e.kind === 'DropCreated') {
    const uri = e.params.uri;
    return loadMetadataJson(uri, local).then((json) => [
      `drop:${e.dropId}`,
      { uri, meta: parseMetadata(json), drop: dropExtras(json) },
    ]);
  }
  if (e.kind === 'BagOpened') {
    return loadMetadataJson(e.uri, local).then((json) => [
      `bag:${e.tokenId}`,
      { uri: e.uri, meta: parseMetadata(json) },
    ]);
  }
  return null;
}
