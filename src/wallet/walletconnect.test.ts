// @vitest-environment happy-dom
/**
 * The restore of a stored WalletConnect session (src/wallet/walletconnect.ts) with the SDK, its
 * storage check and the wallet connection replaced: a restore at start and the wallet panel's at
 * the same time load the SDK once and connect once; without a stored session the SDK never loads.
 */
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Network } from '#shared/schemas/entities.ts';

const sdk = vi.hoisted(() => ({
  stored: true,
  loads: 0,
  connects: 0,
  active: null as unknown,
}));

vi.mock('#web/lib/api-client.ts', () => ({
  api: { get: async () => ({ data: { relayUrl: 'ws://127.0.0.1:1', projectId: 'local' } }) },
}));

vi.mock('./connectors/walletconnect.ts', () => ({
  hasStoredWalletConnectSession: async () => sdk.stored,
  pairingExpiry: () => null,
  probeRelay: async () => true,
  loadWalletConnect: async () => {
    sdk.loads += 1;
    await new Promise((r) => setTimeout(r, 20));
    return {
      connector: { connect: async () => ({ accounts: ['0xabc'] }) },
      hasSession: () => true,
      relayConnected: () => true,
      onRelayChange: () => () => undefined,
      onUri: () => () => undefined,
      pair: async () => undefined,
    };
  },
}));

vi.mock('./connection.ts', () => ({
  activeConnector: () => sdk.active,
  connectPlatform: async (c: unknown) => {
    sdk.connects += 1;
    sdk.active = c;
  },
}));

const networks = [
  { networkId: 7771, name: 'devnet', rpcUrl: 'http://127.0.0.1:1' } as unknown as Network,
];

beforeEach(() => {
  vi.resetModules();
  Object.assign(sdk, { stored: true, loads: 0, connects: 0, active: null });
});

describe('restoring a stored WalletConnect session', () => {
  it('at start and from the wallet panel at once: one SDK, one connection', async () => {
    const wc = await import('./walletconnect.ts');
    const client = new QueryClient();
    const fetchQuery = vi.spyOn(client, 'fetchQuery').mockResolvedValue(networks);
    await Promise.all([wc.restoreWalletConnectAtStart(client), wc.restoreWalletConnect(networks)]);
    expect(fetchQuery).toHaveBeenCalledOnce();
    expect(sdk.loads).toBe(1);
    expect(sdk.connects).toBe(1);
    expect(wc.walletConnectUi.phase).toBe('closed');
    // Connected: a later restore does nothing.
    await wc.restoreWalletConnect(networks);
    expect(sdk.loads).toBe(1);
    expect(sdk.connects).toBe(1);
  });

  it('without a stored session, never loads the SDK', async () => {
    sdk.stored = false;
    const wc = await import('./walletconnect.ts');
    await wc.restoreWalletConnect(networks);
    expect(sdk.loads).toBe(0);
    expect(sdk.connects).toBe(0);
    expect(wc.walletConnectUi.phase).toBe('closed');
  });
});
