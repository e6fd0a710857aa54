/**
 * What every seed phase works with: the running app (its routes called through `app.inject`, as
 * a client would), the chain (anvil's demo accounts as signers), the EIP-712 domain, the order
 * reader, and the tally of what was made.
 */
import {
  type Contract,
  type JsonRpcProvider,
  type TransactionReceipt,
  type TransactionRequest,
  type TypedDataDomain,
  Wallet,
} from 'ethers';
import { VBCHAIN_DEVNET } from '#contracts/chains.ts';
import type { Deployment } from '#contracts/deploy/deployment.ts';
import { ANVIL_KEYS } from '#contracts/devnet/anvil.ts';
import { rpcProvider } from '#contracts/devnet/rpc.ts';
import { orderReader } from '#contracts/order-reader.ts';
import { marketplaceDomain } from '#contracts/typed-data/index.ts';
import type { App } from '#server/app.ts';
import type { OrderChainReader } from '#shared/orders.ts';

export interface SeedParameters {
  /** The running app, its indexer started (buildApp `indexer` option). */
  app: App;
  rpcUrl: string;
  deployment: Deployment;
  dataDir: string;
  log?: (line: string) => void;
}

export type Json = Record<string, unknown>;

export class SeedError extends Error {
  override readonly name = 'SeedError';
}

export type ApiOptions = {
  body?: Json;
  /** A session token (Bearer). */
  token?: string;
  /** The demo account calling: each has its own address, as if on its own device. */
  account?: number;
  /** Send the server's API key. */
  apiKey?: boolean;
};

export interface SeedContext {
  app: App;
  deployment: Deployment;
  dataDir: string;
  chainId: number;
  /** Put before the orders' salts off the devnet, so no two networks' orders share a hash. */
  saltPrefix: string;
  provider: JsonRpcProvider;
  domain: TypedDataDomain;
  reader: OrderChainReader;
  /** anvil's account #i. */
  wallet(account: number): Wallet;
  api(method: 'GET' | 'POST' | 'PUT', url: string, opts?: ApiOptions): Promise<Json>;
  /** Sends a transaction from an account and waits for its successful receipt. */
  send(from: number, tx: TransactionRequest): Promise<void>;
  /** Calls a contract function from an account and waits for its successful receipt. */
  call(
    contract: Contract,
    from: number,
    fn: string,
    ...args: unknown[]
  ): Promise<TransactionReceipt>;
  /** The latest block's time. */
  chainNow(): Promise<bigint>;
  /** Waits until the indexer has the chain's latest block. */
  synced(): Promise<void>;
  count(key: string, n?: number): void;
  counts: Record<string, number>;
}

export function createContext(p: SeedParameters): SeedContext {
  const { app, deployment } = p;
  const indexer = app.indexers.get(deployment.chainId);
  if (!indexer) {
    throw new SeedError(`the seed needs the app with its indexer of chain ${deployment.chainId}`);
  }
  const provider = rpcProvider(p.rpcUrl);
  const wallets = ANVIL_KEYS.map((k) => new Wallet(k, provider));
  const wallet = (i: number) => wallets[i]!;
  const counts: Record<string, number> = {};
  return {
    app,
    deployment,
    dataDir: p.dataDir,
    chainId: deployment.chainId,
    saltPrefix: deployment.chainId === VBCHAIN_DEVNET.chainId ? '' : `${deployment.chainId}@`,
    provider,
    domain: marketplaceDomain(deployment.chainId, deployment.exchange),
    reader: orderReader(provider, deployment.exchange),
    wallet,
    api: apiClient(app),
    async send(from, tx) {
      const receipt = await (await wallet(from).sendTransaction(tx)).wait();
      if (receipt?.status !== 1) throw new SeedError(`transaction of #${from} reverted`);
    },
    async call(contract, from, fn, ...args) {
      const c = contract.connect(wallet(from)) as Contract;
      const receipt = await (await c.getFunction(fn)(...args)).wait();
      if (receipt?.status !== 1) throw new SeedError(`${fn} of #${from} reverted`);
      return receipt;
    },
    chainNow: async () => BigInt((await provider.getBlock('latest'))!.timestamp),
    synced: async () => indexer.waitForBlock(await provider.getBlockNumber(), 120_000),
    count(key, n = 1) {
      counts[key] = (counts[key] ?? 0) + n;
    },
    counts,
  };
}

/** Calls a route of the app in process; a status of 300 or more fails the seed. */
function apiClient(app: App): SeedContext['api'] {
  return async (method, url, opts = {}) => {
    const headers: Record<string, string> = {};
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.apiKey) headers['api-key'] = app.config.apiKey;
    const res = await app.inject({
      method,
      url,
      headers,
      // One address per demo person, as if each used their own device (per-IP rate limits).
      remoteAddress: `10.77.0.${opts.account ?? 1}`,
      ...(opts.body ? { payload: opts.body } : {}),
    });
    if (res.statusCode >= 300) {
      throw new SeedError(`${method} ${url} -> ${res.statusCode} ${res.body.slice(0, 300)}`);
    }
    return res.body ? (JSON.parse(res.body) as Json) : {};
  };
}

/** The `data` of an API answer. */
export function data<T = Json>(body: Json): T {
  return body.data as T;
}

/** Runs one job per account in parallel, each account's jobs in order (nonces). */
export async function perAccount<T>(jobs: [number, () => Promise<T>][]): Promise<T[]> {
  const byAccount = new Map<number, (() => Promise<T>)[]>();
  for (const [a, job] of jobs) byAccount.set(a, [...(byAccount.get(a) ?? []), job]);
  const results = await Promise.all(
    [...byAccount.values()].map(async (list) => {
      const out: T[] = [];
      for (const job of list) out.push(await job());
      return out;
    }),
  );
  return results.flat();
}

/**
 * Times a seed's phases: `phase(name)` records the seconds since the last mark under `name` and
 * logs them with `label`; `phases` is what the seed report carries.
 */
export function phaseTimer(log: ((line: string) => void) | undefined, label: string) {
  const phases: Record<string, number> = {};
  let mark = Date.now();
  const phase = (name: string) => {
    phases[name] = (Date.now() - mark) / 1000;
    mark = Date.now();
    log?.(`${label}: ${name} (${phases[name]!.toFixed(1)} s)`);
  };
  return { phases, phase };
}
