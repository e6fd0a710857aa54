// @vitest-environment node
/**
 * The write pipeline and the tracker's reading of the chain against a real anvil: a sent
 * transaction ends in success (0x1) or failure (0x0), a refusal in the wallet never reaches the
 * chain, a balance short of value and gas at send time says so in the catalogue's words, and a
 * transaction whose nonce another one took is reported replaced, not failed. `sendTx`, what the
 * studio and the gifts send through, answers the hash after the indexer or the refusal's key.
 * The tracker's IndexedDB store is swapped for an in-memory one (Node has no IndexedDB); the
 * chain reading (`checkOnce`) is the one the app runs. The platform wallet signs locally and hands
 * a trade to the server route its request names (raw-matchOrder, ...), anything else to the
 * gateway; here both hand-offs broadcast to anvil themselves.
 */
import { JsonRpcProvider, parseUnits, Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VBCHAIN_DEVNET } from '#contracts/chains.ts';
import { ANVIL_KEYS, type AnvilHandle, startAnvil } from '#contracts/devnet/anvil.ts';
import type { Network } from '#shared/schemas/entities.ts';
import { keyBackedProvider } from '#tests/wallet/key-provider.ts';
import { createEip1193Connector } from '#web/wallet/connectors/eip1193.ts';
import { createPlatformConnector } from '#web/wallet/connectors/platform.ts';
import type { RawTradeRoute, TxRequest } from '#web/wallet/connectors/types.ts';
import { runWrite, sendTx, type Tracker, type WriteStage } from '#web/wallet/pipeline.ts';
import { checkOnce, DROPPED_AFTER_MS, type TrackedTx } from '#web/wallet/tracker.ts';

let anvil: AnvilHandle;
let provider: JsonRpcProvider;
const chainId = VBCHAIN_DEVNET.chainId;
const KEY = ANVIL_KEYS[4];
const from = new Wallet(KEY).address;
const to = new Wallet(ANVIL_KEYS[5]).address;
// Init code that deploys `PUSH1 0 PUSH1 0 REVERT`: every call to it reverts.
const REVERTER_INIT = '0x600580600b6000396000f360006000fd';

/** The tracker's store in memory, its chain reading the app's own. */
function memoryTracker(): Tracker {
  const rows = new Map<string, TrackedTx>();
  return {
    async track(tx) {
      rows.set(tx.hash, { ...tx, status: 'pending', createdAt: Date.now() });
    },
    async waitFor(hash) {
      for (;;) {
        const status = await checkOnce(rows.get(hash)!);
        if (status) return status;
        await new Promise((r) => setTimeout(r, 100));
      }
    },
  };
}

beforeAll(async () => {
  anvil = await startAnvil({ chainId });
  provider = new JsonRpcProvider(anvil.url, chainId, { staticNetwork: true, cacheTimeout: -1 });
});

afterAll(async () => {
  provider?.destroy();
  await anvil?.stop();
});

const chain = () => ({ chainId, name: 'devnet', rpcUrl: anvil.url, nativeSymbol: 'VBC' });
const connector = () =>
  createEip1193Connector(
    keyBackedProvider({ privateKeys: [KEY], chains: { [chainId]: anvil.url }, chainId }),
    { id: 'test', type: 'injected', name: 'Test' },
  );

async function write(tx: Partial<TxRequest>, c = connector()) {
  const stages: WriteStage[] = [];
  let refreshed = 0;
  const result = await runWrite({
    connector: c,
    chain: chain(),
    kind: 'other',
    tracker: memoryTracker(),
    prepare: async () => ({ from, to, data: '0x', value: 1n, chainId, ...tx }),
    onStage: (s) => stages.push(s),
    refresh: () => {
      refreshed++;
    },
  });
  return { result, stages, refreshed };
}

describe('runWrite', () => {
  it('sends, follows the receipt to success and refreshes', async () => {
    const before = await provider.getBalance(to);
    const { result, stages, refreshed } = await write({ value: 123n });
    expect(result.status).toBe('success');
    expect(stages).toEqual(['preparing', 'signing', 'pending']);
    expect(refreshed).toBe(1);
    expect(await provider.getBalance(to)).toBe(before + 123n);
  });

  it('reports a reverted transaction (receipt 0x0) as failed with a catalogue key', async () => {
    const deployer = new Wallet(ANVIL_KEYS[6], provider);
    const created = await (await deployer.sendTransaction({ data: REVERTER_INIT })).wait();
    const { result } = await write({ to: created!.contractAddress!, value: 0n, gasLimit: 60_000n });
    expect(result).toMatchObject({ status: 'failed', error: 'txRejected' });
    expect(result.hash).toMatch(/^0x[0-9a-f]{64}$/);
  });

  it("says the wallet's balance is short when it cannot pay value and gas at send time", async () => {
    const poor = Wallet.createRandom();
    const poorConnector = createEip1193Connector(
      keyBackedProvider({
        privateKeys: [poor.privateKey],
        chains: { [chainId]: anvil.url },
        chainId,
      }),
      { id: 'poor', type: 'injected', name: 'Poor' },
    );
    const { result } = await write({ from: poor.address, value: 10n ** 15n }, poorConnector);
    expect(result).toEqual({ status: 'refused', hash: null, error: 'notEnoughAccount' });
  });

  it('stops at a refusal in the wallet: nothing is sent', async () => {
    const nonce = await provider.getTransactionCount(from);
    const refusing = createEip1193Connector(
      {
        request: async ({ method }) => {
          if (method === 'eth_chainId') return `0x${chainId.toString(16)}`;
          throw Object.assign(new Error('User rejected'), { code: 4001 });
        },
      },
      { id: 'x', type: 'injected', name: 'X' },
    );
    const { result, refreshed } = await write({}, refusing);
    expect(result).toEqual({ status: 'refused', hash: null, error: 'txRejected' });
    expect(refreshed).toBe(0);
    expect(await provider.getTransactionCount(from)).toBe(nonce);
  });
});

