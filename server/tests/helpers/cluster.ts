/**
 * For the several-nodes test and the failover soak (scripts/soak-failover.ts): which node holds
 * the indexer's lock, chain traffic of mints, transfers and WVBC deposits, and the comparison
 * of the database with the chain after it.
 */
import { type Contract, id as topicOf } from 'ethers';
import { type Kysely, sql } from 'kysely';
import type { Database } from '#server/db/types.ts';
import {
  type ChainFixture,
  metadataUri,
  mined,
  ONE,
  ownersVersusChain,
} from '../indexer/fixture.ts';

/** The indexer's advisory-lock key base (server/src/indexer/leader.ts). */
const LOCK_KEY_BASE = 0x766263696478n << 16n;
const TRANSFER_TOPIC = topicOf('Transfer(address,address,uint256)');
const DEPOSIT_TOPIC = topicOf('Deposit(address,uint256)');

/** The nodes holding the indexer's lock of `chainId` (their connection's application_name). */
export async function lockHolders(db: Kysely<Database>, chainId: number): Promise<string[]> {
  const key = LOCK_KEY_BASE + BigInt(chainId);
  const { rows } = await sql<{ name: string }>`
    select a.application_name as name from pg_locks l join pg_stat_activity a on a.pid = l.pid
    where l.locktype = 'advisory' and l.granted
      and l.classid = ${Number(key >> 32n)}::oid and l.objid = ${Number(key & 0xffffffffn)}::oid`.execute(
    db,
  );
  return rows.map((r) => r.name);
}

/** Polls `probe` every 100 ms until it answers something other than undefined. */
export async function until<T>(
  what: string,
  timeoutMs: number,
  probe: () => Promise<T | undefined>,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The last block the indexer committed for `chainId` (-1: none yet). */
export async function indexedTo(db: Kysely<Database>, chainId: number): Promise<number> {
  const row = await db
    .selectFrom('indexer_state')
    .select('last_block')
    .where('network_id', '=', chainId)
    .executeTakeFirst();
  return Number(row?.last_block ?? -1);
}

/**
 * A partner's collection and one step of traffic at a time: a mint to a holder, or a mint then a
 * transfer, and every fourth step a WVBC deposit.
 */
export async function chainTraffic(chain: ChainFixture, name: string) {
  const partner = chain.wallet(5);
  const holders = [6, 7, 8, 9].map((i) => chain.wallet(i));
  const collection = await chain.createCollection(partner, { name });
  let minted = 0n;
  const step = async (n: number) => {
    const to = holders[n % holders.length]!;
    const mint = (owner: string) =>
      mined(collection.getFunction('mint')(owner, metadataUri({ name: `${name} ${n}` })));
    if (n % 3 === 2) {
      await mint(partner.address);
      minted += 1n;
      await mined(collection.getFunction('transferFrom')(partner.address, to.address, minted));
    } else {
      await mint(to.address);
      minted += 1n;
    }
    if (n % 4 === 0) {
      await mined((chain.wvbc.connect(to) as Contract).getFunction('deposit')({ value: ONE }));
    }
  };
  return { collection, step, minted: () => minted };
}

export interface ChainComparison {
  /** Transfer logs of the collection on chain, and their MINT/TRANSFER activities. */
  transfers: number;
  activities: number;
  /** Logs with no activity, and activities with no log. */
  missing: string[];
  extra: string[];
  deposits: number;
  depositRows: number;
  tokens: number;
  /** Tokens whose indexed owner or nonce differs from the chain's. */
  wrongOwners: string[];
}

/** The database against the chain up to `head`, for one collection and every WVBC deposit. */
export async function compareWithChain(
  db: Kysely<Database>,
  chain: ChainFixture,
  collection: string,
  head: number,
): Promise<ChainComparison> {
  const address = collection.toLowerCase();
  const range = { fromBlock: chain.deployment.deployBlock, toBlock: head };
  const logs = await chain.provider.getLogs({ address, topics: [TRANSFER_TOPIC], ...range });
  const deposits = await chain.provider.getLogs({
    address: chain.deployment.wvbc,
    topics: [DEPOSIT_TOPIC],
    ...range,
  });
  const activities = await db
    .selectFrom('activities')
    .select(['tx_hash', 'log_index'])
    .where('collection_address', '=', address)
    .where('type', 'in', ['MINT', 'TRANSFER'])
    .execute();
  const onChain = new Set(logs.map((l) => `${l.transactionHash.toLowerCase()}:${l.index}`));
  const indexed = new Set(activities.map((a) => `${a.tx_hash}:${a.log_index}`));
  const depositRows = await db
    .selectFrom('wvbc_transfers')
    .select('tx_hash')
    .where('kind', '=', 'DEPOSIT')
    .execute();
  const owners = (await ownersVersusChain(db, chain.provider)).filter((o) =>
    o.token.startsWith(`${address}:`),
  );
  return {
    transfers: logs.length,
    activities: activities.length,
    missing: [...onChain].filter((k) => !indexed.has(k)),
    extra: [...indexed].filter((k) => !onChain.has(k)),
    deposits: deposits.length,
    depositRows: depositRows.length,
    tokens: owners.length,
    wrongOwners: owners
      .filter((o) => JSON.stringify(o.indexed) !== JSON.stringify(o.chain))
      .map((o) => o.token),
  };
}
