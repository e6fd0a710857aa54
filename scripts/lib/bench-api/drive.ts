/**
 * The HTTP half of the API benchmark: the server started as users run it (`node --import tsx
 * server/src/server.ts` with DATABASE_URL, indexer and rate limits off), each route driven by
 * autocannon, and the SQL statements per request read from pg_stat_statements around each run.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import type pg from 'pg';
import { MAX_AGE_MS } from '#server/repositories/read-model.ts';
import { RESIDENT_NFT_ROWS } from '#server/repositories/resident-nfts.ts';
import { inheritedEnv, scriptEnv } from '../config.ts';

export interface Route {
  name: string;
  /** One path, or several that the connections take in turn (details of different NFTs). */
  paths: string[];
  /**
   * The baseline, a list or detail, the mixed workload (a different URL each request), or its
   * ceiling: mixed URLs whose answers the warm-up left kept (hot only, no budget), what any
   * cache of answers could give at most; or the mixed workload while users write (no budget).
   */
  kind: 'baseline' | 'list' | 'detail' | 'mixed' | 'ceiling' | 'mixed-writes';
  /** Connections for this route when not the phase's. */
  connections?: number;
  /**
   * The warm-up's URLs: other ones than the measured (the mixed workload: every measured request
   * is still a first), the caches emptied between the two (`driveRoute`); or the measured ones
   * themselves (the same array: the ceiling), whose answers stay kept.
   */
  warmPaths?: string[];
  /** Started with the measured run (given the server's URL) and stopped after it: writes. */
  during?: (baseUrl: string) => () => Promise<void>;
  /**
   * A write between the warm-up and the measured run instead of the announcement that empties
   * every cache (`driveRoute`): what the node keeps through it stays kept.
   */
  before?: () => Promise<void>;
}

export interface RouteResult {
  route: Route;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** null where statements are not counted (PGlite). */
  statementsPerRequest: number | null;
}

export interface ServerHandle {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts server/src/server.ts on PostgreSQL (`databaseUrl`) or on the PGlite in `dataDir`;
 * `nodeArgs` e.g. `--cpu-prof`.
 */
export async function startServer(
  db: { databaseUrl?: string | undefined; dataDir?: string | undefined },
  port: number,
  nodeArgs: string[] = [],
  extraEnv: Record<string, string> = {},
): Promise<ServerHandle> {
  const dataDir = db.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'vbc-bench-')));
  const env = inheritedEnv(['DATABASE_URL']);
  const child: ChildProcess = spawn(
    process.execPath,
    [...nodeArgs, '--import', 'tsx', 'server/src/server.ts'],
    {
      env: {
        ...env,
        ...(db.databaseUrl ? { DATABASE_URL: db.databaseUrl } : {}),
        DATABASE_POOL_MAX: scriptEnv.databasePoolMax() ?? '10',
        PORT: String(port),
        HOST: '127.0.0.1',
        INDEXER: '0',
        RATE_LIMIT_ENABLED: 'false',
        // One address stands for many clients here: its caps are the process's.
        CONNECTIONS_PER_CLIENT: '100000',
        LIVE_STREAMS_PER_CLIENT: '100000',
        LOG_LEVEL: 'warn',
        DATA_DIR: dataDir,
        WEB_DIST_DIR: path.join(dataDir, 'no-web'),
        NODE_ENV: 'production',
        ...extraEnv,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 300) throw new Error('server did not answer /api/health in 60 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    url,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      // a data folder made here (PostgreSQL runs) goes with the server
      if (!db.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function statementCalls(client: pg.Client): Promise<number> {
  const { rows } = await client.query(
    `select coalesce(sum(calls), 0)::bigint as n from pg_stat_statements s
     join pg_database d on d.oid = s.dbid where d.datname = current_database()
       and query not ilike '%pg_stat_statements%'`,
  );
  return Number(rows[0].n);
}

/**
 * Until the server says it holds every NFT row (at most 60 s); at once for a catalogue of more
 * than a node keeps (server/src/repositories/resident-nfts.ts), which is never loaded.
 */
export async function rowsLoaded(baseUrl: string, nfts: number): Promise<void> {
  if (nfts > RESIDENT_NFT_ROWS) return;
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    const health = (await (await fetch(`${baseUrl}/api/health`)).json()) as {
      data: { nftRowsLoaded: boolean };
    };
    if (health.data.nftRowsLoaded) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not load its NFT rows within 60 s');
}

/** One autocannon run of `route`; statements are counted over the same run. */
export async function driveRoute(
  baseUrl: string,
  route: Route,
  stats: pg.Client | null,
  phaseOptions: { connections: number; duration: number; nfts: number },
): Promise<RouteResult> {
  const options = { ...phaseOptions, connections: route.connections ?? phaseOptions.connections };
  // A warm-up (JIT, plans, pools, prepared statements), not measured.
  const warm = route.warmPaths ?? [route.paths[0] ?? '/'];
  let nextWarm = 0;
  await autocannon({
    url: baseUrl,
    connections: options.connections,
    duration: 2,
    requests: [{ setupRequest: (r) => ({ ...r, path: warm[nextWarm++ % warm.length] }) }],
  });
  // Warmed on other URLs: what they left in the answer cache and the read model is dropped as a
  // write to nfts that does not name its rows drops it all (NOTIFY vbc_catalogue 'nfts',
  // migration 092; a write that names them keeps the NFT windows and rows it cannot have moved,
  // decision 133), or on PGlite, which the benchmark cannot reach, left to expire; the measured
  // run starts from nothing kept. A warm-up on the measured URLs themselves (the ceiling) leaves
  // its answers kept.
  // The NFT rows, resident on a node (decision 138), are loaded again after that drop as a running
  // node does: the run waits for them (`nftRowsLoaded` in /api/health), not for the windows.
  if (route.warmPaths && route.warmPaths !== route.paths) {
    if (route.before) await route.before();
    else if (stats) await stats.query("select pg_notify('vbc_catalogue', 'nfts')");
    await new Promise((r) => setTimeout(r, stats ? 250 : MAX_AGE_MS + 500));
    await rowsLoaded(baseUrl, options.nfts);
  }
  await stats?.query('select pg_stat_statements_reset()');
  const before = stats ? await statementCalls(stats) : 0;
  let next = 0;
  const stopWrites = route.during?.(baseUrl);
  const result = await autocannon({
    url: baseUrl,
    connections: options.connections,
    duration: options.duration,
    requests: [
      {
        setupRequest: (request) => {
          const p = route.paths[next++ % route.paths.length] ?? '/';
          return { ...request, path: p };
        },
      },
    ],
  });
  await stopWrites?.();
  const calls = stats ? (await statementCalls(stats)) - before : null;
  const ok = result.requests.total;
  return {
    route,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,

    statementsPerRequest: calls === null ? null : ok > 0 ? calls / ok : 0,
  };
}
