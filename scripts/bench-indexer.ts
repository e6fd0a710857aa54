/**
 * `npm run bench:indexer [-- --blocks N] [--events N] [--follow S] [--interval MS] [--batch N]
 * [--chains 1|2]`: the chain indexer at scale, on both networks at once (default 2 chains: the
 * devnet 7771 and the test chain 97, each its own anvil with the marketplace deployed and its own
 * indexer, as the server runs them) and a throwaway PostgreSQL cluster. Writes N blocks in all
 * (default 10,000, split between the chains), one transaction each, holding about M marketplace
 * events in all (default 20,000): batch mints (Transfer, with a tokenURI to read), transfers
 * (Transfer), WVBC deposits (Deposit, Transfer), counter increments (CounterIncremented) and
 * order cancellations (TokenNonceBumped, OrderCancelled). Then:
 * 1. ingest: new indexers index every chain from its deploy block at the same time; events per
 *    second in total (≥ 500) and SQL statements per event (pg_stat_statements);
 * 2. follow: the indexers' loops run as on the nodes while a block with events arrives on each
 *    chain every `--interval` ms for `--follow` s; each chain's lag behind its head, sampled
 *    every 50 ms (≤ 1 block on each).
 * Prints the machine, versions, date and a pass/fail line per budget; exit code 1 on a miss.
 * Not part of `npm test`.
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { Interface } from 'ethers';
import { type Kysely, sql } from 'kysely';
import { EXCHANGE_ABI, MARKETPLACE_COLLECTION_ABI, WVBC_ABI } from '#contracts/abi/index.ts';
import { rpcProvider } from '#contracts/devnet/rpc.ts';
import { createDatabase } from '#server/db/create-database.ts';
import { migrate } from '#server/db/migrate.ts';
import type { Database } from '#server/db/types.ts';
import type { Indexer } from '#server/indexer/indexer.ts';
import { startPostgresCluster } from '#server-tests/helpers/postgres-cluster.ts';
import {
  type ChainFixture,
  metadataUri,
  startChainFixture,
} from '#server-tests/indexer/fixture.ts';

const { values: args } = parseArgs({
  options: {
    blocks: { type: 'string', default: '10000' },
    events: { type: 'string' },
    follow: { type: 'string', default: '30' },
    interval: { type: 'string', default: '2000' },
    batch: { type: 'string' },
    poll: { type: 'string', default: '1000' },
    chains: { type: 'string', default: '2' },
  },
});
const CHAIN_IDS = [7771, 97].slice(0, Math.max(1, Math.min(2, Number(args.chains))));
const BLOCKS = Number(args.blocks);
const EVENTS = Number(args.events ?? BLOCKS * 2);
const BUDGET = { eventsPerSecond: 500, lagBlocks: 1 };
const fmt = (n: number, d = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d });

const collectionAbi = new Interface(MARKETPLACE_COLLECTION_ABI);
const exchangeAbi = new Interface(EXCHANGE_ABI);
const wvbcAbi = new Interface(WVBC_ABI);

/** JSON-RPC to anvil (accounts are unlocked: no signing here), each call sent at once. */
type Rpc = (method: string, params: unknown[]) => Promise<unknown>;

interface Chain {
  send: Rpc;
  partner: string;
  users: string[];
  collection: string;
  exchange: string;
  wvbc: string;
  /** user → the token ids it holds (a stack: transfers move the last one) */
  held: Map<string, bigint[]>;
  nextId: bigint;
  events: number;
  salt: bigint;
}

function tx(c: Chain, from: string, to: string, data: string, value = 0n) {
  const call = { from, to, data, gas: '0x7a1200', value: `0x${value.toString(16)}` };
  return c.send('eth_sendTransaction', [call]);
}

/**
 * One block: one transaction of the kind `i` picks, then the block is mined (automine is off,
 * so every block holds exactly its transaction); counts the events it should emit.
 */
