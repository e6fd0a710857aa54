/**
 * After a like, every cached copy of the item (lists, details, search) shows the new state, so a
 * reload from the persisted cache does not bring back the old one.
 */
import type { LikeTarget } from './social.ts';

type Obj = Record<string, unknown>;

function isTarget(o: Obj, target: LikeTarget, id: number): boolean {
  if (!('isLiked' in o)) return false;
  switch (target) {
    case 'nft':
      return o.item_id === id && 'tokenId' in o;
    case 'collection':
      return o.id === id && 'symbol' in o && 'collectionAddr' in o;
    case 'set':
      return o.id === id && 'setId' in o;
    case 'bundle':
      return o.id === id && 'minCount' in o;
  }
}

/** Returns `data` with the item's isLiked/likeCount replaced (same object when nothing matched). */
export function patchLiked<T>(
  data: T,
  target: LikeTarget,
  id: number,
  liked: boolean,
  likeCount: number,
): T {
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) {
      let changed = false;
      const next = value.map((v) => {
        const w = walk(v);
        if (w !== v) changed = true;
        return w;
      });
      return changed ? next : value;
    }
    if (value && typeof value === 'object') {
      const o = value as Obj;
      if (isTarget(o, target, id)) return { ...o, isLiked: liked, likeCount };
      let changed = false;
      const next: Obj = {};
      for (const [k, v] of Object.entries(o)) {
        const w = walk(v);
        if (w !== v) changed = true;
        next[k] = w;
      }
      return changed ? next : value;
    }
    return value;
  };
  return walk(data) as T;
}
