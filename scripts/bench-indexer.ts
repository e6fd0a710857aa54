/**
 * `npm run bench:indexer [-- --blocks N] [--events N] [--follow S] [--interval MS] [--batch N]`:
 * the chain indexer at scale. On anvil with the marketplace deployed (the indexer tests' chain)
 * and a throwaway PostgreSQL cluster, writes N blocks (default 10,000), one transaction each,
 * holding about M marketplace events (default 20,000): batch mints (Transfer, with a tokenURI to
 * read), transfers (Transfer, TokenNonceBumped), WVBC deposits (Deposit, Transfer), counter
 * increments (CounterIncremented) and order cancellations (OrderCancelled). Then:
 * 1. ingest: a new indexer indexes them from the deploy block; events per second (≥ 500);
 * 2. follow: the indexer's loop runs as on a node while a block with events arrives every
 *    `--interval` ms for `--follow` s; the lag behind the head, sampled every 50 ms (≤ 1 block).
 * Prints the machine, versions, date and a pass/fail line per budget; exit code 1 on a miss.
 * Not part of `npm test`.
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { Interface } from 'ethers';
import { sql } from 'kysely';
import { EXCHANGE_ABI, MARKETPLACE_COLLECTION_ABI, WVBC_ABI } from '#contracts/abi/index.ts';
import { createDatabase } from '#server/db/create-database.ts';
import { migrate } from '#server/db/migrate.ts';
import type { Indexer } from '#server/indexer/indexer.ts';
import { startPostgresCluster } from '#server-tests/helpers/postgres-cluster.ts';
import { metadataUri, startChainFixture } from '#server-tests/indexer/fixture.ts';

const { values: args } = parseArgs({
  options: {
    blocks: { type: 'string', default: '10000' },
    events: { type: 'string' },
    follow: { type: 'string', default: '30' },
    interval: { type: 'string', default: '2000' },
    batch: { type: 'string' },
    poll: { type: 'string', default: '1000' },
  },
});
const BLOCKS = Number(args.blocks);
const EVENTS = Number(args.events ?? BLOCKS * 2);
const BUDGET = { eventsPerSecond: 500, lagBlocks: 1 };
const fmt = (n: number, d = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d });

const collectionAbi = new Interface(MARKETPLACE_COLLECTION_ABI);
const exchangeAbi = new Interface(EXCHANGE_ABI);
const wvbcAbi = new Interface(WVBC_ABI);

/** JSON-RPC to anvil over one keep-alive connection (accounts are unlocked: no signing here). */
function rpc(url: string) {
  let id = 0;
  return async (method: string, params: unknown[]): Promise<unknown> => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }),
    });
    const body = (await res.json()) as { result?: unknown; error?: { message: string } };
    if (body.error) throw new Error(`${method}: ${body.error.message}`);
    return body.result;
  };
}
type Rpc = ReturnType<typeof rpc>;

interface Chain {
  send: Rpc;
  partner: string;
  users: string[];
  collection: string;
  exchange: string;
  wvbc: string;
  /** token id → owner, for transfers and cancellations */
  owners: Map<bigint, string>;
  /** token id → its nonce (a transfer and a cancellation bump it) */
  nonces: Map<bigint, bigint>;
  nextId: bigint;
  events: number;
  salt: bigint;
}

function tx(c: Chain, from: string, to: string, data: string, value = 0n) {
  const call = { from, to, data, gas: '0x7a1200', value: `0x${value.toString(16)}` };
  return c.send('eth_sendTransaction', [call]);
}

/** One block: one transaction of the kind `i` picks; counts the events it should emit. */
async function block(c: Chain, i: number, target: number): Promise<void> {
  const user = c.users[i % c.users.length]!;
  const kind = i % 5;
  const owned = [...c.owners].find(([, o]) => o === user);
  if (kind === 1 && owned) {
    const to = c.users[(i + 1) % c.users.length]!;
    await tx(
      c,
      user,
      c.collection,
      collectionAbi.encodeFunctionData('transferFrom', [user, to, owned[0]]),
    );
    c.owners.set(owned[0], to);
    bump(c, owned[0]);
    c.events += 1;
  } else if (kind === 2) {
    await tx(c, user, c.wvbc, wvbcAbi.encodeFunctionData('deposit', []), 10n ** 15n);
    c.events += 1;
  } else if (kind === 3) {
    await tx(c, user, c.exchange, exchangeAbi.encodeFunctionData('incrementCounter', []));
    c.events += 1;
  } else if (kind === 4 && owned) {
    const order = cancelled(c, user, owned[0]);
    await tx(c, user, c.exchange, exchangeAbi.encodeFunctionData('cancel', [order]));
    bump(c, owned[0]);
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
    for (let k = 0; k < count; k++) c.owners.set(c.nextId++, user);
    c.events += count;
  }
}

function bump(c: Chain, id: bigint): void {
  c.nonces.set(id, (c.nonces.get(id) ?? 0n) + 1n);
}

/**
 * An order of `maker` for its token at the token's nonce, never listed, to cancel (its own salt:
 * its own hash): OrderCancelled and TokenNonceBumped.
 */
