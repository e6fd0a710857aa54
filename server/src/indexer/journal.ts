/**
 * Undo journal (reorg safety). Every change the indexer makes to a chain-derived column goes
 * through `journaledUpdate` / `journaledInsert`, which first record the old values (or "inserted")
 * with the block number in `indexer_journal`, in the same transaction. A reorg replays the journal
 * above the common ancestor in reverse (`undoAbove`). Only the listed columns are recorded and
 * restored, so off-chain columns (likes, names, highest bid) written meanwhile are kept.
 */
import {
  type ColumnType,
  type Generated,
  type Insertable,
  type Kysely,
  sql,
  type Transaction,
} from 'kysely';
import type { Database } from '../db/types.ts';

export interface IndexerTables {
  indexed_logs: {
    network_id: number;
    tx_hash: string;
    log_index: number;
    block_number: string | number | bigint;
  };
  indexer_journal: {
    id: Generated<string>;
    network_id: number;
    block_number: string | number | bigint;
    table_name: string;
    row_key: ColumnType<Record<string, unknown>, string, string>;
    old_values: ColumnType<Record<string, unknown> | null, string | null, string | null>;
  };
  app_markers: {
    key: string;
    value: ColumnType<Record<string, unknown>, string | undefined, string>;
    created_at: Generated<Date>;
  };
}

export type IndexerDatabase = Database & IndexerTables;
export type Trx = Transaction<IndexerDatabase>;
export type IndexerDb = Kysely<IndexerDatabase>;

/** Tables and the chain-derived columns the indexer may change in them. */
const JOURNALED = {
  nfts: [
    'owner',
    'token_nonce',
    'status',
    'is_bid',
    'sale_type',
    'buy_price',
    'current_order_hash',
    'fractional_vault',
    'fractional_state',
  ],
  orders: ['status', 'taker', 'tx_hash'],
  sets: ['status', 'owner', 'current_order_hash', 'is_bid', 'sale_type'],
  bundles: ['status', 'owner', 'current_order_hash'],
  bundle_items: ['sold'],
  collections: ['items_count', 'volume'],
  gifts: ['status', 'recipient', 'closed_tx'],
  // fractional vaults (fractional-events.ts)
  fractional_vaults: [
    'state',
    'shares_sold',
    'unsold_released',
    'holders_count',
    'last_price',
    'buyout_bidder',
    'buyout_amount',
    'buyout_ends_at',
    'buyout_bid_count',
    'cashed_out_shares',
    'cashed_out_amount',
    'redeemed_by',
  ],
  fractional_balances: ['shares'],
  share_orders: ['filled', 'status'],
} as const;
export type JournaledTable = keyof typeof JOURNALED;

export interface BlockContext {
  networkId: number;
  blockNumber: number;
}

type Key = Record<string, string | number>;

function whereKey<QB extends { where: (...args: never[]) => QB }>(qb: QB, key: Key): QB {
  let q = qb;
  for (const [column, value] of Object.entries(key)) {
    // biome-ignore lint/suspicious/noExplicitAny: column names come from JOURNALED keys
    q = (q.where as any)(column, '=', value);
  }
  return q;
}

type JournalRow = Insertable<IndexerTables['indexer_journal']>;

/**
 * Journal rows of a block range's transaction not written yet (see bufferJournal). Nothing in
 * the range reads the journal (only a later reorg step does), so they go in one insert per
 * 1,000 at the end, in the order they were made (ids keep that order for the undo).
 */
const buffered = new WeakMap<Trx, JournalRow[]>();
const JOURNAL_ROWS_PER_INSERT = 1000;

/** From now on the journal rows of `trx` wait for flushJournal (a block range's transaction). */
export function bufferJournal(trx: Trx): void {
  buffered.set(trx, []);
}

/** Writes the journal rows `trx` has buffered, in order. */
export async function flushJournal(trx: Trx): Promise<void> {
  const rows = buffered.get(trx) ?? [];
  buffered.set(trx, []);
  for (let i = 0; i < rows.length; i += JOURNAL_ROWS_PER_INSERT) {
    await trx
      .insertInto('indexer_journal')
      .values(rows.slice(i, i + JOURNAL_ROWS_PER_INSERT))
      .execute();
  }
}

