/**
 * What the event handlers of one block range share: the range's state (read before its
 * transaction), a log's position, and the activity row every provenance event writes.
 */
import type { ActivityType } from '../db/types.ts';
import type { ChainEvent, Contracts } from './events.ts';
import type { BlockContext, Trx } from './journal.ts';
import type { Metadata } from './metadata.ts';

/** An OrderFilled event: who sold to whom, which items (bit mask) and for how much. */
export interface Fill {
  orderHash: string;
  maker: string;
  taker: string;
  itemMask: bigint;
  amount: bigint;
}

/** What a block range's handlers share (read before the transaction). */
export interface RangeState {
  networkId: number;
  contracts: Contracts;
  /** Lowercase addresses of our collections (grows with each CollectionCreated). */
  collections: Set<string>;
  /** Lowercase addresses of the fractional vaults (grows with each VaultCreated). */
  vaults?: Set<string>;
  /** OrderFilled events of the range by transaction hash. */
  fillsByTx: Map<string, Fill[]>;
  /** Transactions of the range that moved WVBC (a claim, when the order is not stored). */
  wvbcTxs: Set<string>;
  /** Metadata by `collection` (contractURI) or `collection:tokenId` (tokenURI). */
  metadata: Map<string, { uri: string; meta: Metadata | null }>;
  /** Block timestamps of the blocks holding our logs. */
  timestamps: Map<number, Date>;
  /** Category ids by key. */
  categories: Map<string, number>;
  /**
   * Holders' approval epochs by `collection:holder` (only those who revoked an operator), read
   * when the range commits and kept current by its ApprovalEpochBumped events: a token's nonce
   * on chain is its own count of moves plus its holder's epoch.
   */
  epochs: Map<string, bigint>;
}

/** The approval epoch of `holder` in `collection` (0 when they never revoked an operator). */
export function epochOf(state: RangeState, collection: string, holder: string): bigint {
  return state.epochs.get(`${collection}:${holder}`) ?? 0n;
}

export interface LogPosition {
  blockNumber: number;
  txHash: string;
  logIndex: number;
}

/** A handler of one kind of event, inside the range's transaction. */
export type EventHandler<K extends ChainEvent['kind']> = (
  trx: Trx,
  state: RangeState,
  ctx: BlockContext,
  pos: LogPosition,
  event: Extract<ChainEvent, { kind: K }>,
) => Promise<void>;

/** The time of the log's block (now, for a block whose header was not read). */
export function blockTime(state: RangeState, pos: LogPosition): Date {
  return state.timestamps.get(pos.blockNumber) ?? new Date();
}

/** A metadata category (a key like 'art' or a label id) as a known label id, else null. */
export function labelOf(
  state: RangeState,
  category: string | number | null | undefined,
): number | null {
  if (category === null || category === undefined) return null;
  if (typeof category === 'number') {
    return [...state.categories.values()].includes(category) ? category : null;
  }
  return state.categories.get(category.toLowerCase()) ?? null;
}

export interface ActivityFields {
  nft_id?: number | null;
  set_id?: number | null;
  bundle_id?: number | null;
  collection_address?: string | null;
  from_address?: string | null;
  to_address?: string | null;
  price?: bigint | string | null;
  order_hash?: string | null;
}

/** One activity row per (log, type): a replayed log writes nothing twice. */
export function addActivity(
  trx: Trx,
  state: RangeState,
  pos: LogPosition,
  type: ActivityType,
  row: ActivityFields,
): Promise<void> {
  return addActivities(trx, state, [{ pos, type, row }]);
}

/** Activity rows of several logs in one insert, in the given (chain) order. */
export async function addActivities(
  trx: Trx,
  state: RangeState,
  activities: { pos: LogPosition; type: ActivityType; row: ActivityFields }[],
): Promise<void> {
  if (!activities.length) return;
  await trx
    .insertInto('activities')
    .values(
      activities.map(({ pos, type, row }) => ({
        network_id: state.networkId,
        type,
        nft_id: row.nft_id ?? null,
        set_id: row.set_id ?? null,
        bundle_id: row.bundle_id ?? null,
        collection_address: row.collection_address ?? null,
        from_address: row.from_address ?? null,
        to_address: row.to_address ?? null,
        price: row.price ?? null,
        order_hash: row.order_hash ?? null,
        tx_hash: pos.txHash,
        log_index: pos.logIndex,
        block_number: pos.blockNumber,
        created_at: blockTime(state, pos),
      })),
    )
    .onConflict((oc) => oc.columns(['network_id', 'tx_hash', 'log_index', 'type']).doNothing())
    .execute();
}
