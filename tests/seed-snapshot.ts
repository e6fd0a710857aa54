/**
 * The demo catalogue seeded once (about 20 s of chain transactions and signed orders) into
 * test-results/seed-snapshot: the data folder of a stack that seeded it and stopped (anvil's
 * dumped chain state, the PGlite database, uploads and their thumbnails, the deployment record).
 * Each journey stack starts on a copy of it, as `npm start` does on its second start, instead of
 * seeding again.
 * Two of them: the devnet alone ('primary', most journeys) and every network ('all': the devnet
 * and the test chain 97, each seeded, in test-results/seed-snapshot-all).
 * The seed moves each chain's clock ahead of the wall clock (auctions claimed after their end);
 * anvil does not keep that lead across a restart (its next block would be older than the last
 * one), so each stack on a copy gets it back from `resumeChainClock`.
 * Remade when a source of the server, the seed, the contracts or the shared rules is newer.
 * With DATABASE_URL or RPC_URL set the stack's data is not in the folder: no snapshot (null).
 */
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdtemp, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { rpcProvider } from '#contracts/devnet/rpc.ts';
import { newestMtime } from '#scripts/lib/stack/web-build.ts';
import { type Stack, startStack } from '#scripts/lib/stack.ts';
import { THUMB_WIDTHS } from '#shared/image-url.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
/** SEED_SNAPSHOT_DIR lets two test runs on one machine keep their own. */
const BASE = process.env.SEED_SNAPSHOT_DIR ?? path.join(ROOT, 'test-results', 'seed-snapshot');
export type SnapshotChains = 'primary' | 'all';
const snapshotDir = (chains: SnapshotChains) => (chains === 'primary' ? BASE : `${BASE}-all`);
const stampOf = (chains: SnapshotChains) => `${snapshotDir(chains)}.json`;
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
  /** The further networks' seeds, by network id (none in the 'primary' snapshot). */
  networkSeeds: Array<[number, SeedReport]>;
  /** How far each chain's clock was ahead of the wall clock when the snapshot was made. */
  chainLeads: Array<[number, number]>;
};

/** What a stack started on a copy of the snapshot needs: the seeds' reports and the clock leads. */
export type SnapshotCopy = Pick<Stamp, 'seed' | 'networkSeeds' | 'chainLeads'>;

/** Whether journeys can start from the snapshot (the stack keeps its data in its folder). */
export function snapshotUsable(): boolean {
  return !process.env.DATABASE_URL && !process.env.RPC_URL;
}

function freshStamp(chains: SnapshotChains): Stamp | null {
  const dir = snapshotDir(chains);
  if (!existsSync(stampOf(chains)) || !existsSync(dir)) return null;
  const stamp = JSON.parse(readFileSync(stampOf(chains), 'utf8')) as Stamp;
  if (stamp.dir !== dir || !stamp.chainLeads) return null;
  const newest = Math.max(...SOURCES.map((s) => newestMtime(path.join(ROOT, s))));
  return newest > stamp.madeAt ? null : stamp;
}

/** The snapshot of `chains`, made now when missing or stale; null when the stack cannot use one. */
export async function ensureSeedSnapshot(
  chains: SnapshotChains = 'primary',
): Promise<Stamp | null> {
  if (!snapshotUsable()) return null;
  return freshStamp(chains) ?? (await makeSnapshot(chains));
}