async function block(c: Chain, i: number, target: number): Promise<void> {
  const user = c.users[i % c.users.length]!;
  const kind = i % 5;
  const held = c.held.get(user)!;
  const owned = held.at(-1);
  if (kind === 1 && owned !== undefined) {
    const to = c.users[(i + 1) % c.users.length]!;
    await tx(
      c,
      user,
      c.collection,
      collectionAbi.encodeFunctionData('transferFrom', [user, to, owned]),
    );
    held.pop();
    c.held.get(to)!.push(owned);
    c.events += 1;
  } else if (kind === 2) {
    await tx(c, user, c.wvbc, wvbcAbi.encodeFunctionData('deposit', []), 10n ** 15n);
    c.events += 1;
  } else if (kind === 3) {
    await tx(c, user, c.exchange, exchangeAbi.encodeFunctionData('incrementCounter', []));
    c.events += 1;
  } else if (kind === 4 && owned !== undefined) {
    const order = await cancelled(c, user, owned);
    await tx(c, user, c.exchange, exchangeAbi.encodeFunctionData('cancel', [order]));
    c.events += 2;
  } else {
    // mints fill what the other kinds leave to reach the target by this block
    const count = Math.max(1, Math.min(40, Math.round(target - c.events)));
    const uris = Array.from({ length: count }, (_, k) =>
      metadataUri({ name: `Bench ${c.nextId + BigInt(k)}`, image: 'ipfs://bench' }),
    );
    await tx(
      c,
      c.partner,
      c.collection,
      collectionAbi.encodeFunctionData('mintBatch', [user, uris]),
    );
    for (let k = 0; k < count; k++) held.push(c.nextId++);
    c.events += count;
  }
  await c.send('evm_mine', []);
}

/**
 * An order of `maker` for its token at the token's nonce as the chain has it (the mint sets 1,
 * each move adds one and so does the holder revoking an operator), never listed, to cancel (its
 * own salt: its own hash): OrderCancelled and TokenNonceBumped.
 */
async function cancelled(c: Chain, maker: string, id: bigint) {
  c.salt += 1n;
  const call = { to: c.collection, data: collectionAbi.encodeFunctionData('tokenNonce', [id]) };
  const nonce = BigInt((await c.send('eth_call', [call, 'pending'])) as string);
  const price = 10n ** 18n;
  return [maker, c.collection, [id], [nonce], 0, 0, price, 0n, 0n, 0n, 2n ** 40n, c.salt, 0n, 250n];
}

/**
 * Writes `blocks` blocks, one transaction each, holding about `events` events. Automine is off
 * and each block is mined by `evm_mine` after its transaction is accepted: with automine, anvil
 * answered sends before mining them once they came faster than it mined, and past about 1,200
 * blocks its pool stopped mining at all. Every 500 blocks the pool must be empty (a transaction
 * left in it would be a block without its events).
 */
async function generate(c: Chain, blocks: number, events: number): Promise<void> {
  for (let i = 0; i < blocks; i++) {
    await block(c, i, (events * (i + 1)) / blocks);
    if (i % 500 === 499) await drained(c);
    if (i % 1000 === 999)
      process.stdout.write(`  ${fmt(i + 1)} blocks, ~${fmt(c.events)} events\n`);
  }
  await drained(c);
}

/** Throws when anvil's pool holds a transaction (each block's must have been mined in it). */
async function drained(c: Chain): Promise<void> {
  const pool = (await c.send('txpool_status', [])) as { pending: string; queued: string };
  if (Number(pool.pending) !== 0 || Number(pool.queued) !== 0) {
    throw new Error(`anvil's pool still holds transactions: ${JSON.stringify(pool)}`);
  }
}

async function ingest(
  indexer: Indexer,
): Promise<{ events: number; seconds: number; steps: number }> {
  const started = performance.now();
  let events = 0;
  let steps = 0;
  for (;;) {
    const step = await indexer.syncOnce();
    steps += 1;
    if (step.kind === 'indexed') events += step.range.logs;
    if (step.kind === 'idle' || (step.kind === 'indexed' && step.range.to >= step.head)) break;
  }
  return { events, seconds: (performance.now() - started) / 1000, steps };
}

