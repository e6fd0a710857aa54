import { describe, expect, it } from 'vitest';
import type { Network } from '#shared/schemas/entities.ts';
import { testNetwork } from '#web/test/networks.ts';
import { groupNetworks, networkToSwitchTo, selectedNetwork, sessionChains } from './chains.ts';

const network = (networkId: number, group: Network['group']) => testNetwork(networkId, { group });

const vbchain = network(7771, 'devnet');
const testChain = network(97, 'testnet');
const mainnet = network(7770, 'mainnet');

describe('selectedNetwork', () => {
  it.each([
    ['none chosen: the first listed', [vbchain, testChain], null, 7771],
    ['the chosen one', [vbchain, testChain], 97, 97],
    ['a chosen network no longer listed: the first listed', [vbchain, testChain], 56, 7771],
    ['the first listed, whatever its group', [testChain, vbchain], null, 97],
    ['no network at all: none', [], null, null],
  ])('%s', (_name, list, chosen, expected) => {
    expect(selectedNetwork(list, chosen)?.networkId ?? null).toBe(expected);
  });
});

describe('groupNetworks', () => {
  it('groups by group in the order first listed, each keeping the list order', () => {
    const other = network(98, 'testnet');
    const groups = groupNetworks([testChain, vbchain, other, mainnet]);
    expect(groups.map((g) => [g.group, g.networks.map((n) => n.networkId)])).toEqual([
      ['testnet', [97, 98]],
      ['devnet', [7771]],
      ['mainnet', [7770]],
    ]);
  });
});

describe('networkToSwitchTo', () => {
  it.each([
    ['the wallet on the item network: none', 7771, 7771, null],
    ['the wallet on the other network: the item network', 7771, 97, 97],
    ['the wallet on a network we do not use: the item network', null, 97, 97],
    ['an item of a network not listed: none to offer', 7771, 56, null],
  ])('%s', (_name, wallet, item, expected) => {
    expect(networkToSwitchTo([vbchain, testChain], wallet, item)?.networkId ?? null).toBe(expected);
  });
});

describe('sessionChains', () => {
  it.each([
    ['none chosen: every network, the first listed first', null, [7771, 97]],
    ['the test chain chosen: every network, it first', 97, [97, 7771]],
  ])('%s', (_name, chosen, expected) => {
    expect(sessionChains([vbchain, testChain], chosen).map((c) => c.chainId)).toEqual(expected);
  });

  it('gives the wallet what it needs to add each chain: name, coin, RPC', () => {
    expect(sessionChains([testChain], null)[0]).toMatchObject({
      chainId: 97,
      name: testChain.name,
      nativeSymbol: 'BNB',
      rpcUrl: testChain.rpcUrl,
    });
  });
});
