/**
 * Several API nodes on one PostgreSQL and one chain, each a real server process
 * (server/src/server.ts, helpers/server-process.ts): all of them serve the API, exactly one holds
 * the indexer's advisory lock (server/src/indexer/leader.ts). The indexing node is killed with
 * SIGKILL while transactions keep coming; another node takes the lock within 10 s, and afterwards
 * the database matches the chain: every owner, every Transfer as one MINT/TRANSFER activity,
 * every WVBC deposit as one row.
 */
import { type Contract, id as topicOf } from 'ethers';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '#server/db/create-database.ts';
import { migrate } from '#server/db/migrate.ts';
import type { Database } from '#server/db/types.ts';
import { type PostgresCluster, startPostgresCluster } from '../helpers/postgres-cluster.ts';
import { type NodeProcess, startNode } from '../helpers/server-process.ts';
import {
  type ChainFixture,
  metadataUri,
  mined,
  ONE,
  ownersVersusChain,
  startChainFixture,
} from '../indexer/fixture.ts';

const LOCK_KEY_BASE = 0x766263696478n << 16n;
const TRANSFER_TOPIC = topicOf('Transfer(address,address,uint256)');
const DEPOSIT_TOPIC = topicOf('Deposit(address,uint256)');
/** The failover budget. */
const TAKEOVER_MS = 10_000;

/** The nodes holding the indexer's lock of `chainId` (their application_name). */
async function lockHolders(db: Kysely<Database>, chainId: number): Promise<string[]> {
  const key = LOCK_KEY_BASE + BigInt(chainId);
  const { rows } = await sql<{ name: string }>`
    select a.application_name as name from pg_locks l join pg_stat_activity a on a.pid = l.pid
    where l.locktype = 'advisory' and l.granted
      and l.classid = ${Number(key >> 32n)}::oid and l.objid = ${Number(key & 0xffffffffn)}::oid`.execute(
    db,
  );
  return rows.map((r) => r.name);
}

