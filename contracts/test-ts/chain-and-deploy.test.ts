/** The local chain keeps its state across restarts, and deploy reuses what is still there. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Contract, Wallet } from 'ethers';
import { afterAll, describe, expect, it } from 'vitest';
import { loadArtifact } from '../build/compile.ts';
import { VBCHAIN_DEVNET } from '../chains.ts';
import { DeployRefusedError, deploy } from '../deploy/deploy.ts';
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
      'fractionalBlock',
      'fractionalFactory',
      'fractionalHash',
      'gifts',
      'settlementSigner',
      'wvbc',
    ]);
    // the fractional factory is built on this deployment's contracts (contracts/deploy/fractional.ts)
    expect(deployed.fractionalBlock).toBeGreaterThanOrEqual(deployed.deployBlock);
    await (
      await new Wallet(ANVIL_KEYS[5], provider).sendTransaction({ to: someone, value: 12345n })
    ).wait();
    provider.destroy();
    await first.stop();

    const second = await startAnvil({ statePath });
    provider = rpcProvider(second.url);
    expect(await provider.getBalance(someone)).toBe(12345n);
    expect(await provider.getCode(deployed.exchange)).not.toBe('0x');
    expect(await provider.getCode(deployed.gifts)).not.toBe('0x');
    expect(await provider.getCode(deployed.fractionalFactory!)).not.toBe('0x');
    const again = await deploy({ ...params, rpcUrl: second.url });
    expect(again).toEqual(deployed);
    // Changed contracts (another creation code than recorded): a new deployment.
    const path = deploymentPath(dir, deployed.chainId);
    writeFileSync(path, JSON.stringify({ ...deployed, contractsHash: 'older sources' }));
    const upgraded = await deploy({ ...params, rpcUrl: second.url });
    expect(upgraded.exchange).not.toBe(deployed.exchange);
    expect(upgraded.fractionalFactory).not.toBe(deployed.fractionalFactory);
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

  it('off the local devnet: explicit keys, none of anvil, and no implicit signer change', async () => {
    const other = await startAnvil({ chainId: VBCHAIN_DEVNET.chainId + 1 });
    const provider = rpcProvider(other.url);
    const dataDir = join(dir, 'other-chain');
    const deployerKey = Wallet.createRandom().privateKey;
    const deployer = new Wallet(deployerKey).address;
    await provider.send('anvil_setBalance', [deployer, '0x56bc75e2d63100000']); // 100 VBC
    const signer = Wallet.createRandom().address;
    const base = { rpcUrl: other.url, dataDir };
    try {
      const refusals = [
        { deployerKey: ANVIL_KEYS[0], settlementSigner: signer },
        { deployerKey },
        { deployerKey, settlementSigner: new Wallet(ANVIL_KEYS[1]).address },
      ];
      for (const keys of refusals)
        await expect(deploy({ ...base, ...keys })).rejects.toBeInstanceOf(DeployRefusedError);
      expect(await provider.getTransactionCount(deployer)).toBe(0);

      const deployed = await deploy({ ...base, deployerKey, settlementSigner: signer });
      expect(deployed.settlementSigner).toBe(signer);
      const exchange = new Contract(deployed.exchange, loadArtifact('Exchange').abi, provider);
      const onChainSigner = () => exchange.getFunction('settlementSigner')() as Promise<string>;

      // Re-running with another signer is refused, and the exchange keeps its signer.
      const next = Wallet.createRandom().address;
      await expect(deploy({ ...base, deployerKey, settlementSigner: next })).rejects.toBeInstanceOf(
        DeployRefusedError,
      );
      expect(await onChainSigner()).toBe(signer);
      expect(await deploy({ ...base, deployerKey, settlementSigner: signer })).toEqual(deployed);
      // Only an explicit rotation changes it.
      const rotated = await deploy({
        ...base,
        deployerKey,
        settlementSigner: next,
        rotateSettlementSigner: true,
      });
      expect(rotated.settlementSigner).toBe(next);
      expect(await onChainSigner()).toBe(next);
    } finally {
      provider.destroy();
      await other.stop();
    }
  });
});
