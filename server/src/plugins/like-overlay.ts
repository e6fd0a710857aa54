/**
 * A signed-in reader's own likes laid over a shared catalogue answer (decision 126). The
 * catalogue reads that take `likeAddress` use it for one thing only: each item's `isLiked`
 * (server/src/routes/api/v2/show/README.md). So the answer cache keeps one answer per URL without
 * `likeAddress`, rendered as for an anonymous reader (every `isLiked` false), and a request with
 * `likeAddress` gets that answer with its own `isLiked` set from one indexed read of that
 * address's likes among the answer's items (`likes_address_target_idx`); since decision 134
 * from the node's likes in memory (../repositories/likes-index.ts) once loaded, as fresh as the
 * answers: a reader's like shows on their next read on a node that has heard it.
 */
import { ADDRESS_PATTERN } from '#shared/patterns.ts';
import type { LikesIndex } from '../repositories/likes-index.ts';
import { SLOT } from '../repositories/nft-wire.ts';
import type { Db } from '../repositories/paging.ts';

type Target = 'NFT' | 'COLLECTION' | 'SET' | 'BUNDLE';

/** Routes whose answers take `likeAddress` for `isLiked` only, with items of a known shape. */
const OVERLAID =
  /^\/api\/v2\/show\/(market-nfts|market-nft|market-nfts-id|market-collections|market-collection|market-sets|market-set|market-bundles|market-bundle|market-bundle-nfts|hot-nfts|top-onsale|search)(\?|$)/;
const ADDRESS = new RegExp(ADDRESS_PATTERN);

/** A cached answer cut at its `isLiked` values: parts.length === items.length + 1. */
export interface LikeSlots {
  parts: string[];
  items: { target: Target; id: number }[];
}

export interface SplitUrl {
  /** The URL without its `likeAddress` parameter (the cache key). */
  key: string;
  /** The one valid `likeAddress`, when the URL has one. */
  address: string | undefined;
}

/**
 * The shared key of an overlaid route's URL and its reader's address; undefined for any other
 * URL, or when `likeAddress` is repeated or not an address (the route's validation answers it).
 */
export function splitUrl(url: string): SplitUrl | undefined {
  if (!OVERLAID.test(url)) return undefined;
  const q = url.indexOf('?');
  if (q < 0) return { key: url, address: undefined };
  const kept: string[] = [];
  const addresses: string[] = [];
  for (const param of url.slice(q + 1).split('&')) {
    if (param.startsWith('likeAddress=')) addresses.push(param.slice('likeAddress='.length));
    else kept.push(param);
  }
  const [address] = addresses;
  if (addresses.length > 1 || (address !== undefined && !ADDRESS.test(address))) return undefined;
  const key = kept.length ? `${url.slice(0, q)}?${kept.join('&')}` : url.slice(0, q);
  return { key, address };
}

/** The like target of a wire item (server/src/db/mappers.ts: toNft, toSet, toCollection, toBundle). */
function targetOf(item: Record<string, unknown>): { target: Target; id: number } | undefined {
  if (typeof item.item_id === 'number') return { target: 'NFT', id: item.item_id };
  if (typeof item.id !== 'number') return undefined;
  if ('setId' in item) return { target: 'SET', id: item.id };
  if ('symbol' in item) return { target: 'COLLECTION', id: item.id };
  if ('minCount' in item) return { target: 'BUNDLE', id: item.id };
  return undefined;
}

/**
 * The items carrying `isLiked`, in the order they appear in the text; undefined when one is of an
 * unknown shape, is already true, or a numeric key could reorder the walk against the text.
 */
function itemsOf(value: unknown, out: LikeSlots['items']): boolean {
  if (Array.isArray(value)) return value.every((v) => itemsOf(v, out));
  if (value === null || typeof value !== 'object') return true;
  const item = value as Record<string, unknown>;
  if ('isLiked' in item) {
    const target = targetOf(item);
    if (!target || item.isLiked !== false) return false;
    out.push(target);
  }
  return Object.entries(item).every(([k, v]) => !/^\d+$/.test(k) && itemsOf(v, out));
}

/** Cuts an anonymous reader's answer at each `isLiked`; undefined if it cannot be laid over. */
export function likeSlots(body: string): LikeSlots | undefined {
  const items: LikeSlots['items'] = [];
  if (!itemsOf(JSON.parse(body), items)) return undefined;
  // A quote inside a JSON string is escaped, so SLOT occurs only as a key and its value.
  const parts = body.split(SLOT);
  return parts.length === items.length + 1 ? { parts, items } : undefined;
}

/**
 * The answer as `address` reads it: its likes among the answer's items, from `index` when it is
 * loaded, else one statement.
 */
export async function overlayLikes(
  db: Db,
  slots: LikeSlots,
  address: string,
  index?: LikesIndex,
): Promise<string> {
  const { parts, items } = slots;
  if (items.length === 0) return parts.join(SLOT);
  const reader = address.toLowerCase();
  let likes = (item: LikeSlots['items'][number]) => index?.likes(reader, item.target, item.id);
  if (index?.ready) index.answered += 1;
  else {
    const targets = [...new Set(items.map((i) => i.target))];
    const rows = await db
      .selectFrom('likes')
      .select(['target', 'target_id'])
      .where('address', '=', reader)
      .where('target', 'in', targets)
      .where('target_id', 'in', [...new Set(items.map((i) => i.id))])
      .execute();
    const liked = new Set(rows.map((r) => `${r.target}:${r.target_id}`));
    likes = (item) => liked.has(`${item.target}:${item.id}`);
  }
  return fillSlots(slots, (item) => likes(item) === true);
}

/** The answer with each item's `isLiked` as `liked` says. */
export function fillSlots(slots: LikeSlots, liked: (item: LikeSlots['items'][number]) => boolean) {
  const { parts, items } = slots;
  let out = parts[0] ?? '';
  items.forEach((item, i) => {
    out += `"isLiked":${liked(item)}${parts[i + 1] ?? ''}`;
  });
  return out;
}

const offered = new WeakMap<object, LikeSlots>();

/**
 * The slots of the answer `request`'s route sends, when it built them as it wrote the answer
 * (./nft-list-reply.ts): the answer cache then needs not parse the answer to find them.
 */
export function offerSlots(request: object, slots: LikeSlots): void {
  offered.set(request, slots);
}

export function offeredSlots(request: object): LikeSlots | undefined {
  return offered.get(request);
}
