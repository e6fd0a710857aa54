/**
 * `npm run bench:api [-- --nfts N] [--duration S] [--connections C] [--profile DIR]`: the
 * catalogue API at scale. Loads N NFTs (default 100,000) with a realistic spread into a
 * throwaway PostgreSQL cluster (as the server tests start one), starts the server as users run
 * it, drives each route with autocannon (`/api/health` is the baseline of the same run) and
 * prints req/s, p50, p99, the ratio to the baseline and SQL statements per request; then reads
 * every offered list (each category or none, each sort, pages 1 and 100) through the server's
 * repositories and prints p95 per statement with an EXPLAIN summary. Each budget gets a
 * pass/fail line; the exit code is 1 when one fails. `--profile DIR` runs the server with
 * `node --cpu-prof` and leaves the profile there. After PostgreSQL it measures the embedded
 * default (PGlite in a data folder, 100 NFTs, 10 connections, p99 ≤ 100 ms); `--pglite` runs
 * only that (with --nfts and --connections applying to it), `--skip-pglite` leaves it out;
 * `--routes mixed,search` drives only the routes whose names hold one of those words;
 * `--mix-only market-nfts?` keeps the mixed URLs whose path holds that text (one kind of them).
 * Each route runs twice: hot (the answer cache of decision 046 on, as users run it) and cold (a
 * server with ANSWER_CACHE=false), printed side by side; `--skip-cold` leaves the cold run out.
 * Beside the fixed URLs, the mixed workload (scripts/lib/bench-api/mixed.ts) sends a different
 * URL on every request, half with a likeAddress; its ceiling (a few thousand such URLs with
 * every answer kept); and, on PostgreSQL, the same mix and the ceiling's URLs while likes are
 * written (5 a second), and the mix after one like instead of the write that empties every cache
 * (a node as users meet it).
 * Budgets: scripts/lib/bench-api/budgets.ts.
 * Not part of `npm test`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { freePort } from '#contracts/devnet/ports.ts';
import { createDatabase } from '#server/db/create-database.ts';
import { migrate } from '#server/db/migrate.ts';
import { startPostgresCluster } from '#server-tests/helpers/postgres-cluster.ts';
import { type Mode, type Phase, printHttp } from './lib/bench-api/budgets.ts';
import {
  driveRoute,
  type Route,
  type RouteResult,
  rowsLoaded,
  startServer,
} from './lib/bench-api/drive.ts';
import { loadCatalogue, type RunSql } from './lib/bench-api/load.ts';
import { mixedPaths } from './lib/bench-api/mixed.ts';
import { summarizeProfile } from './lib/bench-api/profile.ts';
import { measureQueries, type ShapeResult } from './lib/bench-api/queries.ts';
import {
  JWT_SECRET,
  LIKES_PER_SECOND,
  type LikeWriter,
  likeWriter,
  PREFERENCES_PER_SECOND,
  preferencesStream,
  writerToken,
} from './lib/bench-api/writes.ts';

const { values: args } = parseArgs({
  options: {
    nfts: { type: 'string' },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string' },
    profile: { type: 'string' },
    'skip-http': { type: 'boolean', default: false },
    'skip-sql': { type: 'boolean', default: false },
    pglite: { type: 'boolean', default: false },
    'skip-pglite': { type: 'boolean', default: false },
    'skip-cold': { type: 'boolean', default: false },
    routes: { type: 'string' },
    'mix-only': { type: 'string' },
  },
});
let PGLITE = args.pglite;
let NFTS = 0;
let CONNECTIONS = 0;
const NETWORK_ID = 7771;
/** Server-side time of each list statement (EXPLAIN ANALYZE); the HTTP budgets are in budgets.ts. */
const QUERY_P95_MS = 5;

/** Sizes and budgets of one phase: PostgreSQL at scale, or the embedded default. */
function phase(pglite: boolean): void {
  PGLITE = pglite;
  NFTS = Number(args.nfts && pglite === args.pglite ? args.nfts : pglite ? 100 : 100_000);
  CONNECTIONS = Number(
    args.connections && pglite === args.pglite ? args.connections : pglite ? 10 : 50,
  );
}