async function writeJournal(trx: Trx, row: JournalRow): Promise<void> {
  const rows = buffered.get(trx);
  if (rows) rows.push(row);
  else await trx.insertInto('indexer_journal').values(row).execute();
}

/**
 * Updates chain-derived columns of one row (by key), journaling their old values first.
 * Returns false when no row matches. Every column set must be listed in JOURNALED. `locked` is
 * the row as the caller already read it FOR UPDATE in this transaction (with at least the
 * columns set): its old values are journaled without reading the row again.
 */
export async function journaledUpdate<T extends JournaledTable>(
  trx: Trx,
  ctx: BlockContext,
  table: T,
  key: Key,
  values: Partial<Record<(typeof JOURNALED)[T][number], unknown>>,
  locked?: Record<string, unknown>,
): Promise<boolean> {
  const columns = Object.keys(values);
  const allowed: readonly string[] = JOURNALED[table];
  for (const c of columns) {
    if (!allowed.includes(c)) throw new Error(`indexer: ${table}.${c} is not journaled`);
    if (locked && !(c in locked)) throw new Error(`indexer: ${table}.${c} was not read`);
  }
  // biome-ignore lint/suspicious/noExplicitAny: dynamic table/column access, checked above
  const db = trx as any;
  const old = locked
    ? Object.fromEntries(columns.map((c) => [c, locked[c]]))
    : await whereKey(db.selectFrom(table).select(columns).forUpdate(), key).executeTakeFirst();
  if (!old) return false;
  await writeJournal(trx, {
    network_id: ctx.networkId,
    block_number: ctx.blockNumber,
    table_name: table,
    row_key: JSON.stringify(key),
    old_values: JSON.stringify(old),
  });
  const set: Record<string, unknown> = { ...values };
  if (HAS_UPDATED_AT.has(table)) set.updated_at = sql`now()`;
  await whereKey(db.updateTable(table).set(set), key).execute();
  return true;
}

/** Journals a row inserted by the indexer (undo: delete it). */
export async function journalInsert(
  trx: Trx,
  ctx: BlockContext,
  table: JournaledTable,
  key: Key,
): Promise<void> {
  await writeJournal(trx, {
    network_id: ctx.networkId,
    block_number: ctx.blockNumber,
    table_name: table,
    row_key: JSON.stringify(key),
    old_values: null,
  });
}

/** The chain-derived columns of `table` (what a caller reads FOR UPDATE to pass as `locked`). */
export function journaledColumns<T extends JournaledTable>(table: T): (typeof JOURNALED)[T] {
  return JOURNALED[table];
}

const HAS_UPDATED_AT = new Set(['nfts', 'orders', 'sets', 'bundles', 'collections']);

/** Reverts every journaled change above `ancestor`, newest first, and drops those entries. */
export async function undoAbove(trx: Trx, networkId: number, ancestor: number): Promise<number> {
  const entries = await trx
    .selectFrom('indexer_journal')
    .selectAll()
    .where('network_id', '=', networkId)
    .where('block_number', '>', ancestor)
    .orderBy('id', 'desc')
    .execute();
  // biome-ignore lint/suspicious/noExplicitAny: table names come from JOURNALED
  const db = trx as any;
  for (const entry of entries) {
    if (!(entry.table_name in JOURNALED)) continue;
    const key = entry.row_key as Key;
    if (entry.old_values === null) {
      await whereKey(db.deleteFrom(entry.table_name), key).execute();
    } else {
      const set: Record<string, unknown> = { ...entry.old_values };
      if (HAS_UPDATED_AT.has(entry.table_name)) set.updated_at = sql`now()`;
      await whereKey(db.updateTable(entry.table_name).set(set), key).execute();
    }
  }
  await trx
    .deleteFrom('indexer_journal')
    .where('network_id', '=', networkId)
    .where('block_number', '>', ancestor)
    .execute();
  return entries.length;
}
