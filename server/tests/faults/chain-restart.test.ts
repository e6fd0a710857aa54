/**
 * The chain node stopped while the indexer follows it, then started again on its saved state
 * (anvil --state, as `npm start` runs it): while it is down the indexer reports the node as
 * unreachable and backs off instead of failing for good; once it is back the indexer catches up
 * and the database matches the chain (every owner and nonce, one MINT/TRANSFER activity per
 * Transfer log, none lost or doubled).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { id as topicOf, Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deployment } from '#contracts/deploy/deployment.ts';
import { ANVIL_KEYS, type AnvilHandle, startAnvil } from '#contracts/devnet/anvil.ts';
import { rpcProvider } from '#contracts/devnet/rpc.ts';
import {
  collectionAt,
  createCollection,
  grantPartner,
  mined,
  mintBatch,
} from '#scripts/lib/marketplace.ts';
import { createIndexer, type Indexer } from '#server/indexer/indexer.ts';
import { startTestChain, type TestChain } from '../helpers/chain.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { ownersVersusChain } from '../indexer/fixture.ts';

const TRANSFER_TOPIC = topicOf('Transfer(address,address,uint256)');

describe('chain node stopped and restarted during indexing [pglite]', () => {
  let t: TestApp;
  let dir: string;
  let chain: TestChain;
  /** The node: the chain's anvil, then the one started again on its state. */
  let anvil: AnvilHandle;
  let deployment: Deployment;
  let indexer: Indexer;
  const provider = () => rpcProvider(anvil.url);

  beforeAll(async () => {
    t = await createTestApp('pglite');
    dir = mkdtempSync(path.join(tmpdir(), 'vbc-chain-restart-'));
    chain = await startTestChain(t.db, {
      anvil: { statePath: path.join(dir, 'state.json'), stateIntervalSeconds: 1 },
    });
    anvil = chain.anvil;
    deployment = chain.deployment;
    indexer = createIndexer({
      db: t.db,
      networkId: deployment.chainId,
      rpcUrl: anvil.url,
      pollIntervalMs: 50,
    });
  });
  afterAll(async () => {
    await indexer?.stop();
    await anvil?.stop();
    await chain?.close();
    await t?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('waits out the outage and catches up with nothing lost or doubled', async () => {
    const p = provider();
    const admin = new Wallet(ANVIL_KEYS[0]!, p);
    const partner = new Wallet(ANVIL_KEYS[5]!, p);
    const holder = new Wallet(ANVIL_KEYS[6]!, p);
    await grantPartner(admin, deployment.collectionFactory, partner.address);
    const collection = await createCollection(partner, deployment.collectionFactory, {
      name: 'Outage',
      symbol: 'OUT',
    });
    const uris = (n: number, tag: string) =>
      Array.from({ length: n }, (_, i) => `ipfs://outage/${tag}-${i}`);
    indexer.start();
    await mintBatch(partner, collection, holder.address, uris(5, 'a'));
    await indexer.waitForHead(20_000);

    // More blocks, and the node goes away while the indexer is on them.
    await mintBatch(partner, collection, partner.address, uris(5, 'b'));
    // anvil writes its state on the way out (SIGTERM).
    await anvil.stop();
    p.destroy();
    const downSince = Date.now();
    while (!indexer.status().lastError && Date.now() - downSince < 10_000) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(indexer.status().lastError).toBeTruthy();
    expect(indexer.status().running).toBe(true);
    // A fixed wait on purpose: the node stays down over several of the indexer's retries (it
    // must keep running through an outage, not just survive one failed call).
    await new Promise((r) => setTimeout(r, 1_500));

    anvil = await startAnvil({
      port: anvil.port,
      statePath: path.join(dir, 'state.json'),
      stateIntervalSeconds: 1,
    });
    const q = provider();
    try {
      const back = new Wallet(ANVIL_KEYS[5]!, q);
      await mined(
        collectionAt(collection, back).getFunction('transferFrom')(
          back.address,
          holder.address,
          6n,
        ),
      );
      await mintBatch(back, collection, holder.address, uris(3, 'c'));
      const started = Date.now();
      await indexer.waitForHead(30_000);
      console.info(`chain restart: caught up ${Date.now() - started} ms after the node came back`);
      expect(indexer.status().lastError).toBeNull();

      const head = await q.getBlockNumber();
      const logs = await q.getLogs({
        address: collection,
        topics: [TRANSFER_TOPIC],
        fromBlock: deployment.deployBlock,
        toBlock: head,
      });
      const activities = await t.db
        .selectFrom('activities')
        .select(['tx_hash', 'log_index'])
        .where('collection_address', '=', collection.toLowerCase())
        .where('type', 'in', ['MINT', 'TRANSFER'])
        .execute();
      expect(logs).toHaveLength(14);
      expect(new Set(activities.map((a) => `${a.tx_hash}:${a.log_index}`))).toEqual(
        new Set(logs.map((l) => `${l.transactionHash.toLowerCase()}:${l.index}`)),
      );
      expect(activities).toHaveLength(logs.length);
      const owners = await ownersVersusChain(t.db, q);
      expect(owners).toHaveLength(13);
      for (const o of owners) expect(o.indexed, o.token).toEqual(o.chain);
    } finally {
      q.destroy();
    }
  });
});