/** The mixed URLs of the ceiling row: fewer than the hot warm-up sends in its 2 s. */
const CEILING_URLS = 3_000;

/**
 * The routes driven, with detail and filter values taken from the loaded data; `likes`, the
 * likes of the mixed runs with writes (PostgreSQL, where the script reaches the database).
 */
async function routes(run: RunSql, likes?: LikeWriter): Promise<Route[]> {
  const rows = (await run(
    `select collection_address as a, token_id::text as t from nfts
     where id % greatest(1, (select count(*) from nfts) / 500) = 0 limit 500`,
  )) as { a: string; t: string }[];
  const coll = (await run('select address as a from collections limit 1')) as { a: string }[];
  const v2 = '/api/v2/show';
  // `--mix-only market-nft?`: the mixed URLs of one kind alone (a part of the path), to see which
  // kind costs what
  const only = args['mix-only'];
  const mixed = (await mixedPaths(run, 60_000)).filter((p) => !only || p.includes(only));
  // warmed on URLs no measured run sends (drive.ts: the caches are emptied before measuring)
  const warmPaths = mixed.slice(50_000);
  const ceiling = mixed.slice(0, CEILING_URLS);
  const lists: Route[] = [];
  for (const sort of ['newest', 'like', 'bid', 'price_desc', 'price_asc']) {
    for (const page of [1, 100]) {
      lists.push({
        name: `market-nfts ${sort} p${page}`,
        kind: 'list',
        paths: [`${v2}/market-nfts?size=24&sort=${sort}&page=${page}`],
      });
    }
  }
  return [
    { name: 'health (baseline)', kind: 'baseline', paths: ['/api/health'] },
    ...lists,
    {
      name: 'market-nfts art newest',
      kind: 'list',
      paths: [`${v2}/market-nfts?size=24&labelId=3`],
    },
    {
      name: 'market-nfts ONSALE art price_desc',
      kind: 'list',
      paths: [`${v2}/market-nfts?size=24&status=ONSALE&labelId=3&sort=price_desc`],
    },
    {
      name: `market-nft (${rows.length} details)`,
      kind: 'detail',
      paths: rows.map((r) => `${v2}/market-nft?collectionAddr=${r.a}&tokenId=${r.t}`),
    },
    {
      name: 'market-collections like',
      kind: 'list',
      paths: [`${v2}/market-collections?size=24&sort=like`],
    },
    { name: 'market-sets newest', kind: 'list', paths: [`${v2}/market-sets?size=24`] },
    { name: 'market-bundles newest', kind: 'list', paths: [`${v2}/market-bundles?size=24`] },
    { name: 'search "lotus"', kind: 'list', paths: [`${v2}/search?q=lotus`] },
    { name: 'activity', kind: 'list', paths: ['/api/v2/activity'] },
    {
      name: 'activity of a collection',
      kind: 'list',
      paths: [`/api/v2/activity?collectionAddr=${coll[0]?.a}`],
    },
    {
      name: 'mixed (a different URL each request)',
      kind: 'mixed',
      paths: mixed.slice(0, 25_000),
      warmPaths,
    },
    // the same kind of URLs, few enough for the 2 s warm-up to leave every answer kept (and
    // measured before they expire): the most any cache of answers could give the mixed workload
    {
      name: `mixed, every answer kept (${CEILING_URLS} URLs)`,
      kind: 'ceiling',
      paths: ceiling,
      warmPaths: ceiling,
    },
    // the mix while users write: each like drops, on every node, the answers other than NFT
    // lists, and the NFT windows, rows and list answers it can have changed (decisions 133 and
    // 135); saved preferences change no catalogue table and drop nothing (decision 132)
    ...(likes
      ? ([
          // the ceiling's URLs, kept, while likes are written: what the cache keeps through writes
          {
            name: `mixed, ${CEILING_URLS} URLs kept, ${LIKES_PER_SECOND} likes a second meanwhile`,
            kind: 'mixed-writes',
            paths: ceiling,
            warmPaths: ceiling,
            during: likes.stream,
          },
          {
            name: `mixed, ${LIKES_PER_SECOND} likes a second meanwhile`,
            kind: 'mixed-writes',
            paths: mixed.slice(25_000, 50_000),
            warmPaths,
            during: likes.stream,
          },
          // a node as users meet it: warmed by the same kind of traffic, then one like (not the
          // write that empties everything), then the mix on other URLs
          {
            name: 'mixed, after a like',
            kind: 'mixed-writes',
            paths: mixed.slice(25_000, 50_000),
            warmPaths,
            before: likes.once,
          },
          {
            name: `mixed, ${PREFERENCES_PER_SECOND} preferences saved a second meanwhile`,
            kind: 'mixed-writes',
            paths: mixed.slice(25_000, 50_000),
            warmPaths,
            during: preferencesStream(await writerToken(run)),
          },
        ] satisfies Route[])
      : []),
    // the embedded default's second budget: the same mix at 50 connections, beside its baseline
    ...(PGLITE
      ? ([
          { name: 'health at 50', kind: 'baseline', paths: ['/api/health'], connections: 50 },
          {
            name: 'mixed at 50',
            kind: 'mixed',
            paths: mixed.slice(25_000, 50_000),
            connections: 50,
            warmPaths,
          },
        ] satisfies Route[])
      : []),
  ];
}

