/**
 * API servers as separate processes, started the way an operator starts a node
 * (server/src/server.ts with its environment), for the several-nodes and fault tests.
 * `node --import tsx` keeps each node one process, so `kill('SIGKILL')` kills the server itself
 * (the `tsx` command line would run it in a child that a kill of the parent leaves behind).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Deployment } from '#contracts/deploy/deployment.ts';
import { writeDeployment } from '#contracts/deploy/deployment.ts';
import { freePort } from '#contracts/devnet/ports.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');

export interface NodeProcess {
  name: string;
  url: string;
  child: ChildProcess;
  /** Every line the node wrote (pino JSON lines and anything else). */
  lines: string[];
  /** Resolves when the process has exited. */
  exited: Promise<number | null>;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export interface NodeOptions {
  name: string;
  databaseUrl: string;
  rpcUrl: string;
  deployment: Deployment;
  /** Shared by every node, so a token from one is valid on the others. */
  jwtSecret: string;
  env?: Record<string, string>;
}

/**
 * Starts one node and waits until /api/health answers. The database URL carries
 * `application_name=<name>`, so pg_stat_activity tells which node holds a lock.
 */
export async function startNode(o: NodeOptions): Promise<NodeProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `vbc-node-${o.name}-`));
  writeDeployment(dataDir, o.deployment);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const sep = o.databaseUrl.includes('?') ? '&' : '?';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: `${o.databaseUrl}${sep}application_name=${o.name}`,
      RPC_URL: o.rpcUrl,
      CHAIN_ID: String(o.deployment.chainId),
      JWT_SECRET: o.jwtSecret,
      LOG_LEVEL: 'info',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      ...o.env,
    },
  });
  const lines: string[] = [];
  const collect = (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean));
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  void exited.then(() => rmSync(dataDir, { recursive: true, force: true }));
  const node: NodeProcess = {
    name: o.name,
    url,
    child,
    lines,
    exited,
    async kill(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
  try {
    await waitForHealth(node, 60_000);
  } catch (error) {
    await node.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n${lines.slice(-20).join('\n')}`);
  }
  return node;
}

async function waitForHealth(node: NodeProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (node.child.exitCode !== null) throw new Error(`node ${node.name} exited`);
    try {
      const res = await fetch(`${node.url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`node ${node.name} did not answer /api/health within ${timeoutMs} ms`);
}
