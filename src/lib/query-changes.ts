/**
 * What each kind of write changes, as query-key prefixes: the runner of every wallet write
 * (src/wallet/use-write.ts) and the outbox (src/pwa/outbox/outbox.ts) invalidate exactly these,
 * never the whole cache. A prefix names every key that starts with it (TanStack Query's partial
 * match); the keys themselves are built by shared/query-keys.ts and each feature's `api/`.
 * Why and what is left out: docs/decisions/113-one-write-runner.md.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';

export type Changes = readonly QueryKey[];

/** The wallet's balances (account, WVBC, locked bids): every transaction spends gas. */
const BALANCES: Changes = [['wallet', 'balances']];

/** Where an item's owner, order, price, likes or activity shows: lists, pages, profiles. */
const CATALOGUE: Changes = [
  ['marketplace', 'nfts'],
  ['marketplace', 'hot'],
  ['marketplace', 'owned'],
  ['marketplace', 'collections'],
  ['marketplace', 'sets'],
  ['marketplace', 'bundles'],
  ['collection'],
  ['nft'],
  ['set'],
  ['bundle'],
  ['user'],
  ['search'],
];

export const CHANGES = {
  /** A wrap or unwrap, or a WVBC allowance. */
  balances: BALANCES,
  /** The exchange's approval of a collection or its WVBC allowance (src/features/trade). */
  approval: [['trade', 'approved'], ['trade', 'allowance'], ...BALANCES],
  /** A listing made, taken off sale, bought or claimed: the item everywhere, its order, funds. */
  order: [...CATALOGUE, ['trade'], ['fractional'], ...BALANCES],
  /**
   * A vault created, shares bought or listed, a buyout bid, a cash-out or a redemption
   * (src/features/fractional): the vaults, their NFT everywhere, the holdings, the funds.
   */
  fractional: [['fractional'], ...CATALOGUE, ...BALANCES],
  /** A bid placed or recorded on chain: the item's bids, the bidder's, the locked WVBC. */
  bid: [['nft'], ['set'], ['trade', 'bids'], ['trade', 'allowance'], ['user'], ...BALANCES],
  /** The partner role granted or taken back (src/features/studio). */
  partner: [['studio', 'roles'], ['studio', 'partner'], ...BALANCES],
  /** A new collection: the partner's and the marketplace's lists, and the drop form's choice. */
  collection: [
    ['studio', 'collections'],
    ['drops', 'collections'],
    ['marketplace', 'collections'],
    ...BALANCES,
  ],
  /** New NFTs: the catalogue that shows them and their collection. */
  mint: [...CATALOGUE, ...BALANCES],
  /** A gift given, taken back or claimed: the gifts and the NFT's owner everywhere. */
  gift: [['gifts'], ...CATALOGUE, ['trade'], ...BALANCES],
  /** A like (the item's count and state) or a follow (the profiles). */
  like: CATALOGUE,
  follow: [['user']],
  /** A drop created, bought, delivered, refunded, revealed, opened or paid out (src/features/drops). */
  drop: [['drops'], ...CATALOGUE, ...BALANCES],
} as const satisfies Record<string, Changes>;

/** Refetches what `changes` names (active queries now, the others when next shown). */
export async function invalidate(client: QueryClient, changes: Changes): Promise<void> {
  await Promise.all(changes.map((queryKey) => client.invalidateQueries({ queryKey })));
}
