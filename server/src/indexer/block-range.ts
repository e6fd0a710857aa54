/**
 * One block range, read then committed. Everything from the node is read first: the logs of our
 * contracts (one eth_getLogs), the block headers (after the logs, so a reorg in between shows as
 * a hash mismatch) and the metadata of new tokens and collections. Then the range's logs, its
 * block hashes and the checkpoint commit in ONE transaction, each log's handler running only when
 * its `indexed_logs` row is new: exactly once per (tx hash, log index), and a crash before the
 * commit leaves nothing behind. Runs of mints are written a run at a time and the undo journal
 * at the end (both in the same transaction): fewer statements, the same rows.
 */
import { toQuantity } from 'ethers';
import { collectionInterface } from '#server/chain/abi.ts';
import { toDbAddress } from '../db/values.ts';
import { notifyScheduled } from '../notifications/derive.ts';
import { notifySalesEnded } from '../notifications/fractional.ts';
import { readMetadataDocument } from '../studio/metadata-store.ts';
import { saveBlocks } from './checkpoint.ts';
import { ALL_TOPICS, type ChainEvent, decodeLog, TOPICS, ZERO_ADDRESS } from './events.ts';
import { knownVaultsOf } from './fractional-events.ts';
import type { Fill, LogPosition, RangeState } from './handler-context.ts';
import { handleEvent } from './handlers.ts';
import { bufferJournal, flushJournal, type Trx } from './journal.ts';
import { loadMetadata } from './metadata.ts';
import { expireOrders } from './order-lifecycle.ts';
import {
  type Checkpoint,
  type IndexedRange,
  type NetworkContracts,
  ReorgDetected,
  type SyncContext,
} from './sync-context.ts';
import { type Mint, onMints } from './token-events.ts';

/** A log as the node sends it, the fields the indexer reads (numbers as numbers). */
interface ChainLog {
  address: string;
  topics: string[];
  data: string;
  blockNumber: number;
  blockHash: string;
  transactionHash: string;
  index: number;
  removed: boolean;
}
type Decoded = { log: ChainLog; event: ChainEvent };
type Header = { hash: string; parentHash: string; timestamp: number };

/**
 * The node's answers read as plain JSON: ethers' Log and Block objects checksummed every
 * address with keccak-256 in JS and copied every field (a tenth of the indexer's CPU at
 * 20,000 events); the indexer needs a few fields of each.
 */
type RawLog = Omit<ChainLog, 'blockNumber' | 'index' | 'removed'> & {
  blockNumber: string;
  logIndex: string;
  removed?: boolean;
};

async function getLogs(ctx: SyncContext, from: number, to: number): Promise<ChainLog[]> {
  const filter = { fromBlock: toQuantity(from), toBlock: toQuantity(to), topics: [ALL_TOPICS] };
  const logs = (await ctx.provider.send('eth_getLogs', [filter])) as RawLog[];
  return logs.map((l) => ({
    address: l.address,
    topics: l.topics,
    data: l.data,
    blockNumber: Number(l.blockNumber),
    blockHash: l.blockHash,
    transactionHash: l.transactionHash,
    index: Number(l.logIndex),
    removed: l.removed === true,
  }));
}

async function getHeader(ctx: SyncContext, n: number): Promise<Header | null> {
  const b = (await ctx.provider.send('eth_getBlockByNumber', [toQuantity(n), false])) as {
    hash?: string;
    parentHash: string;
    timestamp: string;
  } | null;
  return b?.hash
    ? { hash: b.hash, parentHash: b.parentHash, timestamp: Number(b.timestamp) }
    : null;
}

/** The range's logs in chain order, decoded; fills and WVBC moves indexed by transaction. */
async function readEvents(
  ctx: SyncContext,
  range: { from: number; to: number },
  contracts: NetworkContracts,
  known: ReadonlySet<string>,
  knownVaults: ReadonlySet<string>,
) {
  const rawLogs = (await getLogs(ctx, range.from, range.to)).filter((l) => !l.removed);
  rawLogs.sort((a, b) => a.blockNumber - b.blockNumber || a.index - b.index);
  // Decode in chain order: a collection created in this range counts for its later logs.
  const collections = new Set(known);
  const vaults = new Set(knownVaults);
  const decoded: Decoded[] = [];
  const fillsByTx = new Map<string, Fill[]>();
  const wvbcTxs = new Set<string>();
  for (const log of rawLogs) {
    const txHash = log.transactionHash.toLowerCase();
    if (toDbAddress(log.address) === contracts.wvbc && log.topics[0] === TOPICS.Transfer) {
      wvbcTxs.add(txHash);
    }
    const event = decodeLog(log, contracts, collections, vaults);
    if (!event) continue;
    if (event.kind === 'CollectionCreated') collections.add(event.collection);
    if (event.kind === 'VaultCreated') vaults.add(event.vault);
    if (event.kind === 'OrderFilled')
      fillsByTx.set(txHash, [...(fillsByTx.get(txHash) ?? []), event]);
    decoded.push({ log, event });
  }
  return { decoded, fillsByTx, wvbcTxs, seen: collections, vaults };
}

