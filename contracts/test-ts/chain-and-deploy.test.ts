/** The local chain keeps its state across restarts, and deploy reuses what is still there. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Wallet } from 'ethers';
import { afterAll, describe, expect, it } from 'vitest';
import { VBCHAIN_DEVNET } from '../chains.ts';
import { deploy } from '../deploy/deploy.ts';
import { deploymentPath } from '../deploy/deployment.ts';
import { ANVIL_KEYS, startAnvil } from '../devnet/anvil.ts';
import { rpcProvider } from '../devnet/rpc.ts';

const dir = mkdtempSync(join(tmpdir(), 'chain-state-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('local chain and deploy', () => {
  it('persists balances and contracts across a restart, and deploys idempotently', async () => {
    const statePath = join(dir, 'chain', 'state.json');
    const params = {
      deployerKey: ANVIL_KEYS[0],
      settlementSigner: new Wallet(ANVIL_KEYS[1]).address,
      dataDir: dir,
    };
    const someone = Wallet.createRandom().address;

    const first = await startAnvil({ statePath });
    let provider = rpcProvider(first.url);
    expect(Number((await provider.getNetwork()).chainId)).toBe(VBCHAIN_DEVNET.chainId);
    const deployed = await deploy({ ...params, rpcUrl: first.url });
    expect(deployed.deployBlock).toBeGreaterThan(0);
    const recorded = JSON.parse(readFileSync(deploymentPath(dir, deployed.chainId), 'utf8'));
    expect(recorded).toEqual(deployed);
    expect(Object.keys(recorded).sort()).toEqual([
      'chainId',
      'collectionFactory',
      'contractsHash',
      'deployBlock',
      'deployer',
      'exchange',
      'settlementSigner',
      'wvbc',
    ]);
    await (
      await new Wallet(ANVIL_KEYS[5], provider).sendTransaction({ to: someone, value: 12345n })
    ).wait();
    provider.destroy();
    await first.stop();

    const second = await startAnvil({ statePath });
    provider = rpcProvider(second.url);
    expect(await provider.getBalance(someone)).toBe(12345n);
    expect(await provider.getCode(deployed.exchange)).not.toBe('0x');
    const again = await deploy({ ...params, rpcUrl: second.url });
    expect(again).toEqual(deployed);
    // Changed contracts (another creation code than recorded): a new deployment.
    const path = deploymentPath(dir, deployed.chainId);
    writeFileSync(path, JSON.stringify({ ...deployed, contractsHash: 'older sources' }));
    const upgraded = await deploy({ ...params, rpcUrl: second.url });
    expect(upgraded.exchange).not.toBe(deployed.exchange);
    expect(upgraded.deployBlock).toBeGreaterThan(deployed.deployBlock);
    provider.destroy();
    await second.stop();

    // A fresh chain (no state): the recorded addresses have no code, so it deploys anew.
    const fresh = await startAnvil();
    const redeployed = await deploy({
      ...params,
      rpcUrl: fresh.url,
      settlementSigner: new Wallet(ANVIL_KEYS[2]).address,
    });
    expect(redeployed.settlementSigner).toBe(new Wallet(ANVIL_KEYS[2]).address);
    await fresh.stop();
  });
});