async function until<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined>) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('several API nodes on one PostgreSQL [postgres, processes]', () => {
  let cluster: PostgresCluster;
  let database: DatabaseHandle;
  let chain: ChainFixture;
  const nodes: NodeProcess[] = [];

  beforeAll(async () => {
    cluster = await startPostgresCluster();
    const url = await cluster.createDatabase('marketplace_nodes');
    database = await createDatabase({ databaseUrl: url, poolMax: 3 });
    await migrate(database.db);
    chain = await startChainFixture(database.db, url);
    const common = {
      databaseUrl: url,
      rpcUrl: chain.anvil.url,
      deployment: chain.deployment,
      jwtSecret: 'several-nodes-secret-several-nodes-secret-0123',
    };
    // Started together, as a deployment would: migrations and the lock sort them out.
    nodes.push(
      ...(await Promise.all(
        ['node_a', 'node_b', 'node_c'].map((name) => startNode({ ...common, name })),
      )),
    );
  });
  afterAll(async () => {
    for (const node of nodes) await node.kill('SIGKILL').catch(() => undefined);
    await chain?.close();
    await database?.close();
    await cluster?.stop();
  });

  const indexedTo = async () =>
    Number(
      (
        await database.db
          .selectFrom('indexer_state')
          .select('last_block')
          .where('network_id', '=', chain.deployment.chainId)
          .executeTakeFirst()
      )?.last_block ?? -1,
    );

  it('serves the API on every node and indexes on exactly one, which a SIGKILL hands over within 10 s', async () => {
    const chainId = chain.deployment.chainId;
    for (const node of nodes) {
      const res = await fetch(`${node.url}/api/v1/ETHnetworks/gets`, {
        headers: { 'marketplace-key': 'vbc-marketplace-public-key' },
      });
      expect(res.status, node.name).toBe(200);
    }
    const first = await until('a leader', 15_000, async () => {
      const holders = await lockHolders(database.db, chainId);
      return holders.length ? holders : undefined;
    });
    expect(first).toHaveLength(1);
    const leader = nodes.find((n) => n.name === first[0])!;

    const partner = chain.wallet(5);
    const holders = [6, 7, 8, 9].map((i) => chain.wallet(i));
    const art = await chain.createCollection(partner, { name: 'Nodes' });
    let minted = 0n;
    const act = async (step: number) => {
      const to = holders[step % holders.length]!;
      if (step % 3 === 2 && minted > 0n) {
        // A transfer of a token the partner still holds is not guaranteed: send a new one then move it.
        await mined(art.getFunction('mint')(partner.address, metadataUri({ name: `n${step}` })));
        minted += 1n;
        await mined(art.getFunction('transferFrom')(partner.address, to.address, minted));
      } else {
        await mined(art.getFunction('mint')(to.address, metadataUri({ name: `n${step}` })));
        minted += 1n;
      }
      if (step % 4 === 0) {
        await mined((chain.wvbc.connect(to) as Contract).getFunction('deposit')({ value: ONE }));
      }
    };
    for (let step = 0; step < 6; step++) await act(step);
    await until('the first blocks indexed', 20_000, async () =>
      (await indexedTo()) >= (await chain.provider.getBlockNumber()) ? true : undefined,
    );

    // Transactions keep coming while the indexing node dies.
    let running = true;
    let step = 6;
    const traffic = (async () => {
      while (running) await act(step++);
    })();
    await new Promise((r) => setTimeout(r, 500));
    const killedAt = Date.now();
    await leader.kill('SIGKILL');
    const next = await until('a new leader', TAKEOVER_MS + 5_000, async () => {
      const h = await lockHolders(database.db, chainId);
      return h.length && h[0] !== leader.name ? h : undefined;
    });
    const takeoverMs = Date.now() - killedAt;
    await new Promise((r) => setTimeout(r, 1_000));
    running = false;
    await traffic;
    console.info(
      `several nodes: takeover by ${next[0]} after ${takeoverMs} ms (budget ${TAKEOVER_MS} ms), ${step} chain steps`,
    );
    expect(next).toHaveLength(1);
    expect(takeoverMs).toBeLessThan(TAKEOVER_MS);

    // The survivors still serve, and the new leader catches up with the head.
    const survivors = nodes.filter((n) => n !== leader);
    for (const node of survivors) expect((await fetch(`${node.url}/api/health`)).status).toBe(200);
    const head = await chain.provider.getBlockNumber();
    await until('the head indexed', 20_000, async () =>
      (await indexedTo()) >= head ? true : undefined,
    );

    // Nothing lost, nothing doubled.
    const collection = (await art.getAddress()).toLowerCase();
    const from = chain.deployment.deployBlock;
    const transfers = await chain.provider.getLogs({
      address: collection,
      topics: [TRANSFER_TOPIC],
      fromBlock: from,
      toBlock: head,
    });
    const deposits = await chain.provider.getLogs({
      address: chain.deployment.wvbc,
      topics: [DEPOSIT_TOPIC],
      fromBlock: from,
      toBlock: head,
    });
    const activities = await database.db
      .selectFrom('activities')
      .select(['tx_hash', 'log_index'])
      .where('collection_address', '=', collection)
      .where('type', 'in', ['MINT', 'TRANSFER'])
      .execute();
    expect(new Set(activities.map((a) => `${a.tx_hash}:${a.log_index}`))).toEqual(
      new Set(transfers.map((l) => `${l.transactionHash.toLowerCase()}:${l.index}`)),
    );
    expect(activities).toHaveLength(transfers.length);
    const deposited = await database.db
      .selectFrom('wvbc_transfers')
      .select('tx_hash')
      .where('kind', '=', 'DEPOSIT')
      .execute();
    expect(deposited).toHaveLength(deposits.length);
    const owners = await ownersVersusChain(database.db, chain.provider);
    expect(owners).toHaveLength(Number(minted));
    for (const o of owners) expect(o.indexed, o.token).toEqual(o.chain);
    expect(await lockHolders(database.db, chainId)).toEqual(next);
  });
});
