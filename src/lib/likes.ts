/**
 * Likes (POST /api/v2/user/like) and what a like changes in the query cache: every cached copy of
 * the item (lists, details, search) shows the new state, so a reload from the persisted cache does
 * not bring back the old one. The button is src/components/like-button.tsx; likes made offline
 * wait in src/pwa/like-queue.ts.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { LikeBody, LikeResult, LikeTarget } from '#shared/schemas/catalogue.ts';
import { api, type DataBody } from './api-client.ts';

export type { LikeTarget };
/** A like sets the state it names (the wire also allows a toggle, never used here). */
export type LikeRequest = Required<LikeBody>;

export function setLike(body: LikeRequest) {
  return api.post<DataBody<LikeResult>>('/api/v2/user/like', body);
}

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

/** Patches every cached query that holds the item. */
export function patchLikedEverywhere(
  client: QueryClient,
  target: LikeTarget,
  id: number,
  { liked, likeCount }: LikeResult,
): void {
  for (const query of client.getQueryCache().getAll()) {
    const data = query.state.data;
    const next = patchLiked(data, target, id, liked, likeCount);
    if (next !== data) client.setQueryData(query.queryKey, next);
  }
}