function cancelled(c: Chain, maker: string, id: bigint) {
  c.salt += 1n;
  const price = 10n ** 18n;
  return [
    maker,
    c.collection,
    [id],
    [c.nonces.get(id) ?? 0n],
    0,
    0,
    price,
    0n,
    0n,
    0n,
    2n ** 40n,
    c.salt,
    0n,
    250n,
  ];
}

/**
 * Writes transactions until the chain has `blocks` more blocks, holding about `events` events
 * (anvil's automine may put two quick transactions in one block; the mints keep the count).
 */
async function generate(c: Chain, blocks: number, events: number): Promise<void> {
  const first = Number(await c.send('eth_blockNumber', []));
  let made = 0;
  for (let i = 0; made < blocks; i++) {
    await block(c, i, (events * (made + 1)) / blocks);
    // anvil answers a send before mining it when sends come faster than it mines: without this
    // wait the pool kept mining hundreds of blocks during ingest and the follow phase.
    if (i % 100 === 99) await drained(c);
    made = Number(await c.send('eth_blockNumber', [])) - first;
    if (i % 1000 === 999) process.stdout.write(`  ${fmt(made)} blocks, ~${fmt(c.events)} events\n`);
  }
  await drained(c);
}

/** Waits until anvil's pool has nothing left to mine. */
async function drained(c: Chain): Promise<void> {
  for (;;) {
    const pool = (await c.send('txpool_status', [])) as { pending: string; queued: string };
    if (Number(pool.pending) === 0 && Number(pool.queued) === 0) return;
    await new Promise((r) => setTimeout(r, 20));
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

function versions(server: string): string {
  const anvil = execFileSync('anvil', ['--version'], { encoding: 'utf8' }).split('\n')[0];
  const cpu = os.cpus()[0]?.model ?? 'cpu';
  return `${new Date().toISOString()} · ${os.cpus().length} × ${cpu} · ${fmt(os.totalmem() / 2 ** 30, 1)} GiB · load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} · Node ${process.version} · PostgreSQL ${server} · ${anvil}`;
}

async function main(): Promise<boolean> {
  const cluster = await startPostgresCluster();
  const url = await cluster.createDatabase('bench_indexer');
  const handle = await createDatabase({ databaseUrl: url, poolMax: 4 });
  try {
    await migrate(handle.db);
    const fixture = await startChainFixture(handle.db, url);
    try {
      const partner = fixture.wallet(2);
      const collection = await fixture.createCollection(partner, {
        name: 'Bench',
        description: 'bench',
      });
      const d = fixture.deployment;
      const c: Chain = {
        send: rpc(fixture.anvil.url),
        partner: partner.address,
        users: [3, 4, 5, 6, 7, 8].map((n) => fixture.wallet(n).address),
        collection: await collection.getAddress(),
        exchange: d.exchange,
        wvbc: d.wvbc,
        owners: new Map(),
        nonces: new Map(),
        nextId: 1n,
        events: 0,
        salt: 0n,
      };
      const [{ v }] = (
        await sql<{ v: string }>`select current_setting('server_version') as v`.execute(handle.db)
      ).rows as [{ v: string }];
      console.log(versions(v));
      // holders let the exchange void their tokens' nonces (a cancellation goes through it)
      for (const user of c.users) {
        const approve = collectionAbi.encodeFunctionData('setApprovalForAll', [c.exchange, true]);
        await tx(c, user, c.collection, approve);
      }
      const started = performance.now();
      await generate(c, BLOCKS, EVENTS);
      const head = Number(await c.send('eth_blockNumber', []));
      console.log(
        `Wrote ${fmt(BLOCKS)} blocks (head ${fmt(head)}), ~${fmt(c.events)} events, in ${fmt((performance.now() - started) / 1000, 1)} s`,
      );

      const options = {
        pollIntervalMs: Number(args.poll),
        ...(args.batch ? { batchSize: Number(args.batch) } : {}),
      };
      const indexer = fixture.newIndexer(handle.db, options);
      const run = await ingest(indexer);
      const rate = run.events / run.seconds;
      console.log(
        `\ningest from scratch: ${fmt(run.events)} events in ${fmt(run.seconds, 1)} s (${run.steps} steps): ${fmt(rate)} events/s`,
      );
      const okRate = rate >= BUDGET.eventsPerSecond;
      console.log(
        `budget events/s ≥ ${BUDGET.eventsPerSecond}: ${fmt(rate)} ${okRate ? 'pass' : 'FAIL'}`,
      );

      const lag = await follow(c, indexer, Number(args.follow), Number(args.interval));
      console.log(
        `\nfollow: ${lag.blocks} blocks, one every ${args.interval} ms, indexer poll ${args.poll} ms; lag over ${lag.samples} samples: p95 ${lag.p95}, max ${lag.max} blocks`,
      );
      const okLag = lag.max <= BUDGET.lagBlocks;
      console.log(
        `budget lag ≤ ${BUDGET.lagBlocks} block: max ${lag.max} ${okLag ? 'pass' : 'FAIL'}`,
      );
      console.log(
        `load average at the end: ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}`,
      );
      return okRate && okLag;
    } finally {
      await fixture.close();
    }
  } finally {
    await handle.close();
    await cluster.stop();
  }
}

const ok = await main();
console.log(`\n${ok ? 'every budget met' : 'a budget was missed'}`);
process.exit(ok ? 0 : 1);
