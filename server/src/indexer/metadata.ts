/**
 * Token and collection metadata: the JSON behind a `tokenURI` / `contractURI`, read before the
 * block range's database transaction (never inside it). `data:` URIs (what the demo seed mints)
 * are decoded locally; http(s) URIs are fetched with a short timeout and a size cap; anything
 * else (ipfs://, unreachable hosts, bad JSON) gives null and the row keeps its defaults.
 * A URI that names a document's sha256 (.../api/v1/metadata/<sha256>.json, written by the
 * partner studio: server/src/studio/metadata-store.ts) is read from our own store when it is
 * there, else fetched, and used only if its bytes still hash to that name.
 *
 * Shape (OpenSea-style, plus three marketplace keys):
 * { name, description, image, animation_url, attributes: [{ trait_type, value, display_type }],
 *   category: 'art' | labelId, base_type: 'image' | 'video' | ..., banner_image (collections),
 *   inspection_reports: [{ inspector, result, summary, inspected_at, document_url }] }
 */

import { METADATA_URI, sha256Hex } from '../studio/metadata-store.ts';

const FETCH_TIMEOUT_MS = 3000;
const MAX_METADATA_BYTES = 256 * 1024;

export interface Attribute {
  trait_type: string;
  value: string;
  display_type: string | null;
}

export interface InspectionReportMeta {
  inspector: string;
  result: string;
  summary: string;
  inspected_at: string;
  document_url: string | null;
}

export interface Metadata {
  name: string | null;
  description: string | null;
  image: string | null;
  banner: string | null;
  animationUrl: string | null;
  /** A category key (e.g. 'art') or a labelId, resolved against the categories table. */
  category: string | number | null;
  baseType: string | null;
  attributes: Attribute[];
  inspectionReports: InspectionReportMeta[];
}

const str = (v: unknown, max = 4000): string | null =>
  typeof v === 'string' && v.length > 0 ? v.slice(0, max) : null;

/** Validates the loose JSON of a metadata document into Metadata (unknown keys ignored). */
export function parseMetadata(json: unknown): Metadata | null {
  if (!json || typeof json !== 'object' || Array.isArray(json)) return null;
  const o = json as Record<string, unknown>;
  const attributes: Attribute[] = [];
  if (Array.isArray(o.attributes)) {
    for (const a of o.attributes.slice(0, 100)) {
      if (!a || typeof a !== 'object') continue;
      const r = a as Record<string, unknown>;
      const trait = str(r.trait_type, 200);
      const value =
        typeof r.value === 'number' || typeof r.value === 'boolean'
          ? String(r.value)
          : str(r.value, 1000);
      if (trait && value !== null) {
        attributes.push({ trait_type: trait, value, display_type: str(r.display_type, 50) });
      }
    }
  }
  const inspectionReports: InspectionReportMeta[] = [];
  if (Array.isArray(o.inspection_reports)) {
    for (const a of o.inspection_reports.slice(0, 50)) {
      if (!a || typeof a !== 'object') continue;
      const r = a as Record<string, unknown>;
      const inspector = str(r.inspector, 200);
      const result = str(r.result, 200);
      const at = str(r.inspected_at, 40);
      if (!inspector || !result || !at || Number.isNaN(Date.parse(at))) continue;
      inspectionReports.push({
        inspector,
        result,
        summary: str(r.summary) ?? '',
        inspected_at: new Date(at).toISOString(),
        document_url: str(r.document_url, 2000),
      });
    }
  }
  const category =
    typeof o.category === 'number' && Number.isInteger(o.category)
      ? o.category
      : str(o.category, 50);
  return {
    name: str(o.name, 200),
    description: str(o.description),
    image: str(o.image, 2000),
    banner: str(o.banner_image, 2000) ?? str(o.banner, 2000),
    animationUrl: str(o.animation_url, 2000),
    category,
    baseType: str(o.base_type, 30),
    attributes,
    inspectionReports,
  };
}

/** Decodes a `data:` URI's payload (base64 or percent-encoded); null when it is not one. */
export function decodeDataUri(uri: string): string | null {
  const match = /^data:([^,]*),(.*)$/s.exec(uri);
  if (!match) return null;
  const meta = match[1] ?? '';
  const payload = match[2] ?? '';
  if (meta.split(';').includes('base64')) return Buffer.from(payload, 'base64').toString('utf8');
  try {
    return decodeURIComponent(payload);
  } catch {
    return payload;
  }
}

/** The stored document of a sha256 (our own store), or null. */
export type LocalDocuments = (hash: string) => Promise<string | null>;

/** A content-addressed URI's document, checked against the hash its name commits to. */
async function loadHashed(uri: string, hash: string, local?: LocalDocuments): Promise<unknown> {
  const text = (await local?.(hash)) ?? (await fetchText(uri));
  if (text === null || sha256Hex(text) !== hash) return null;
  return JSON.parse(text);
}

async function fetchText(uri: string): Promise<string | null> {
  if (!/^https?:\/\//.test(uri)) return null;
  const res = await fetch(uri, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  if (!res.ok) return null;
  const text = await res.text();
  return text.length > MAX_METADATA_BYTES ? null : text;
}

/** The JSON behind a metadata URI; null when it cannot be read. */
export async function loadMetadataJson(uri: string, local?: LocalDocuments): Promise<unknown> {
  if (!uri) return null;
  try {
    const hashed = METADATA_URI.exec(uri);
    if (hashed?.[1]) return await loadHashed(uri, hashed[1], local);
    if (uri.startsWith('data:')) {
      const text = decodeDataUri(uri);
      return text === null ? null : JSON.parse(text);
    }
    const text = await fetchText(uri);
    if (text !== null) return JSON.parse(text);
  } catch {
    return null;
  }
  return null;
}

/** Reads a metadata URI; null when it cannot be read or is not a metadata object. */
export async function loadMetadata(uri: string, local?: LocalDocuments): Promise<Metadata | null> {
  return parseMetadata(await loadMetadataJson(uri, local));
}
