/**
 * Two real WalletConnect clients (the SDK's sign-client as the dapp, tests/walletconnect/
 * test-wallet.ts as the wallet) pair through the local relay, approve a session and exchange
 * signing requests, with no internet: what the page and a phone do, minus the browser.
 */
import { SignClient } from '@walletconnect/sign-client';
import { hexlify, toUtf8Bytes, verifyMessage, verifyTypedData } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VBCHAIN_DEVNET } from '#contracts/chains.ts';
import { ANVIL_KEYS } from '#contracts/devnet/anvil.ts';
import { type Relay, startRelay } from '#server/walletconnect-relay/relay.ts';
import { MemoryStorage } from '#tests/walletconnect/memory-storage.ts';
import { startTestWallet, type TestWallet } from '#tests/walletconnect/test-wallet.ts';

const CHAIN = `eip155:${VBCHAIN_DEVNET.chainId}`;
type Dapp = Awaited<ReturnType<typeof SignClient.init>>;

let relay: Relay;
let dapp: Dapp;
let wallet: TestWallet;
let topic: string;

beforeAll(async () => {
  relay = await startRelay({ port: 0, log: () => undefined });
  dapp = await SignClient.init({
    projectId: 'local',
    relayUrl: relay.url,
    storage: new MemoryStorage(),
    customStoragePrefix: 'dapp',
    logger: 'silent',
    telemetryEnabled: false,
    metadata: { name: 'Marketplace', description: 'test', url: 'http://127.0.0.1', icons: [] },
  });
  wallet = await startTestWallet({
    relayUrl: relay.url,
    privateKey: ANVIL_KEYS[5],
    chainId: VBCHAIN_DEVNET.chainId,
  });
});

afterAll(async () => {
  await wallet?.close();
  await dapp?.core.relayer.transportClose();
  await relay?.close();
});

function request(method: string, params: unknown[]): Promise<string> {
  return dapp.request<string>({ topic, chainId: CHAIN, request: { method, params } });
}

describe('two SDK clients through the local relay', () => {
  it('pair and approve a session with the wallet account on the devnet chain', async () => {
    const { uri, approval } = await dapp.connect({
      optionalNamespaces: {
        eip155: {
          chains: [CHAIN],
          methods: ['personal_sign', 'eth_signTypedData_v4'],
          events: ['accountsChanged', 'chainChanged'],
        },
      },
    });
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/);
    const [session, walletTopic] = await Promise.all([approval(), wallet.pair(uri as string)]);
    topic = session.topic;
    expect(walletTopic).toBe(topic);
    expect(session.namespaces.eip155?.accounts).toEqual([`${CHAIN}:${wallet.address}`]);
  });

  it('a personal_sign request is signed by the wallet key', async () => {
    const message = 'Sign in to the marketplace\nNonce: 8f2c1d';
    const signature = await request('personal_sign', [
      hexlify(toUtf8Bytes(message)),
      wallet.address,
    ]);
    expect(verifyMessage(message, signature)).toBe(wallet.address);
  });

  it('an eth_signTypedData_v4 request is signed over the same typed data', async () => {
    const typed = {
      domain: { name: 'Exchange', version: '1', chainId: VBCHAIN_DEVNET.chainId },
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
        ],
        Bid: [
          { name: 'tokenId', type: 'uint256' },
          { name: 'price', type: 'uint256' },
        ],
      },
      primaryType: 'Bid',
      message: { tokenId: '7', price: '1500000000000000000' },
    };
    const signature = await request('eth_signTypedData_v4', [
      wallet.address,
      JSON.stringify(typed),
    ]);
    const { EIP712Domain: _, ...types } = typed.types;
    expect(verifyTypedData(typed.domain, types, typed.message, signature)).toBe(wallet.address);
  });

  it('a request sent while the wallet is offline waits in the mailbox and is answered when it reconnects', async () => {
    await wallet.client.core.relayer.transportClose();
    const before = relay.stats().messages;
    const answered = request('personal_sign', [hexlify(toUtf8Bytes('while away')), wallet.address]);
    await expect.poll(() => relay.stats().messages, { timeout: 10_000 }).toBeGreaterThan(before);
    await wallet.client.core.relayer.transportOpen();
    expect(verifyMessage('while away', await answered)).toBe(wallet.address);
  });

  it('a wallet app restarted with its storage restores the session and keeps answering', async () => {
    const storage: MemoryStorage = wallet.storage;
    await wallet.close();
    wallet = await startTestWallet({
      relayUrl: relay.url,
      privateKey: ANVIL_KEYS[5],
      chainId: VBCHAIN_DEVNET.chainId,
      storage,
    });
    expect(wallet.client.session.keys).toContain(topic);
    const signature = await request('personal_sign', [
      hexlify(toUtf8Bytes('after restart')),
      wallet.address,
    ]);
    expect(verifyMessage('after restart', signature)).toBe(wallet.address);
  });

  it('a disconnect from the wallet ends the session on the dapp side', async () => {
    const deleted = new Promise<string>((resolve) =>
      dapp.once('session_delete', ({ topic: t }) => resolve(t)),
    );
    await wallet.disconnect();
    expect(await deleted).toBe(topic);
    expect(dapp.session.keys).not.toContain(topic);
  });
});
