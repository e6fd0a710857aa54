/**
 * The network catalogue as configuration (server/src/networks.ts via loadConfig): the built-in
 * networks, an operator's NETWORKS_FILE and NETWORK_RPC_URLS, and the refusals of a bad one.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#server/config.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'vbc-networks-'));
const base = { DATA_DIR: dir, JWT_SECRET: 'x'.repeat(40) };

function fileWith(content: unknown): string {
  const file = path.join(dir, `networks-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

describe('network configuration', () => {
  it('lists the built-in networks by group; only the primary network is served by default', () => {
    const config = loadConfig(base);
    expect(
      config.networks.map((n) => [n.networkId, n.group, n.nativeSymbol, n.wrappedSymbol]),
    ).toEqual([
      [97, 'testnet', 'BNB', 'WBNB'],
      [7771, 'devnet', 'VBC', 'WVBC'],
    ]);
    expect(config.served.map((n) => n.networkId)).toEqual([7771]);
    expect(config.served[0]?.nodeUrl).toBe(config.rpcUrl);
  });

  it('points a network at a node with NETWORK_RPC_URLS, and serves it after the primary', () => {
    const config = loadConfig({
      ...base,
      RPC_URL: 'http://127.0.0.1:9001',
      NETWORK_RPC_URLS: '97=https://bsc-testnet.example.org',
    });
    expect(config.served.map((n) => [n.networkId, n.nodeUrl])).toEqual([
      [7771, 'http://127.0.0.1:9001'],
      [97, 'https://bsc-testnet.example.org'],
    ]);
  });

  it('merges NETWORKS_FILE entries over the built-ins, adds and drops networks', () => {
    const file = fileWith({
      networks: [
        {
          networkId: 97,
          rpcUrl: 'https://node.example.org',
          domain: 'https://rpc.example.org',
          explorerUrl: '',
        },
        {
          networkId: 1337,
          name: 'Lab chain',
          nativeSymbol: 'LAB',
          wrappedSymbol: 'WLAB',
          group: 'devnet',
        },
        { networkId: 7771, name: 'VBChain', icon: '/x.svg' },
      ],
    });
    const config = loadConfig({ ...base, NETWORKS_FILE: file });
    const byId = new Map(config.networks.map((n) => [n.networkId, n]));
    expect(byId.get(97)).toMatchObject({
      nodeUrl: 'https://node.example.org',
      domain: 'https://rpc.example.org',
      nativeSymbol: 'BNB',
      explorerUrl: '',
    });
    expect(byId.get(7771)).toMatchObject({
      name: 'VBChain',
      icon: '/x.svg',
      wrappedSymbol: 'WVBC',
    });
    expect(byId.get(1337)).toMatchObject({ group: 'devnet', nodeUrl: null });
    const dropped = loadConfig({
      ...base,
      NETWORKS_FILE: fileWith({ networks: [{ networkId: 97, enabled: false }] }),
    });
    expect(dropped.networks.map((n) => n.networkId)).toEqual([7771]);
  });

  it('refuses a bad file, a new network without its coins and a malformed NETWORK_RPC_URLS', () => {
    expect(() => loadConfig({ ...base, NETWORKS_FILE: fileWith('{not json') })).toThrow(
      ConfigError,
    );
    expect(() =>
      loadConfig({
        ...base,
        NETWORKS_FILE: fileWith({ networks: [{ networkId: 5, name: 'Five' }] }),
      }),
    ).toThrow(/nativeSymbol/);
    expect(() =>
      loadConfig({
        ...base,
        NETWORKS_FILE: fileWith({ networks: [{ networkId: 97, colour: 'red' }] }),
      }),
    ).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, NETWORK_RPC_URLS: '97 = ftp://x' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, NETWORK_RPC_URLS: '12345=http://x' })).toThrow(/12345/);
  });
});