const fmt = (n: number, d = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });

function printShapes(shapes: ShapeResult[]): boolean {
  let ok = true;
  console.log(
    `\n| p95 ms | max ms | runs | indexes | whole table | budget (p95 ≤ ${QUERY_P95_MS} ms, no whole-table plan) | statement |`,
  );
  console.log('|---:|---:|---:|---|---|---|---|');
  for (const s of shapes) {
    const pass = s.p95 <= QUERY_P95_MS && !s.wholeTable;
    if (!pass) ok = false;
    console.log(
      `| ${fmt(s.p95, 2)} | ${fmt(s.max, 2)} | ${s.runs} | ${s.indexes.join(', ')} | ${s.wholeTable ?? ''} | ${pass ? 'pass' : 'FAIL'} | \`${s.sql.slice(0, 160)}\` |`,
    );
  }
  return ok;
}

function loadAverage(): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
}

async function machine(run: RunSql): Promise<string> {
  const [row] = await run("select current_setting('server_version') as v");
  const cpu = os.cpus()[0]?.model ?? 'cpu';
  const db = PGLITE ? `PGlite (PostgreSQL ${row?.v})` : `PostgreSQL ${row?.v}`;
  return `${new Date().toISOString()} · ${os.cpus().length} × ${cpu} · ${fmt(os.totalmem() / 2 ** 30, 1)} GiB · load ${loadAverage()} · Node ${process.version} · ${db}`;
}

/** `--routes a,b`: only the routes whose names hold one of these words (and the baselines). */
function chosen(list: Route[]): Route[] {
  const words = args.routes?.split(',');
  if (!words) return list;
  return list.filter((r) => r.kind === 'baseline' || words.some((w) => r.name.includes(w)));
}

async function load(run: RunSql, likes?: LikeWriter): Promise<Route[]> {
  const started = Date.now();
  const counts = await loadCatalogue(run, { nfts: NFTS, networkId: NETWORK_ID });
  const made = Object.entries(counts).map(([k, v]) => `${fmt(v)} ${k}`);
  console.log(`Loaded in ${fmt((Date.now() - started) / 1000, 1)} s: ${made.join(', ')}`);
  console.log(await machine(run));
  return chosen(await routes(run, likes));
}

