/**
 * A chain restarted with another genesis behind the same network id and URL, on both database
 * backends: the test chain 97 is indexed, then its anvil stops and a fresh one (new block 0, the
 * contracts deployed again at the same addresses) starts on the same port. The server's indexer
 * for 97 halts (server/src/indexer/genesis.ts): /api/health says 'genesis-changed' with the
 * operator's way out, the log says it once, and none of the new chain's blocks reach the old
 * chain's rows, while the devnet keeps being indexed. The operator's reset
 * (server/src/indexer/forget-network.ts, `npm run network:reset`) then drops the old chain's rows
 * and the indexer takes the new chain from its deploy block, the devnet's rows untouched.
 */
import type { Contract } from 'ethers';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type App, buildApp } from '#server/app.ts';
import { forgetNetworkRows } from '#server/indexer/forget-network.ts';
import type { NetworkConfig } from '#server/networks.ts';
import { ALL_BACKENDS, describeBackends } from '../helpers/test-app.ts';
import { type ChainFixture, metadataUri, mined, startChainFixture } from '../indexer/fixture.ts';

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 30_000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describeBackends(
  'a network whose chain restarts with another genesis',
  (t) => {
    let devnet: ChainFixture;
    let first: ChainFixture;
    let fresh: ChainFixture | undefined;
    let app: App;
    const errors: { obj: object; msg?: string | undefined }[] = [];
    const log = {
      info() {},
      warn() {},
      error(obj: object, msg?: string) {
        errors.push({ obj, msg });
      },
    };

    const count = async (table: 'nfts' | 'collections', networkId: number) =>
      Number(
        (
          await t.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('network_id', '=', networkId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const health97 = async () =>
      (await app.inject({ method: 'GET', url: '/api/health' }))
        .json<{ data: { ok: boolean; networks: Record<string, unknown>[] } }>()
        .data.networks.find((n) => n.networkId === 97)!;
    const mint = (collection: Contract, to: string, tag: string) =>
      mined(collection.getFunction('mint')(to, metadataUri({ name: tag })));

    beforeAll(async () => {
      devnet = await startChainFixture(t.db, t.config.databaseUrl);
      first = await startChainFixture(t.db, t.config.databaseUrl, { chainId: 97 });
      const base = t.config.networks.find((n) => n.networkId === 97)!;
      const served: NetworkConfig[] = [{ ...base, nodeUrl: first.anvil.url }];
      app = await buildApp({
        config: { ...t.config, rpcUrl: devnet.anvil.url, chainId: 7771, served },
        database: { db: t.db, backend: t.backend, close: async () => {} },
        migrate: false,
        logger: false,
        indexer: { pollIntervalMs: 50, log },
      });
      await app.ready();
    }, 120_000);
    afterAll(async () => {
      await app?.close();
      await fresh?.close();
      await first?.close();
      await devnet?.close();
    });

    it('halts the network, keeps its rows apart and says so, the other network going on', async () => {
      const art = await first.createCollection(first.wallet(5), { name: 'First chain art' });
      for (let i = 0; i < 2; i++) await mint(art, first.wallet(6).address, `first ${i}`);
      await app.indexers.get(97)!.waitForHead(20_000);
      expect(await count('nfts', 97)).toBe(2);
      expect(await health97()).toMatchObject({ ok: true, halted: null });
      const genesis = (await first.provider.getBlock(0))!.hash;
      const stored = await t.db
        .selectFrom('networks')
        .select('genesis_hash')
        .where('network_id', '=', 97)
        .executeTakeFirstOrThrow();
      expect(stored.genesis_hash).toBe(genesis);

      // The node restarts fresh on the same port: another block 0, the contracts deployed anew.
      const port = first.anvil.port;
      await first.close();
      fresh = await startChainFixture(t.db, t.config.databaseUrl, {
        chainId: 97,
        port,
        genesisTimestamp: Math.floor(Date.now() / 1000) - 86_400,
      });
      expect((await fresh.provider.getBlock(0))!.hash).not.toBe(genesis);
      const other = await fresh.createCollection(fresh.wallet(5), { name: 'Fresh chain art' });
      for (let i = 0; i < 3; i++) await mint(other, fresh.wallet(7).address, `fresh ${i}`);

      await until(async () => (await health97()).halted === 'genesis-changed');
      const halted = await health97();
      expect(halted).toMatchObject({ ok: false, lag: null });
      expect(String(halted.error)).toContain('genesis');
      expect(String(halted.error)).toContain('README');
      // A wait for its head is refused at once rather than timing out (npm start goes on).
      await expect(app.indexers.get(97)!.waitForHead(20_000)).rejects.toThrow(/genesis/);
      // Nothing of the new chain is indexed over the old one's rows; the stored genesis stays.
      expect(await count('nfts', 97)).toBe(2);
      expect(await count('collections', 97)).toBe(1);
      const after = await t.db
        .selectFrom('networks')
        .select('genesis_hash')
        .where('network_id', '=', 97)
        .executeTakeFirstOrThrow();
      expect(after.genesis_hash).toBe(genesis);
      // Told once in the log, however many steps find it.
      await new Promise((r) => setTimeout(r, 300));
      expect(errors.filter((e) => e.msg?.includes('genesis'))).toHaveLength(1);

      // The devnet keeps being indexed and the server keeps serving.
      const devArt = await devnet.createCollection(devnet.wallet(5), { name: 'Devnet art' });
      await mint(devArt, devnet.wallet(6).address, 'devnet');
      await app.indexers.get(7771)!.waitForHead(20_000);
      expect(await count('nfts', 7771)).toBe(1);
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.json<{ data: { ok: boolean } }>().data.ok).toBe(true);
    });

    it('takes the new chain after the operator’s reset, the other network untouched', async () => {
      const deleted = await forgetNetworkRows(t.db, 97);
      expect(deleted.nfts).toBe(2);
      await until(async () => (await health97()).halted === null);
      await app.indexers.get(97)!.waitForHead(20_000);
      expect(await count('nfts', 97)).toBe(3);
      expect(await count('collections', 97)).toBe(1);
      expect(await count('nfts', 7771)).toBe(1);
      expect(await health97()).toMatchObject({ ok: true, lag: 0, halted: null });
      const stored = await t.db
        .selectFrom('networks')
        .select('genesis_hash')
        .where('network_id', '=', 97)
        .executeTakeFirstOrThrow();
      expect(stored.genesis_hash).toBe((await fresh!.provider.getBlock(0))!.hash);
    });
  },
  { backends: ALL_BACKENDS },
);
