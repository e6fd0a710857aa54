/**
 * What a cached answer depends on, when its route says (decisions 135 and 136): the NFTs it
 * shows, the other catalogue tables it reads, and which other writes to nfts can change it. The
 * answer cache (./answer-cache.ts) then keeps it through every announced write that touches none
 * of these; an answer its route says nothing about is dropped by every write (decision 046).
 */
import type { FastifyRequest } from 'fastify';
import { CHANGED, type NftChange, NOT_NFTS } from '../repositories/nft-changes.ts';

export interface AnswerDeps {
  /** The NFTs the answer shows. */
  ids: ReadonlySet<number>;
  /** The catalogue tables other than nfts it reads (names of NOT_NFTS). */
  tables: ReadonlySet<string>;
  /** Whether a write to rows of nfts not among `ids` can change it. */
  touchedBy: (change: NftChange) => boolean;
}

const depsOfRequest = new WeakMap<FastifyRequest, AnswerDeps>();

/** Says what `request`'s answer depends on: nothing else than `deps`. */
export function keptThroughWrites(request: FastifyRequest, deps: AnswerDeps | undefined): void {
  if (deps) depsOfRequest.set(request, deps);
}

/** What `request`'s route said its answer depends on, if it did. */
export function depsOf(request: FastifyRequest): AnswerDeps | undefined {
  return depsOfRequest.get(request);
}

/**
 * An NFT list page (decision 135): served from its window, it depends on its items and on that
 * window only; read otherwise (no `touchedBy`), its route says nothing.
 */
export function nftListDeps(found: {
  rows: { id: number }[];
  touchedBy?: ((change: NftChange) => boolean) | undefined;
}): AnswerDeps | undefined {
  if (!found.touchedBy) return undefined;
  return {
    ids: new Set(found.rows.map((r) => r.id)),
    tables: new Set(),
    touchedBy: found.touchedBy,
  };
}

/**
 * An NFT's detail (decision 136, server/src/repositories/nft-detail.ts): the NFT `id`, its
 * collection, its owner's and creator's profiles and linked addresses, its live order; and which
 * row of nfts the collection address and token id find, which only a write moving a row of that
 * collection (an insert, a delete, a change of network or address) can change.
 */
export function nftDetailDeps(id: number, collectionAddress: string): AnswerDeps {
  return {
    ids: new Set([id]),
    tables: new Set(['collections', 'users', 'bc_addresses', 'orders']),
    touchedBy: (c) =>
      (c.mask & CHANGED.narrowing) !== 0 &&
      (c.before?.collectionAddress === collectionAddress ||
        c.after?.collectionAddress === collectionAddress),
  };
}

/**
 * An answer read from other catalogue tables only (decision 136): a collection or a list of them
 * (`collections`), a set or a list of them (`sets`, `set_items`), a bundle or a list of them not
 * narrowed by collection (`bundles`, `bundle_items`: the price is a sum over the items' prices).
 */
export function tablesDeps(...tables: string[]): AnswerDeps {
  return { ids: new Set(), tables: new Set(tables), touchedBy: () => false };
}

/**
 * Which answers an announcement drops, given what each depends on: a write to nfts naming its
 * rows, those that show one of them or that it touches; a write to another catalogue table,
 * those that read it; anything else, every answer. An answer without deps is always dropped.
 */
export function dropsFor(
  table: string,
  changes: NftChange[] | undefined,
): (deps: AnswerDeps | undefined) => boolean {
  if (changes) {
    return (deps) => !deps || changes.some((c) => deps.ids.has(c.id) || deps.touchedBy(c));
  }
  if (NOT_NFTS.has(table)) return (deps) => !deps || deps.tables.has(table);
  return () => true;
}
