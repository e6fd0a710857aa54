/**
 * What a write to nfts announces (migration 092) and which kept NFT id windows it can have
 * changed (decision 133). A window (./read-model.ts) holds a list's first ids in order and its
 * total: a write moves them only if it changed a column the list is sorted by (for that list's
 * sort) or narrowed by, of a row the list holds before or after the write. Any other change to a
 * row (its name, its image, its highest bid) only drops that row.
 */
import type { ListSort } from '#shared/enums.ts';

/**
 * The catalogue tables that announce their writes by name (migrations 070, 090 and 093) other
 * than nfts: none of them changes an NFT window, an NFT row or an NFT list's answer.
 */
export const NOT_NFTS: ReadonlySet<string> = new Set([
  'networks',
  'categories',
  'collections',
  'sets',
  'bundles',
  'set_items',
  'bundle_items',
  'nft_properties',
  'inspection_reports',
  'orders',
  'bids',
  'settlements',
  'activities',
  'likes',
  'follows',
  'users',
  'bc_addresses',
  'bid_records',
]);

/** The bits of `m` in an announced change (migration 092). */
export const CHANGED = { created: 1, likes: 2, bids: 4, price: 8, narrowing: 16 } as const;

const SORTED_BY: Record<ListSort, number> = {
  newest: CHANGED.created,
  like: CHANGED.likes,
  bid: CHANGED.bids,
  price_desc: CHANGED.price,
  price_asc: CHANGED.price,
};

/** A row's values of the columns lists are narrowed by, as migration 092 sends them. */
export interface NftListValues {
  status: string;
  isSet: boolean;
  isBundle: boolean;
  isBid: boolean;
  hotNft: boolean;
  owner: string;
  creator: string;
  collectionAddress: string;
  baseType: string;
  networkId: number;
  labelId: number | null;
}

/** One changed row: its id, what changed, and its list values before and after the write. */
export interface NftChange {
  id: number;
  mask: number;
  /** Absent for an insert. */
  before: NftListValues | undefined;
  /** Absent for a delete. */
  after: NftListValues | undefined;
}

function values(v: unknown): NftListValues | undefined {
  if (!Array.isArray(v) || v.length !== 11) return undefined;
  const [status, isSet, isBundle, isBid, hotNft, owner, creator, collectionAddress, baseType] = v;
  const [networkId, labelId] = [v[9], v[10]];
  return {
    status,
    isSet,
    isBundle,
    isBid,
    hotNft,
    owner,
    creator,
    collectionAddress,
    baseType,
    networkId,
    labelId,
  } as NftListValues;
}

/** The changes of an announcement's JSON, or undefined when it is not what migration 092 sends. */
export function parseNftChanges(text: string): NftChange[] | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!Array.isArray(parsed)) return undefined;
  const changes: NftChange[] = [];
  for (const c of parsed as { i?: unknown; m?: unknown; o?: unknown; n?: unknown }[]) {
    if (typeof c?.i !== 'number' || typeof c.m !== 'number') return undefined;
    const after = values(c.n);
    // an insert sends no `o`; an update that left the narrowing columns alone sends `o` null
    const before = !('o' in c) ? undefined : c.o === null ? after : values(c.o);
    if (!before && !after) return undefined;
    changes.push({ id: c.i, mask: c.m, before, after });
  }
  return changes;
}

/**
 * Whether `change` can have moved the window of a list sorted by `sort` whose filter is
 * `matches`: a column it is sorted or narrowed by changed, on a row it holds before or after.
 */
export function touches(
  change: NftChange,
  sort: ListSort,
  matches: (row: NftListValues) => boolean,
): boolean {
  if ((change.mask & (SORTED_BY[sort] | CHANGED.narrowing)) === 0) return false;
  return (
    (change.before !== undefined && matches(change.before)) ||
    (change.after !== undefined && matches(change.after))
  );
}
