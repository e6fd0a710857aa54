/**
 * `npm run bench:live [-- --streams N] [--events M]`: the live stream at scale. Starts a
 * throwaway PostgreSQL cluster and the server as users run it (a child process), opens N
 * server-sent event streams (default 1,000) following one NFT page, then commits M events
 * (default 50) for that page, one transaction each, the way the indexer commits a block range.
 * Prints the latency from each commit to its arrival at every stream (p50, p95) and the server's
 * resident memory per idle stream. Budgets: p95 ≤ 500 ms; N idle streams add ≤ 100 MB (at
 * N = 1,000). Exit code 1 when one fails. Not part of `npm test`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { freePort } from '#contracts/devnet/ports.ts';
import { createDatabase } from '#server/db/create-database.ts';
import { migrate } from '#server/db/migrate.ts';
import { startPostgresCluster } from '#server-tests/helpers/postgres-cluster.ts';
import { startServer } from './lib/bench-api/drive.ts';

const P95_BUDGET_MS = 500;
const MEMORY_BUDGET_MB_PER_1000 = 100;
const TOPIC = 'nft:1';

const { values } = parseArgs({
  options: {
    streams: { type: 'string', default: '1000' },
    events: { type: 'string', default: '50' },
  },
});
const STREAMS = Number(values.streams);
const EVENTS = Number(values.events);

/** Resident memory (bytes) of our child process running server/src/server.ts. */
function serverRss(): number {
  for (const task of readdirSync('/proc/self/task')) {
    const children = readFileSync(`/proc/self/task/${task}/children`, 'utf8').trim().split(/\s+/);
    for (const pid of children.filter(Boolean)) {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!cmd.includes('server/src/server.ts')) continue;
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
      return Number(kb) * 1024;
    }
  }
  throw new Error('server process not found');
}

/** One stream: resolves `ready` on the ready event, records when each event `n` arrives. */
function openStream(url: string, arrivals: Map<number, number[]>) {
  const controller = new AbortController();
  let resolveReady: () => void = () => undefined;
  const ready = new Promise<void>((r) => {
    resolveReady = r;
  });
  const done = (async () => {
    const res = await fetch(url, { signal: controller.signal });
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (frame.includes('event: ready')) resolveReady();
        const n = /"n":(\d+)/.exec(frame)?.[1];
        if (n) arrivals.get(Number(n))?.push(performance.now());
        end = buffer.indexOf('\n\n');
      }
    }
  })().catch(() => undefined);
  return { ready, close: () => controller.abort(), done };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function main(): Promise<void> {
  const cluster = await startPostgresCluster({ max_connections: '200' });
  const databaseUrl = await cluster.createDatabase('bench_live');
  const handle = await createDatabase({ databaseUrl, poolMax: 2 });
  await migrate(handle.db);
  await handle.close();
  const server = await startServer({ databaseUrl }, await freePort());
  const writer = new pg.Client({ connectionString: databaseUrl });
  await writer.connect();
  const streams: ReturnType<typeof openStream>[] = [];
  try {
    for (let i = 0; i < 20; i++) await fetch(`${server.url}/api/health`);
    await new Promise((r) => setTimeout(r, 1000));
    const before = serverRss();
    const arrivals = new Map<number, number[]>();
    for (let i = 0; i < STREAMS; i++) {
      streams.push(openStream(`${server.url}/api/v1/live?topics=${TOPIC}`, arrivals));
      if (i % 100 === 99) await Promise.all(streams.slice(-100).map((s) => s.ready));
    }
    await Promise.all(streams.map((s) => s.ready));
    await new Promise((r) => setTimeout(r, 2000));
    const after = serverRss();

    const latencies: number[] = [];
    for (let n = 1; n <= EVENTS; n++) {
      arrivals.set(n, []);
      await writer.query(
        `insert into live_events (topic, kind, payload) values ($1, 'activity', $2::jsonb)`,
        [TOPIC, JSON.stringify({ n })],
      );
      const committed = performance.now();
      const deadline = committed + 5000;
      while ((arrivals.get(n)?.length ?? 0) < STREAMS && performance.now() < deadline) {
        await new Promise((r) => setTimeout(r, 5));
      }
      const got = arrivals.get(n) ?? [];
      for (const at of got) latencies.push(Math.max(0, at - committed));
      for (let missing = got.length; missing < STREAMS; missing++) latencies.push(Infinity);
    }
    latencies.sort((a, b) => a - b);
    const p50 = percentile(latencies, 50);
    const p95 = percentile(latencies, 95);
    const perStreamKb = (after - before) / STREAMS / 1024;
    const addedMb = (after - before) / 1024 / 1024;
    const memoryBudget = (MEMORY_BUDGET_MB_PER_1000 * STREAMS) / 1000;
    console.log(`streams ${STREAMS}, events ${EVENTS}, deliveries ${latencies.length}`);
    console.log(`commit → client: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`);
    console.log(
      `server RSS ${(before / 1048576).toFixed(1)} MB → ${(after / 1048576).toFixed(1)} MB: +${addedMb.toFixed(1)} MB, ${perStreamKb.toFixed(1)} KB per idle stream`,
    );
    const okLatency = p95 <= P95_BUDGET_MS;
    const okMemory = addedMb <= memoryBudget;
    console.log(`${okLatency ? 'PASS' : 'FAIL'} p95 ≤ ${P95_BUDGET_MS} ms`);
    console.log(`${okMemory ? 'PASS' : 'FAIL'} ${STREAMS} idle streams add ≤ ${memoryBudget} MB`);
    process.exitCode = okLatency && okMemory ? 0 : 1;
  } finally {
    for (const s of streams) s.close();
    await writer.end();
    await server.stop();
    await cluster.stop();
  }
}

await main();
