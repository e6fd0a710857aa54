/**
 * The indexer inside the app (buildApp `indexer` option: background loop, app.indexer) and the
 * one-instance rule: on PostgreSQL only the holder of the advisory lock indexes; another node
 * takes over when the leader stops.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { until } from '../helpers/cluster.ts';
import {
  ALL_BACKENDS,
  createTestApp,
  describeBackends,
  type TestApp,
} from '../helpers/test-app.ts';
import { type ChainFixture, metadataUri, mined, startChainFixture } from './fixture.ts';

describeBackends(
  'indexer in the app',
  (t) => {
    let chain: ChainFixture;
    beforeAll(async () => {
      chain = await startChainFixture(t.db, t.config.databaseUrl);
    });
    afterAll(async () => {
      await chain?.close();
    });

    it('follows the chain in the background once the app is ready and stops with it', async () => {
      const app = await buildApp({
        config: { ...t.config, rpcUrl: chain.anvil.url, chainId: chain.deployment.chainId },
        database: { db: t.db, backend: t.backend, close: async () => {} },
        migrate: false,
        logger: false,
        indexer: { pollIntervalMs: 50 },
      });
      try {
        await app.ready();
        expect(app.indexer?.status().running).toBe(true);
        const partner = chain.wallet(5);
        const collection = await chain.createCollection(partner, { name: 'Loop' });
        await mined(
          collection.getFunction('mint')(partner.address, metadataUri({ name: 'Looped' })),
        );
        await app.indexer!.waitForHead(20_000);
        const row = await t.db
          .selectFrom('nfts')
          .select(['name', 'owner'])
          .where('collection_address', '=', (await collection.getAddress()).toLowerCase())
          .executeTakeFirstOrThrow();
        expect(row).toEqual({ name: 'Looped', owner: partner.address.toLowerCase() });
      } finally {
        await app.close();
      }
      expect(app.indexer?.status().running).toBe(false);
    });
  },
  { backends: ALL_BACKENDS },
);

describe('indexer leader election [postgres]', () => {
  let t: TestApp;
  let chain: ChainFixture;
  beforeAll(async () => {
    t = await createTestApp('postgres');
    chain = await startChainFixture(t.db, t.config.databaseUrl);
  });
  afterAll(async () => {
    await chain?.close();
    await t?.close();
  });

  it('lets one instance index and hands over when it stops', async () => {
    const a = chain.newIndexer(t.db, { pollIntervalMs: 10 });
    const b = chain.newIndexer(t.db, { pollIntervalMs: 10 });
    expect(await a.ensureLeader()).toBe(true);
    expect(await b.ensureLeader()).toBe(false);
    expect(b.status().leader).toBe(false);
    await a.stop();
    // The lock is free once a's session lets it go: b takes it (polled, not slept).
    expect(await until('b leads', 10_000, async () => (await b.ensureLeader()) || undefined)).toBe(
      true,
    );
  });
});