describe('sendTx (a feature’s one transaction)', () => {
  const on = (c = connector()) => ({
    network: {
      networkId: chainId,
      name: 'devnet',
      rpcUrl: anvil.url,
      nativeSymbol: 'VBC',
      gateway: '',
      explorerUrl: '',
    } as Network,
    connector: c,
    tracker: memoryTracker(),
  });
  const tx = (): TxRequest => ({ from, to, data: '0x', value: 1n, chainId });

  it('answers the hash once the indexer saw it; a refusal as its catalogue key, unindexed', async () => {
    const indexed: string[] = [];
    const waitForIndexer = async (hash: string) => {
      indexed.push(hash);
    };
    const sent = await sendTx(on(), tx, () => {}, waitForIndexer);
    expect(sent).toEqual({ ok: true, value: indexed[0] });
    expect((await provider.getTransactionReceipt(indexed[0]!))?.status).toBe(1);
    const refusing = createEip1193Connector(
      {
        request: async ({ method }) => {
          if (method === 'eth_chainId') return `0x${chainId.toString(16)}`;
          throw Object.assign(new Error('User rejected'), { code: 4001 });
        },
      },
      { id: 'x', type: 'injected', name: 'X' },
    );
    expect(await sendTx(on(refusing), tx, () => {}, waitForIndexer)).toEqual({
      ok: false,
      error: 'txRejected',
    });
    expect(indexed).toHaveLength(1);
  });
});

describe('checkOnce', () => {
  /** A pending transaction as the tracker keeps it. */
  const trackedTx = (hash: string, from: string, nonce: number, createdAt: number): TrackedTx => ({
    hash,
    chainId,
    rpcUrl: anvil.url,
    from,
    nonce,
    kind: 'other',
    value: '1',
    status: 'pending',
    createdAt,
  });

  it('reports a transaction whose nonce another one took as replaced', async () => {
    const signer = new Wallet(ANVIL_KEYS[7], provider);
    await provider.send('evm_setAutomine', [false]);
    try {
      const nonce = await provider.getTransactionCount(signer.address);
      const base = { to, value: 1n, nonce, chainId, gasLimit: 21_000n, type: 2 };
      const slow = await signer.sendTransaction({
        ...base,
        maxFeePerGas: parseUnits('10', 'gwei'),
        maxPriorityFeePerGas: parseUnits('1', 'gwei'),
      });
      const tracked = trackedTx(slow.hash, signer.address, nonce, Date.now());
      expect(await checkOnce(tracked)).toBeNull();
      await signer.sendTransaction({
        ...base,
        value: 2n,
        maxFeePerGas: parseUnits('20', 'gwei'),
        maxPriorityFeePerGas: parseUnits('2', 'gwei'),
      });
      await provider.send('evm_mine', []);
      expect(await checkOnce(tracked)).toBe('replaced');
    } finally {
      await provider.send('evm_setAutomine', [true]);
    }
  });

  it('reports a transaction the node dropped as failed, once it has been gone a while', async () => {
    const signer = new Wallet(ANVIL_KEYS[6], provider);
    await provider.send('evm_setAutomine', [false]);
    try {
      const nonce = await provider.getTransactionCount(signer.address);
      const sent = await signer.sendTransaction({ to, value: 1n, nonce, chainId, type: 2 });
      const sentAt = Date.now();
      const tracked = trackedTx(sent.hash, signer.address, nonce, sentAt);
      const later = sentAt + DROPPED_AFTER_MS + 1;
      // still in the pool: pending, however long it waits
      expect(await checkOnce(tracked, later)).toBeNull();
      await provider.send('anvil_dropTransaction', [sent.hash]);
      // gone, but just sent: an RPC behind a balancer may not have it yet
      expect(await checkOnce(tracked, sentAt + 1000)).toBeNull();
      expect(await checkOnce(tracked, later)).toBe('failed');
    } finally {
      await provider.send('evm_setAutomine', [true]);
    }
  });
});

describe('platform wallet hand-off', () => {
  const KEY_P = ANVIL_KEYS[8];
  const sent: { via: string; rawTx: string }[] = [];
  const broadcast = async (via: string, rawTx: string) => {
    sent.push({ via, rawTx });
    return provider.send('eth_sendRawTransaction', [rawTx]) as Promise<string>;
  };
  const platform = () =>
    createPlatformConnector({
      key: { address: new Wallet(KEY_P).address, privateKey: KEY_P },
      chains: [{ ...chain(), gatewayUrl: 'http://gateway.test' }],
      chainId,
      approve: async () => true,
      post: async (_url, body) => ({
        success: true,
        data: await broadcast('gateway', (body as { rawTx: string }).rawTx),
      }),
      sendRaw: async (route: RawTradeRoute, body) => {
        expect(body.networkId).toBe(chainId);
        return broadcast(route, body.rawTx);
      },
    });

  it('signs in the browser and sends a trade through its route, the rest to the gateway', async () => {
    const c = platform();
    const base = { from: new Wallet(KEY_P).address, to, data: '0x', chainId };
    const one = await write({ ...base, value: 5n, rawRoute: 'raw-matchOrder' }, c);
    const two = await write({ ...base, value: 6n }, c);
    expect([one.result.status, two.result.status]).toEqual(['success', 'success']);
    expect(sent.map((s) => s.via)).toEqual(['raw-matchOrder', 'gateway']);
    const signed = await provider.getTransaction(one.result.hash!);
    expect(signed).toMatchObject({ from: base.from, value: 5n });
  });
});