/** Blocks arrive every `interval` ms while the indexer's loop runs; lag sampled every 50 ms. */
async function follow(c: Chain, indexer: Indexer, seconds: number, interval: number) {
  indexer.start();
  const lags: number[] = [];
  let head = Number(await c.send('eth_blockNumber', []));
  let stop = false;
  const sampler = (async () => {
    while (!stop) {
      const last = indexer.status().lastBlock ?? 0;
      lags.push(Math.max(0, head - last));
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const end = Date.now() + seconds * 1000;
  let i = 0;
  while (Date.now() < end) {
    await new Promise((r) => setTimeout(r, interval));
    await block(c, i++, c.events + 2);
    head = Number(await c.send('eth_blockNumber', []));
  }
  await new Promise((r) => setTimeout(r, interval));
  stop = true;
  await sampler;
  await indexer.stop();
  lags.sort((a, b) => a - b);
  return {
    blocks: i,
    samples: lags.length,
    max: lags.at(-1) ?? 0,
    p95: lags[Math.floor(lags.length * 0.95)] ?? 0,
  };
}

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

function versions(server: string): string {
  const anvil = execFileSync('anvil', ['--version'], { encoding: 'utf8' }).split('\n')[0];
  const cpu = os.cpus()[0]?.model ?? 'cpu';
  return `${new Date().toISOString()} · ${os.cpus().length} × ${cpu} · ${fmt(os.totalmem() / 2 ** 30, 1)} GiB · load ${load()} · Node ${process.version} · PostgreSQL ${server} · ${anvil}`;
}

/** The generator's accounts and contracts; holders approve the exchange; automine off. */
async function benchChain(fixture: ChainFixture): Promise<Chain> {
  const partner = fixture.wallet(2);
  const collection = await fixture.createCollection(partner, {
    name: 'Bench',
    description: 'bench',
  });
  const sender = rpcProvider(fixture.anvil.url, {
    chainId: fixture.deployment.chainId,
    unbatched: true,
  });
  const c: Chain = {
    send: (method, params) => sender.send(method, params),
    partner: partner.address,
    users: [3, 4, 5, 6, 7, 8].map((n) => fixture.wallet(n).address),
    collection: await collection.getAddress(),
    exchange: fixture.deployment.exchange,
    wvbc: fixture.deployment.wvbc,
    held: new Map(),
    nextId: 1n,
    events: 0,
    salt: 0n,
  };
  // holders let the exchange void their tokens' nonces (a cancellation goes through it)
  for (const user of c.users) {
    const approve = collectionAbi.encodeFunctionData('setApprovalForAll', [c.exchange, true]);
    await tx(c, user, c.collection, approve);
    c.held.set(user, []);
  }
  await c.send('evm_setAutomine', [false]);
  return c;
}

/** SQL statements run since the last reset (pg_stat_statements), then resets. */
async function statements(db: Kysely<Database>): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    select coalesce(sum(calls), 0)::bigint as n from pg_stat_statements
    where query not ilike '%pg_stat_statements%'`.execute(db);
  await sql`select pg_stat_statements_reset()`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** Ingest from scratch, every chain at once: events per second in total, SQL per event. */
async function measureIngest(indexers: Indexer[], db: Kysely<Database>): Promise<boolean> {
  console.log(`\nload average before the ingest: ${load()}`);
  await statements(db);
  const started = performance.now();
  const runs = await Promise.all(indexers.map((indexer) => ingest(indexer)));
  const seconds = (performance.now() - started) / 1000;
  const events = runs.reduce((sum, r) => sum + r.events, 0);
  const perEvent = (await statements(db)) / events;
  runs.forEach((run, i) => {
    console.log(
      `  chain ${indexers[i]!.networkId}: ${fmt(run.events)} events in ${fmt(run.seconds, 1)} s (${run.steps} ranges): ${fmt(run.events / run.seconds)} events/s`,
    );
  });
  const rate = events / seconds;
  console.log(
    `ingest from scratch, ${indexers.length} chain(s) at once: ${fmt(events)} events in ${fmt(seconds, 1)} s, ${fmt(perEvent, 2)} SQL statements per event: ${fmt(rate)} events/s in total`,
  );
  const ok = rate >= BUDGET.eventsPerSecond;
  console.log(`budget events/s ≥ ${BUDGET.eventsPerSecond}: ${fmt(rate)} ${ok ? 'pass' : 'FAIL'}`);
  return ok;
}

/** The indexers' loops while blocks keep arriving on every chain: each one's lag. */
async function measureFollow(chains: Chain[], indexers: Indexer[]): Promise<boolean> {
  console.log(`\nload average before following: ${load()}`);
  const lags = await Promise.all(
    chains.map((c, i) => follow(c, indexers[i]!, Number(args.follow), Number(args.interval))),
  );
  let ok = true;
  lags.forEach((lag, i) => {
    console.log(
      `follow chain ${indexers[i]!.networkId}: ${lag.blocks} blocks, one every ${args.interval} ms, indexer poll ${args.poll} ms; lag over ${lag.samples} samples: p95 ${lag.p95}, max ${lag.max} blocks`,
    );
    const met = lag.max <= BUDGET.lagBlocks;
    console.log(
      `budget lag ≤ ${BUDGET.lagBlocks} block on chain ${indexers[i]!.networkId}: max ${lag.max} ${met ? 'pass' : 'FAIL'}`,
    );
    ok &&= met;
  });
  return ok;
}

/** Writes each chain's share of the blocks and events, the chains in parallel. */
async function generateAll(chains: Chain[]): Promise<void> {
  const started = performance.now();
  const blocks = Math.round(BLOCKS / chains.length);
  await Promise.all(chains.map((c) => generate(c, blocks, EVENTS / chains.length)));
  const events = chains.reduce((sum, c) => sum + c.events, 0);
  console.log(
    `Wrote ${fmt(blocks)} blocks on each of ${chains.length} chain(s), ~${fmt(events)} events, in ${fmt((performance.now() - started) / 1000, 1)} s`,
  );
}

async function main(): Promise<boolean> {
  const cluster = await startPostgresCluster({ shared_preload_libraries: 'pg_stat_statements' });
  const url = await cluster.createDatabase('bench_indexer');
  const handle = await createDatabase({ databaseUrl: url, poolMax: 4 });
  try {
    await migrate(handle.db);
    await sql`create extension if not exists pg_stat_statements`.execute(handle.db);
    // 128 recent states (the indexer reads the latest; a reorg deeper than that is not asked)
    const fixtures: ChainFixture[] = [];
    try {
      for (const chainId of CHAIN_IDS) {
        fixtures.push(await startChainFixture(handle.db, url, { pruneHistory: 128, chainId }));
      }
      const chains = await Promise.all(fixtures.map((f) => benchChain(f)));
      const [{ v }] = (
        await sql<{ v: string }>`select current_setting('server_version') as v`.execute(handle.db)
      ).rows as [{ v: string }];
      console.log(versions(v));
      await generateAll(chains);
      const indexers = fixtures.map((f) =>
        f.newIndexer(handle.db, {
          pollIntervalMs: Number(args.poll),
          ...(args.batch ? { batchSize: Number(args.batch) } : {}),
        }),
      );
      const okRate = await measureIngest(indexers, handle.db);
      const okLag = await measureFollow(chains, indexers);
      console.log(`load average at the end: ${load()}`);
      return okRate && okLag;
    } finally {
      for (const f of fixtures) await f.close();
    }
  } finally {
    await handle.close();
    await cluster.stop();
  }
}

const ok = await main();
console.log(`\n${ok ? 'every budget met' : 'a budget was missed'}`);
process.exit(ok ? 0 : 1);
