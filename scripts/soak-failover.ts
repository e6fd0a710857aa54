/**
 * `npm run soak:failover`: the long version of server/tests/cluster/multi-node.test.ts. N API
 * nodes (real processes) on a throwaway PostgreSQL and anvil, chain traffic all along, and every
 * KILL_EVERY seconds the indexing node is SIGKILLed and a fresh node started in its place. Prints
 * each takeover time against the 10 s budget and, at the end, the database against the chain
 * (transfers and their activities, deposits, owners). Exit code 1 on any miss.
 *
 *   SOAK_MINUTES=5 NODES=3 KILL_EVERY=20 npm run soak:failover
 */
import { ANVIL_KEYS } from '#contracts/devnet/anvil.ts';
import { createDatabase } from '#server/db/create-database.ts';
import { migrate } from '#server/db/migrate.ts';
import {
  chainTraffic,
  compareWithChain,
  indexedTo,
  lockHolders,
  until,
} from '#server-tests/helpers/cluster.ts';
import { startPostgresCluster } from '#server-tests/helpers/postgres-cluster.ts';
import { type NodeProcess, startNode } from '#server-tests/helpers/server-process.ts';
import { startChainFixture } from '#server-tests/indexer/fixture.ts';
import { scriptEnv } from './lib/config.ts';

const MINUTES = scriptEnv.soakMinutes(5);
const NODES = scriptEnv.failoverNodes(3);
const KILL_EVERY_MS = scriptEnv.failoverKillEverySeconds(20) * 1000;
const TAKEOVER_BUDGET_MS = 10_000;

const cluster = await startPostgresCluster();
const url = await cluster.createDatabase('marketplace_soak');
const database = await createDatabase({ databaseUrl: url, poolMax: 3 });
await migrate(database.db);
const chain = await startChainFixture(database.db, url);
const chainId = chain.deployment.chainId;
const common = {
  databaseUrl: url,
  rpcUrl: chain.anvil.url,
  deployment: chain.deployment,
  jwtSecret: 'soak-failover-secret-soak-failover-secret-0123',
  env: { SETTLEMENT_PRIVATE_KEY: ANVIL_KEYS[1]!, LOG_LEVEL: 'warn' },
};
let serial = 0;
const nodes: NodeProcess[] = [];
const startOne = async () => {
  const node = await startNode({ ...common, name: `node_${++serial}` });
  nodes.push(node);
  return node;
};
const takeovers: number[] = [];
let failed = false;
try {
  for (let i = 0; i < NODES; i++) await startOne();
  console.log(
    `${NODES} nodes up; soaking for ${MINUTES} min, a kill every ${KILL_EVERY_MS / 1000} s`,
  );
  const traffic = await chainTraffic(chain, 'Soak');
  let running = true;
  let steps = 0;
  const load = (async () => {
    while (running) await traffic.step(steps++);
  })();
  const end = Date.now() + MINUTES * 60_000;
  while (Date.now() + KILL_EVERY_MS < end) {
    await new Promise((r) => setTimeout(r, KILL_EVERY_MS));
    const [holder] = await until('a leader', 15_000, async () => {
      const h = await lockHolders(database.db, chainId);
      return h.length ? h : undefined;
    });
    const leader = nodes.find((n) => n.name === holder)!;
    const killedAt = Date.now();
    await leader.kill('SIGKILL');
    nodes.splice(nodes.indexOf(leader), 1);
    const [next] = await until('a new leader', 30_000, async () => {
      const h = await lockHolders(database.db, chainId);
      return h.length && h[0] !== holder ? h : undefined;
    });
    const ms = Date.now() - killedAt;
    takeovers.push(ms);
    console.log(`killed ${holder}: ${next} took over after ${ms} ms; ${steps} chain steps so far`);
    await startOne();
  }
  running = false;
  await load;
  const head = await chain.provider.getBlockNumber();
  await until('the head indexed', 60_000, async () =>
    (await indexedTo(database.db, chainId)) >= head ? true : undefined,
  );
  const c = await compareWithChain(database.db, chain, await traffic.collection.getAddress(), head);
  const sorted = [...takeovers].sort((a, b) => a - b);
  console.log(
    `takeovers: ${takeovers.length}, min ${sorted[0]} ms, median ${sorted[Math.floor(sorted.length / 2)]} ms, max ${sorted.at(-1)} ms (budget ${TAKEOVER_BUDGET_MS} ms)`,
  );
  console.log(
    `chain: ${steps} steps, ${c.transfers} transfers / ${c.activities} activities (missing ${c.missing.length}, extra ${c.extra.length}), ${c.deposits} deposits / ${c.depositRows} rows, ${c.tokens} tokens, ${c.wrongOwners.length} wrong owners`,
  );
  failed =
    sorted.some((ms) => ms >= TAKEOVER_BUDGET_MS) ||
    c.missing.length + c.extra.length + c.wrongOwners.length > 0 ||
    c.transfers !== c.activities ||
    c.deposits !== c.depositRows;
  console.log(failed ? 'FAILED' : 'ok');
} finally {
  for (const node of nodes) await node.kill('SIGKILL').catch(() => undefined);
  await chain.close();
  await database.close();
  await cluster.stop();
}
process.exit(failed ? 1 : 0);
