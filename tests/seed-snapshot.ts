/**
 * The demo catalogue seeded once (about 20 s of chain transactions and signed orders) into
 * test-results/seed-snapshot: the data folder of a stack that seeded it and stopped (anvil's
 * dumped chain state, the PGlite database, uploads, the deployment record). Each journey stack
 * starts on a copy of it, as `npm start` does on its second start, instead of seeding again.
 * The seed moves the chain's clock ahead of the wall clock (auctions claimed after their end);
 * anvil does not keep that lead across a restart (its next block would be older than the last
 * one), so each stack on a copy gets it back from `resumeChainClock`.
 * Remade when a source of the server, the seed, the contracts or the shared rules is newer.
 * With DATABASE_URL or RPC_URL set the stack's data is not in the folder: no snapshot (null).
 */
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { rpcProvider } from '#contracts/devnet/rpc.ts';
import { newestMtime } from '#scripts/lib/stack/web-build.ts';
import { type Stack, startStack } from '#scripts/lib/stack.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
/** SEED_SNAPSHOT_DIR lets two test runs on one machine keep their own. */
const SNAPSHOT = process.env.SEED_SNAPSHOT_DIR ?? path.join(ROOT, 'test-results', 'seed-snapshot');
const STAMP = `${SNAPSHOT}.json`;
/** What the seeded data depends on: a change in any of them makes the snapshot stale. */
const SOURCES = [
  'server/src',
  'server/migrations',
  'scripts/seed',
  'scripts/lib',
  'shared',
  'contracts/src',
  'contracts/deploy',
  'contracts/devnet',
  'contracts/abi',
  'contracts/build',
  'package.json',
  'tests/seed-snapshot.ts',
];

/** What the seed reports (scripts/seed/seed.ts), as the stack hands it on. */
type SeedReport = NonNullable<Stack['seed']>;
type Stamp = {
  dir: string;
  madeAt: number;
  seed: SeedReport;
  /** How far the chain's clock was ahead of the wall clock when the snapshot was made. */
  chainLeadSeconds: number;
};

/** What a stack started on a copy of the snapshot needs: the seed's report and the clock lead. */
export type SnapshotCopy = { seed: SeedReport; chainLeadSeconds: number };

/** Whether journeys can start from the snapshot (the stack keeps its data in its folder). */
export function snapshotUsable(): boolean {
  return !process.env.DATABASE_URL && !process.env.RPC_URL;
}

function freshStamp(): Stamp | null {
  if (!existsSync(STAMP) || !existsSync(SNAPSHOT)) return null;
  const stamp = JSON.parse(readFileSync(STAMP, 'utf8')) as Stamp;
  if (stamp.dir !== SNAPSHOT) return null;
  const newest = Math.max(...SOURCES.map((s) => newestMtime(path.join(ROOT, s))));
  return newest > stamp.madeAt ? null : stamp;
}

/** The snapshot, made now when missing or stale; null when the stack cannot use one. */
export async function ensureSeedSnapshot(): Promise<Stamp | null> {
  if (!snapshotUsable()) return null;
  return freshStamp() ?? (await makeSnapshot());
}

async function makeSnapshot(): Promise<Stamp> {
  await rm(STAMP, { force: true });
  const madeAt = Date.now();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'vbc-seed-snapshot-'));
  try {
    // The devnet alone: the journeys that need the test chain 97 seed their own stack.
    const stack = await startStack({
      dataDir,
      port: 0,
      blockTime: 'automine',
      buildWeb: false,
      quiet: true,
      logLevel: 'error',
      chains: 'primary',
    });
    const seed = stack.seed;
    const failure = stack.seedError;
    const latest = await rpc<{ timestamp: string }>(stack, 'eth_getBlockByNumber', [
      'latest',
      false,
    ]);
    const chainLeadSeconds = Math.max(0, Number(latest.timestamp) - Math.ceil(Date.now() / 1000));
    // The stop dumps anvil's state into the folder.
    await stack.stop();
    if (!seed) throw new Error(`the demo seed failed: ${failure?.message ?? 'no report'}`);
    await rm(SNAPSHOT, { recursive: true, force: true });
    await cp(dataDir, SNAPSHOT, { recursive: true });
    const stamp: Stamp = { dir: SNAPSHOT, madeAt, seed, chainLeadSeconds };
    await writeFile(`${STAMP}.partial`, JSON.stringify(stamp));
    await rename(`${STAMP}.partial`, STAMP);
    return stamp;
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * Fills `dataDir` (missing or empty) with a copy of the seeded snapshot; null when the stack
 * cannot use a snapshot (it then seeds on its own).
 */
export async function copySeedSnapshot(dataDir: string): Promise<SnapshotCopy | null> {
  const stamp = await ensureSeedSnapshot();
  if (!stamp) return null;
  await cp(stamp.dir, dataDir, { recursive: true });
  return { seed: stamp.seed, chainLeadSeconds: stamp.chainLeadSeconds };
}

/**
 * Right after the stack started on the copy (no transaction yet): the chain's clock leads the
 * wall clock again as it did after the seed, so new blocks are never older than the copied ones.
 */
export async function resumeChainClock(stack: Stack, copy: SnapshotCopy | null): Promise<void> {
  stack.seed ??= copy?.seed ?? null;
  if (!copy?.chainLeadSeconds) return;
  await rpc(stack, 'evm_increaseTime', [copy.chainLeadSeconds]);
}

/** One JSON-RPC call to the stack's node (contracts/devnet/rpc.ts: the one way to reach a node). */
async function rpc<T>(stack: Stack, method: string, params: unknown[]): Promise<T> {
  const provider = rpcProvider(stack.rpcUrl, { chainId: stack.chainId, unbatched: true });
  try {
    return (await provider.send(method, params)) as T;
  } finally {
    provider.destroy();
  }
}