/** Headers of the range's ends and of every block holding a log; a changed chain throws. */
async function readHeaders(
  ctx: SyncContext,
  range: { from: number; to: number },
  cp: Checkpoint | null,
  decoded: Decoded[],
): Promise<Map<number, Header>> {
  const { from, to } = range;
  const blockNumbers = new Set<number>([from, to, ...decoded.map((d) => d.log.blockNumber)]);
  const headers = new Map<number, Header>();
  await Promise.all(
    [...blockNumbers].map(async (n) => {
      const header = await getHeader(ctx, n);
      if (!header) throw new ReorgDetected(`block ${n} is gone`);
      headers.set(n, header);
    }),
  );
  if (cp && cp.block === from - 1 && headers.get(from)?.parentHash !== cp.hash) {
    throw new ReorgDetected(`block ${from} does not follow the checkpoint`);
  }
  for (const { log } of decoded) {
    if (headers.get(log.blockNumber)?.hash !== log.blockHash) {
      throw new ReorgDetected(`log of block ${log.blockNumber} from another fork`);
    }
  }
  return headers;
}

const URI_FUNCTIONS = {
  contractURI: collectionInterface.getFunction('contractURI')!,
  tokenURI: collectionInterface.getFunction('tokenURI')!,
};

/** tokenURI of each mint and contractURI of each new collection, decoded (never throws). */
async function readMetadata(
  ctx: SyncContext,
  events: ChainEvent[],
): Promise<RangeState['metadata']> {
  const out: RangeState['metadata'] = new Map();
  const local = (hash: string) => readMetadataDocument(ctx.db, hash);
  const jobs: Promise<void>[] = [];
  const read = (key: string, address: string, fn: 'contractURI' | 'tokenURI', args: unknown[]) => {
    jobs.push(
      (async () => {
        let uri = '';
        try {
          // a bare eth_call (ethers batches them): a Contract per token cost more than the call
          const data = collectionInterface.encodeFunctionData(URI_FUNCTIONS[fn], args);
          const result = await ctx.provider.send('eth_call', [{ to: address, data }, 'latest']);
          uri = String(collectionInterface.decodeFunctionResult(URI_FUNCTIONS[fn], result)[0]);
        } catch {
          // gone (reorg) or not a collection: no metadata
        }
        out.set(key, { uri, meta: await loadMetadata(uri, local) });
      })(),
    );
  };
  for (const e of events) {
    if (e.kind === 'CollectionCreated') read(e.collection, e.collection, 'contractURI', []);
    if (e.kind === 'Transfer' && e.from === ZERO_ADDRESS) {
      read(`${e.collection}:${e.tokenId}`, e.collection, 'tokenURI', [e.tokenId]);
    }
  }
  await Promise.all(jobs);
  return out;
}

/** Logs per `indexed_logs` insert (a statement per log was a round trip per event). */
const LOGS_PER_INSERT = 1000;

/** Records the range's logs in `indexed_logs`; answers those not seen before ('tx:index'). */
async function freshLogs(trx: Trx, ctx: SyncContext, decoded: Decoded[]): Promise<Set<string>> {
  const fresh = new Set<string>();
  for (let i = 0; i < decoded.length; i += LOGS_PER_INSERT) {
    const rows = await trx
      .insertInto('indexed_logs')
      .values(
        decoded.slice(i, i + LOGS_PER_INSERT).map(({ log }) => ({
          network_id: ctx.networkId,
          tx_hash: log.transactionHash.toLowerCase(),
          log_index: log.index,
          block_number: log.blockNumber,
        })),
      )
      .onConflict((oc) => oc.columns(['network_id', 'tx_hash', 'log_index']).doNothing())
      .returning(['tx_hash', 'log_index'])
      .execute();
    for (const r of rows) fresh.add(`${r.tx_hash}:${r.log_index}`);
  }
  return fresh;
}

