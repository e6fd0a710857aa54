/**
 * An NFT list's answer written as text joined from its rows' item texts (decision 139,
 * ../repositories/nft-wire.ts). The answer's `isLiked` slots (./like-overlay.ts) are known as it
 * is written, so the answer cache keeps them without parsing the answer again.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { likedIds } from '../repositories/likes.ts';
import { type NftListRow, nftItemParts } from '../repositories/nft-wire.ts';
import type { NftPage } from '../repositories/nfts.ts';
import type { Db, PageRequest } from '../repositories/paging.ts';
import { keptThroughWrites, nftListDeps } from './answer-deps.ts';
import { fillSlots, type LikeSlots, offerSlots } from './like-overlay.ts';

const JSON_TYPE = 'application/json; charset=utf-8';

/** The slots of `{data, total, page, size}` (shared/schemas/common.ts ListOf) over `rows`. */
export function nftListSlots(rows: NftListRow[], total: number, page: PageRequest): LikeSlots {
  const parts = ['{"data":['];
  rows.forEach((row, i) => {
    const [before, after] = nftItemParts(row);
    parts[parts.length - 1] += i === 0 ? before : `,${before}`;
    parts.push(after);
  });
  parts[parts.length - 1] += `],"total":${total},"page":${page.page},"size":${page.size}}`;
  return { parts, items: rows.map((row) => ({ target: 'NFT', id: row.id })) };
}

/**
 * Sends the page `found` of an NFT list: what it depends on, its slots for the answer cache, and
 * its text with `likeAddress`'s likes when the route still has one (no answer cache).
 */
export async function replyNftList(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  found: NftPage,
  page: PageRequest,
  likeAddress: string | undefined,
): Promise<FastifyReply> {
  keptThroughWrites(request, nftListDeps(found));
  const slots = nftListSlots(found.rows, found.total, page);
  offerSlots(request, slots);
  const liked = await likedIds(
    db,
    'NFT',
    likeAddress,
    found.rows.map((r) => r.id),
  );
  return reply.type(JSON_TYPE).send(fillSlots(slots, (item) => liked.has(item.id)));
}
