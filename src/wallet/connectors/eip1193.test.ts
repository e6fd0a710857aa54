import { describe, expect, it } from 'vitest';
import { createEip1193Connector, typedDataJson } from './eip1193.ts';

const payload = (chainId: unknown) => ({
  domain: { name: 'Exchange', version: '1', chainId, verifyingContract: `0x${'1'.repeat(40)}` },
  types: { Order: [{ name: 'price', type: 'uint256' }] },
  primaryType: 'Order',
  message: { price: 10n ** 18n },
});

describe('typedDataJson', () => {
  it.each([
    [31_337n, 31_337],
    ['31337', 31_337],
    [8_888, 8_888],
  ])('domain chainId %s is the number %s', (chainId, expected) => {
    const json = JSON.parse(typedDataJson(payload(chainId)));
    expect(json.domain.chainId).toBe(expected);
    // The message's amounts stay decimal strings (above 2^53).
    expect(json.message.price).toBe('1000000000000000000');
    expect(json.types.EIP712Domain.map((f: { name: string }) => f.name)).toEqual([
      'name',
      'version',
      'chainId',
      'verifyingContract',
    ]);
  });
});

/**
 * A fake EIP-1193 wallet: answers each request from `answers` in turn (an Error with a code is
 * thrown) and records what was asked, so the switch and 4902 flows are seen request by request.
 */
function fakeWallet(answers: Record<string, Array<unknown>>) {
  const asked: Array<{ method: string; params?: unknown }> = [];
  const provider = {
    async request(args: { method: string; params?: unknown[] }) {
      asked.push(args);
      const answer = answers[args.method]?.shift() ?? null;
      if (answer instanceof Error) throw answer;
      return answer;
    },
  };
  return { provider, asked };
}

const failing = (code: number, wrapped = false) =>
  Object.assign(
    new Error(`code ${code}`),
    wrapped ? { code: -32603, data: { originalError: { code } } } : { code },
  );

const testChain = {
  chainId: 97,
  name: 'BNB test chain',
  rpcUrl: 'http://127.0.0.1:9/rpc',
  nativeSymbol: 'BNB',
  explorerUrl: 'https://testnet.bscscan.com',
};

describe('switchChain', () => {
  const switchTo = { method: 'wallet_switchEthereumChain', params: [{ chainId: '0x61' }] };
  const add = {
    method: 'wallet_addEthereumChain',
    params: [
      {
        chainId: '0x61',
        chainName: 'BNB test chain',
        rpcUrls: ['http://127.0.0.1:9/rpc'],
        nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
        blockExplorerUrls: ['https://testnet.bscscan.com'],
      },
    ],
  };
  it.each([
    ['a known chain is only switched to', {}, [switchTo], null],
    [
      'an unknown chain (4902) is added with its name, coin, RPC and explorer, then switched to',
      { wallet_switchEthereumChain: [failing(4902)] },
      [switchTo, add, switchTo],
      null,
    ],
    [
      'a 4902 wrapped in data.originalError (MetaMask on phones) adds the chain too',
      { wallet_switchEthereumChain: [failing(4902, true)] },
      [switchTo, add, switchTo],
      null,
    ],
    [
      'a refused switch (4001) is USER_REJECTED and adds nothing',
      { wallet_switchEthereumChain: [failing(4001)] },
      [switchTo],
      'USER_REJECTED',
    ],
    [
      'a refused add (4001) is USER_REJECTED and is not switched to',
      { wallet_switchEthereumChain: [failing(4902)], wallet_addEthereumChain: [failing(4001)] },
      [switchTo, add],
      'USER_REJECTED',
    ],
  ])('%s', async (_name, answers, expected, code) => {
    const { provider, asked } = fakeWallet(answers as Record<string, unknown[]>);
    const c = createEip1193Connector(provider, { id: 'x', type: 'injected', name: 'X' });
    const done = c.switchChain(testChain);
    if (code) await expect(done).rejects.toMatchObject({ name: 'WalletError', code });
    else await done;
    expect(asked).toEqual(expected);
  });
});
