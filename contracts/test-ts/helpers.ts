/** Shared set-up for the contract tests: a fresh anvil with the marketplace deployed. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type JsonRpcProvider, Wallet } from 'ethers';
import { deploy } from '../deploy/deploy.ts';
import type { Deployment } from '../deploy/deployment.ts';
import { ANVIL_KEYS, type AnvilHandle, startAnvil } from '../devnet/anvil.ts';
import { rpcProvider } from '../devnet/rpc.ts';

export type Chain = {
  anvil: AnvilHandle;
  provider: JsonRpcProvider;
  deployment: Deployment;
  dataDir: string;
  /** anvil account #i as a local (platform-wallet style) signer. */
  wallet(i: number): Wallet;
  close(): Promise<void>;
};

export async function freshChain(): Promise<Chain> {
  const anvil = await startAnvil();
  const dataDir = mkdtempSync(join(tmpdir(), 'contracts-test-'));
  const provider = rpcProvider(anvil.url);
  const deployment = await deploy({
    rpcUrl: anvil.url,
    deployerKey: ANVIL_KEYS[0],
    settlementSigner: new Wallet(ANVIL_KEYS[1]).address,
    dataDir,
  });
  return {
    anvil,
    provider,
    deployment,
    dataDir,
    wallet: (i) => new Wallet(ANVIL_KEYS[i]!, provider),
    async close() {
      provider.destroy();
      await anvil.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