/** Runs each new log's handler, expires orders by the range's last block, saves the checkpoint. */
async function commitRange(
  trx: Trx,
  ctx: SyncContext,
  state: RangeState,
  decoded: Decoded[],
  headers: Map<number, Header>,
  range: IndexedRange,
): Promise<void> {
  bufferJournal(trx);
  const fresh = await freshLogs(trx, ctx, decoded);
  // read inside the commit: the range before may have bumped one while this one was read
  state.epochs = await approvalEpochs(trx, ctx.networkId);
  // consecutive mints are written together (token-events.ts, onMints), in chain order with
  // the other events: a run ends before the next event of another kind
  let mints: Mint[] = [];
  for (const { log, event } of decoded) {
    const pos: LogPosition = {
      blockNumber: log.blockNumber,
      txHash: log.transactionHash.toLowerCase(),
      logIndex: log.index,
    };
    if (!fresh.has(`${pos.txHash}:${pos.logIndex}`)) continue;
    if (event.kind === 'Transfer' && event.from === ZERO_ADDRESS) {
      mints.push({ pos, event });
      continue;
    }
    await onMints(trx, state, mints);
    mints = [];
    await handleEvent(trx, state, pos, event);
  }
  await onMints(trx, state, mints);
  const end = headers.get(range.to);
  if (end) {
    const blockCtx = { networkId: ctx.networkId, blockNumber: range.to };
    await expireOrders(trx, blockCtx, new Date(end.timestamp * 1000));
    await notifyScheduled(trx, blockCtx, new Date(end.timestamp * 1000));
    await notifySalesEnded(trx, blockCtx, new Date(end.timestamp * 1000));
  }
  await flushJournal(trx);
  await saveBlocks(trx, ctx, headers, range.to);
  await ctx.beforeCommit?.(range);
}

/** What a range's reads gathered, ready to commit. */
export interface RangeRead {
  from: number;
  to: number;
  decoded: Decoded[];
  headers: Map<number, Header>;
  state: RangeState;
}

/**
 * Reads and decodes the blocks `from`..`to` (nothing is written). `known` are the collections
 * indexed before `from` (default: those in the database); the answer's `state.collections`
 * adds those created in the range, for reading the next one before this one is committed.
 */
export async function readRange(
  ctx: SyncContext,
  from: number,
  to: number,
  cp: Checkpoint | null,
  contracts: NetworkContracts,
  known?: ReadonlySet<string>,
  knownVaults?: ReadonlySet<string>,
): Promise<RangeRead> {
  const collections =
    known ??
    new Set(
      (
        await ctx.db
          .selectFrom('collections')
          .select('address')
          .where('network_id', '=', ctx.networkId)
          .execute()
      ).map((r) => r.address),
    );
  const { decoded, fillsByTx, wvbcTxs, seen, vaults } = await readEvents(
    ctx,
    { from, to },
    contracts,
    collections,
    knownVaults ?? (await knownVaultsOf(ctx.db, ctx.networkId)),
  );
  const headers = await readHeaders(ctx, { from, to }, cp, decoded);
  const metadata = await readMetadata(
    ctx,
    decoded.map((d) => d.event),
  );
  const categories = await ctx.db.selectFrom('categories').select(['id', 'key']).execute();
  const state: RangeState = {
    networkId: ctx.networkId,
    contracts,
    collections: seen,
    vaults,
    fillsByTx,
    wvbcTxs,
    metadata,
    timestamps: new Map([...headers].map(([n, h]) => [n, new Date(h.timestamp * 1000)])),
    categories: new Map(categories.map((c) => [c.key, c.id])),
    epochs: new Map(),
  };
  return { from, to, decoded, headers, state };
}

/** The approval epoch of every holder who revoked an operator, by `collection:holder`. */
async function approvalEpochs(trx: Trx, networkId: number): Promise<Map<string, bigint>> {
  const rows = await trx
    .selectFrom('approval_epochs')
    .select(['collection_address', 'holder', (eb) => eb.fn.max('epoch').as('epoch')])
    .where('network_id', '=', networkId)
    .groupBy(['collection_address', 'holder'])
    .execute();
  return new Map(rows.map((r) => [`${r.collection_address}:${r.holder}`, BigInt(r.epoch)]));
}

/** Commits a range read by readRange (see the file comment). */
export async function commitRead(ctx: SyncContext, read: RangeRead): Promise<IndexedRange> {
  const range: IndexedRange = { from: read.from, to: read.to, logs: read.decoded.length };
  await ctx.db
    .transaction()
    .execute((trx) => commitRange(trx, ctx, read.state, read.decoded, read.headers, range));
  if (read.decoded.length) ctx.log.info(range, 'indexer: range indexed');
  return range;
}