/** PostgreSQL: a throwaway cluster with pg_stat_statements; HTTP, then the SQL of every list. */
async function onPostgres(): Promise<boolean> {
  const cluster = await startPostgresCluster({
    shared_preload_libraries: 'pg_stat_statements',
    shared_buffers: '512MB',
  });
  try {
    const url = await cluster.createDatabase('bench');
    // the mixed run's likes are written through this handle
    const handle = await createDatabase({ databaseUrl: url });
    try {
      await migrate(handle.db);
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      let list: Route[];
      try {
        await client.query("set maintenance_work_mem = '512MB'");
        list = await load(
          async (text) => (await client.query(text)).rows,
          likeWriter(handle.db, NFTS),
        );
        await client.query('create extension if not exists pg_stat_statements');
      } finally {
        await client.end();
      }
      let ok = true;
      if (!args['skip-http']) ok = (await runHttp(list, { databaseUrl: url })) && ok;
      if (!args['skip-sql']) ok = printShapes(await measureQueries(url)) && ok;
      return ok;
    } finally {
      await handle.close();
    }
  } finally {
    await cluster.stop();
  }
}

/** The embedded default: PGlite in a data folder, the server started without DATABASE_URL. */
async function onPglite(): Promise<boolean> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vbc-bench-pglite-'));
  try {
    const handle = await createDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    let list: Route[];
    try {
      await migrate(handle.db);
      list = await load(
        async (text) => (await sql.raw(text).execute(handle.db)).rows as Record<string, unknown>[],
      );
    } finally {
      await handle.close();
    }
    return await runHttp(list, { dataDir });
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Every route on one server (hot: answer cache on; cold: off). */
async function driveAll(
  list: Route[],
  db: { databaseUrl?: string; dataDir?: string },
  mode: Mode,
): Promise<RouteResult[]> {
  const stats = db.databaseUrl ? new pg.Client({ connectionString: db.databaseUrl }) : null;
  await stats?.connect();
  const nodeArgs = args.profile
    ? ['--cpu-prof', `--cpu-prof-dir=${path.join(args.profile, mode)}`]
    : [];
  const env = { ANSWER_CACHE: String(mode === 'hot'), JWT_SECRET };
  const server = await startServer(db, await freePort(), nodeArgs, env);
  const results: RouteResult[] = [];
  try {
    const options = { connections: CONNECTIONS, duration: Number(args.duration), nfts: NFTS };
    // the baseline too runs on a node that has loaded its rows, as every other route does
    if (mode === 'hot') await rowsLoaded(server.url, NFTS);
    console.log(
      `${mode}: autocannon, ${options.connections} connections, ${options.duration} s per route, load ${loadAverage()}`,
    );
    for (const route of list) {
      // nothing is kept cold: its ceiling is the mixed row, and writes drop nothing there
      if (mode === 'cold' && (route.kind === 'ceiling' || route.kind === 'mixed-writes')) continue;
      results.push(await driveRoute(server.url, route, stats, options));
    }
    console.log(`${mode}: done, load ${loadAverage()}`);
  } finally {
    await server.stop();
    await stats?.end();
  }
  if (args.profile) {
    console.log(`\n${mode}: ${(await summarizeProfile(path.join(args.profile, mode))).join('\n')}`);
  }
  return results;
}

async function runHttp(
  list: Route[],
  db: { databaseUrl?: string; dataDir?: string },
): Promise<boolean> {
  const hot = await driveAll(list, db, 'hot');
  const cold = args['skip-cold'] ? [] : await driveAll(list, db, 'cold');
  const phase: Phase = { db: PGLITE ? 'pglite' : 'postgres', nfts: NFTS, connections: CONNECTIONS };
  return printHttp(phase, hot, cold);
}

let ok = true;
if (!args.pglite) {
  phase(false);
  ok = (await onPostgres()) && ok;
  console.log(
    `\n${ok ? 'every budget met' : 'a budget was missed'} (PostgreSQL, ${fmt(NFTS)} NFTs)`,
  );
}
if (args.pglite || !args['skip-pglite']) {
  phase(true);
  console.log(`\nThe embedded default: PGlite, ${fmt(NFTS)} NFTs, ${CONNECTIONS} connections`);
  const embedded = await onPglite();
  ok = embedded && ok;
  console.log(
    `\n${embedded ? 'every budget met' : 'a budget was missed'} (PGlite, ${fmt(NFTS)} NFTs)`,
  );
}
console.log(`\n${ok ? 'every budget met' : 'a budget was missed'} (every phase)`);
process.exit(ok ? 0 : 1);
