// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { LOCAL_PROJECT_ID } from '#shared/walletconnect.ts';
import { loadWalletConnect, pairingExpiry } from './walletconnect.ts';

const topic = 'a'.repeat(64);

describe('pairingExpiry', () => {
  it.each([
    [
      `wc:${topic}@2?relay-protocol=irn&symKey=${'b'.repeat(64)}&expiryTimestamp=1795458000`,
      1_795_458_000_000,
    ],
    [`wc:${topic}@2?expiryTimestamp=1795458123&relay-protocol=irn`, 1_795_458_123_000],
    [`wc:${topic}@2?relay-protocol=irn&symKey=${'b'.repeat(64)}`, null],
    ['not a uri', null],
  ])('%s → %s', (uri, expected) => {
    expect(pairingExpiry(uri)).toBe(expected);
  });
});

/** The SDK's provider, as far as the session's chains and a switch go. */
const sdk = vi.hoisted(() => ({
  init: null as Record<string, unknown> | null,
  requests: [] as Array<{ method: string; params?: unknown }>,
}));

vi.mock('@walletconnect/ethereum-provider', () => ({
  EthereumProvider: {
    init: async (options: Record<string, unknown>) => {
      sdk.init = options;
      const relayer = { connected: true, on: () => undefined, off: () => undefined };
      return {
        signer: { client: { core: { relayer, verify: { register: async () => '' } } } },
        request: async (args: { method: string; params?: unknown }) => {
          sdk.requests.push(args);
          return null;
        },
        on: () => undefined,
        removeListener: () => undefined,
      };
    },
  },
}));

describe('a WalletConnect session', () => {
  const chains = [
    { chainId: 97, name: 'BNB test chain', rpcUrl: 'http://127.0.0.1:1/97', nativeSymbol: 'BNB' },
    { chainId: 7771, name: 'VBChain', rpcUrl: 'http://127.0.0.1:1/7771', nativeSymbol: 'VBC' },
  ];

  it('asks for every network (the chosen first, all optional) and switches inside it', async () => {
    const handle = await loadWalletConnect({
      relayUrl: 'ws://127.0.0.1:1',
      projectId: LOCAL_PROJECT_ID,
      chains,
      appName: 'Test',
    });
    expect(sdk.init).toMatchObject({
      optionalChains: [97, 7771],
      rpcMap: { 97: chains[0]!.rpcUrl, 7771: chains[1]!.rpcUrl },
    });
    expect(sdk.init).not.toHaveProperty('chains');
    await handle.connector.switchChain(chains[1]!);
    expect(sdk.requests).toEqual([
      { method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1e5b' }] },
    ]);
  });
});