async function makeSnapshot(chains: SnapshotChains): Promise<Stamp> {
  const [dir, stampFile] = [snapshotDir(chains), stampOf(chains)];
  await rm(stampFile, { force: true });
  const madeAt = Date.now();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'vbc-seed-snapshot-'));
  try {
    const stack = await startStack({
      dataDir,
      port: 0,
      blockTime: 'automine',
      buildWeb: false,
      quiet: true,
      logLevel: 'error',
      chains,
    });
    const { seed, seedError: failure } = stack;
    const networkSeeds = [...stack.networkSeeds];
    const missing = stack.networks.filter((n) => !stack.networkSeeds.has(n.network.networkId));
    const chainLeads = await Promise.all(
      nodesOf(stack).map(async ({ chainId, rpcUrl }) => {
        const latest = await rpc<{ timestamp: string }>(rpcUrl, chainId, 'eth_getBlockByNumber', [
          'latest',
          false,
        ]);
        const lead = Math.max(0, Number(latest.timestamp) - Math.ceil(Date.now() / 1000));
        return [chainId, lead] as [number, number];
      }),
    );
    await makeThumbnails(stack.url, dataDir, chains);
    // The stop dumps anvil's state into the folder.
    await stack.stop();
    if (!seed) throw new Error(`the demo seed failed: ${failure?.message ?? 'no report'}`);
    if (missing.length > 0 || (chains === 'all' && stack.networks.length === 0)) {
      throw new Error(`the seed of the further networks failed or none started (${chains})`);
    }
    await rm(dir, { recursive: true, force: true });
    await cp(dataDir, dir, { recursive: true });
    const stamp: Stamp = { dir, madeAt, seed, networkSeeds, chainLeads };
    await writeFile(`${stampFile}.partial`, JSON.stringify(stamp));
    await rename(`${stampFile}.partial`, stampFile);
    return stamp;
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * Every thumbnail of every upload, asked of the stack's server as a page would
 * (server/src/plugins/thumbnails.ts keeps them in the folder): the stacks started on copies then
 * make none, where each made those its pages showed (about 0.06 CPU-s each). Names are content
 * hashes, so the other snapshot's thumbnails are copied first and only the rest are made.
 */
async function makeThumbnails(url: string, dataDir: string, chains: SnapshotChains) {
  const uploads = path.join(dataDir, 'uploads');
  if (!existsSync(uploads)) return;
  const other = path.join(snapshotDir(chains === 'primary' ? 'all' : 'primary'), 'uploads/.thumbs');
  if (existsSync(other)) await cp(other, path.join(uploads, '.thumbs'), { recursive: true });
  const urls = (await readdir(uploads))
    .filter((name) => !name.startsWith('.'))
    .flatMap((name) => THUMB_WIDTHS.map((w) => `${url}/uploads/thumbs/${w}/${name}`));
  // Two at a time: sharp uses both cores for one already.
  const next = async (): Promise<void> => {
    const u = urls.pop();
    if (!u) return;
    const response = await fetch(u);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${u}: ${response.status}`);
    return next();
  };
  await Promise.all([next(), next()]);
}

/** The stack's nodes: the devnet's and each further network's. */
const nodesOf = (stack: Stack) => [
  { chainId: stack.chainId, rpcUrl: stack.rpcUrl },
  ...stack.networks.map((n) => ({ chainId: n.network.networkId, rpcUrl: n.rpcUrl })),
];

/**
 * Fills `dataDir` (missing or empty) with a copy of the seeded snapshot; null when the stack
 * cannot use a snapshot (it then seeds on its own).
 */
export async function copySeedSnapshot(
  dataDir: string,
  chains: SnapshotChains = 'primary',
): Promise<SnapshotCopy | null> {
  const stamp = await ensureSeedSnapshot(chains);
  if (!stamp) return null;
  await cp(stamp.dir, dataDir, { recursive: true });
  return { seed: stamp.seed, networkSeeds: stamp.networkSeeds, chainLeads: stamp.chainLeads };
}

/**
 * Right after the stack started on the copy (no transaction yet): each chain's clock leads the
 * wall clock again as it did after the seed, so new blocks are never older than the copied ones.
 */
export async function resumeChainClock(stack: Stack, copy: SnapshotCopy | null): Promise<void> {
  stack.seed ??= copy?.seed ?? null;
  for (const [id, report] of copy?.networkSeeds ?? []) {
    if (!stack.networkSeeds.has(id)) stack.networkSeeds.set(id, report);
  }
  const leads = new Map(copy?.chainLeads ?? []);
  await Promise.all(
    nodesOf(stack)
      .filter(({ chainId }) => (leads.get(chainId) ?? 0) > 0)
      .map(({ chainId, rpcUrl }) => rpc(rpcUrl, chainId, 'evm_increaseTime', [leads.get(chainId)])),
  );
}

/** One JSON-RPC call to a node (contracts/devnet/rpc.ts: the one way to reach a node). */
async function rpc<T>(rpcUrl: string, chainId: number, method: string, params: unknown[]) {
  const provider = rpcProvider(rpcUrl, { chainId, unbatched: true });
  try {
    return (await provider.send(method, params)) as T;
  } finally {
    provider.destroy();
  }
}
