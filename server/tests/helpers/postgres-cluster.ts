/**
 * A throwaway PostgreSQL cluster for tests: `initdb -A trust` in a temp dir, `pg_ctl start` on a
 * free port with its socket in that dir, removed by `stop()`. As root (containers) the server
 * runs as the `postgres` system user, since PostgreSQL refuses to run as root.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from '#contracts/devnet/ports.ts';

const run = promisify(execFile);

export interface PostgresCluster {
  port: number;
  /** Connection URL of a database in the cluster (default `postgres`). */
  url(database?: string): string;
  /** Creates an empty database and returns its URL. */
  createDatabase(name: string): Promise<string>;
  /** Immediate shutdown (what a crash looks like to clients), then a start on the same data. */
  restart(downMs?: number): Promise<void>;
  stop(): Promise<void>;
}

export function postgresBinDir(): string {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) throw new Error('PostgreSQL is not installed (npm run system-deps)');
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  if (!versions[0]) throw new Error('no initdb under /usr/lib/postgresql');
  return path.join(root, versions[0], 'bin');
}

/**
 * `settings` are extra server settings (`-c name=value`), e.g. the API benchmark's
 * `shared_preload_libraries=pg_stat_statements`.
 */
export async function startPostgresCluster(
  settings: Record<string, string> = {},
): Promise<PostgresCluster> {
  const bin = postgresBinDir();
  const dir = await mkdtemp(path.join(tmpdir(), 'vbc-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    await chown(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const exec = (file: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(bin, file), ...args])
      : run(path.join(bin, file), args);
  const dataDir = path.join(dir, 'data');
  await exec('initdb', ['-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync', '-D', dataDir]);
  const port = await freePort();
  const start = () =>
    exec('pg_ctl', [
      '-D',
      dataDir,
      '-l',
      path.join(dir, 'server.log'),
      '-o',
      [
        `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`,
        ...Object.entries(settings).map(([name, value]) => `-c ${name}=${value}`),
      ].join(' '),
      '-w',
      'start',
    ]);
  await start();
  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  let stopped = false;
  // If the test process ends without stop() (a skipped block, a crash), stop the server anyway:
  // SIGQUIT to the postmaster is PostgreSQL's immediate shutdown.
  const stopOnExit = () => {
    try {
      const pid = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      if (pid > 0) process.kill(pid, 'SIGQUIT');
    } catch {
      // already stopped
    }
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', stopOnExit);
  return {
    port,
    url,
    async createDatabase(name: string) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad database name ${name}`);
      const client = new pg.Client({ connectionString: url() });
      await client.connect();
      try {
        await client.query(`create database ${name}`);
      } finally {
        await client.end();
      }
      return url(name);
    },
    async restart(downMs = 0) {
      await exec('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      await new Promise((r) => setTimeout(r, downMs));
      await start();
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      process.removeListener('exit', stopOnExit);
      try {
        await exec('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}
