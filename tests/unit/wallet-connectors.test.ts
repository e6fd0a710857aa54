// @vitest-environment happy-dom
/**
 * The connector layer (src/wallet/connectors): the EIP-1193 connector over a key-backed wallet
 * (signatures verified with ethers), EIP-6963 discovery, chain switch with 4902 → add chain,
 * a user refusal, and the platform wallet's approval step and unlimited-approval refusal.
 */
import { Interface, MaxUint256, verifyMessage, verifyTypedData, Wallet } from 'ethers';
import { describe, expect, it } from 'vitest';
import { keyBackedProvider } from '#tests/wallet/key-provider.ts';
import { createEip1193Connector } from '#web/wallet/connectors/eip1193.ts';
import { discoverInjected, injectedConnector } from '#web/wallet/connectors/injected.ts';
import {
  createPlatformConnector,
  isForeignUnlimitedApproval,
  type SignRequest,
} from '#web/wallet/connectors/platform.ts';
import type { TxRequest, TypedDataPayload } from '#web/wallet/connectors/types.ts';

const KEY_A = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const KEY_B = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
const EXCHANGE = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const OTHER = '0x000000000000000000000000000000000000dEaD';

const typedData: TypedDataPayload = {
  domain: { name: 'Test', version: '1', chainId: 31337, verifyingContract: EXCHANGE },
  types: {
    Bid: [
      { name: 'bidder', type: 'address' },
      { name: 'amount', type: 'uint256' },
    ],
  },
  primaryType: 'Bid',
  message: { bidder: new Wallet(KEY_A).address, amount: 10n ** 18n },
};

const chains = [
  { chainId: 31337, name: 'Devnet', rpcUrl: 'http://127.0.0.1:1/rpc', nativeSymbol: 'VBC' },
  { chainId: 97, name: 'Test chain', rpcUrl: 'http://127.0.0.1:2/rpc', nativeSymbol: 'BNB' },
];

describe('EIP-1193 connector', () => {
  const wallet = () =>
    keyBackedProvider({ privateKeys: [KEY_A, KEY_B], chains: { 31337: null }, chainId: 31337 });

  it('connects with checksummed accounts, signs messages and typed data the signer verifies', async () => {
    const provider = wallet();
    const c = createEip1193Connector(provider, { id: 'x', type: 'injected', name: 'X' });
    const { accounts, chainId } = await c.connect();
    expect(accounts).toEqual([new Wallet(KEY_A).address]);
    expect(chainId).toBe(31337);
    const account = accounts[0]!;
    const sig = await c.signMessage({ account, message: 'hello\nworld' });
    expect(verifyMessage('hello\nworld', sig)).toBe(account);
    const typedSig = await c.signTypedData({ account, typedData });
    expect(verifyTypedData(typedData.domain, typedData.types, typedData.message, typedSig)).toBe(
      account,
    );
  });

  it('adds an unknown chain on 4902 and reports account and chain changes', async () => {
    const provider = wallet();
    const c = createEip1193Connector(provider, { id: 'x', type: 'injected', name: 'X' });
    const seen: unknown[] = [];
    c.on('chainChanged', (id) => seen.push(['chain', id]));
    c.on('accountsChanged', (a) => seen.push(['accounts', a]));
    await c.connect();
    await c.switchChain(chains[1]!);
    expect(await c.getChainId()).toBe(97);
    expect(provider.requests.map((r) => r.method)).toContain('wallet_addEthereumChain');
    provider.switchAccount(1);
    expect(seen).toEqual([
      ['chain', 97],
      ['accounts', [new Wallet(KEY_B).address]],
    ]);
    await c.disconnect();
    provider.switchAccount(0);
    expect(seen).toHaveLength(2);
  });

  it('turns a user refusal (4001) into USER_REJECTED', async () => {
    const refusing = {
      request: async () => Promise.reject(Object.assign(new Error('no'), { code: 4001 })),
    };
    const c = createEip1193Connector(refusing, { id: 'x', type: 'injected', name: 'X' });
    await expect(c.connect()).rejects.toMatchObject({ name: 'WalletError', code: 'USER_REJECTED' });
  });
});

describe('EIP-6963 discovery', () => {
  it('collects announced wallets once per rdns, else falls back to window.ethereum', async () => {
    const provider = keyBackedProvider({
      privateKeys: [KEY_A],
      chains: { 31337: null },
      chainId: 31337,
    });
    const info = {
      uuid: '1',
      name: 'Test Wallet',
      icon: 'data:image/svg+xml,<svg/>',
      rdns: 'org.test',
    };
    const announce = () => {
      for (let i = 0; i < 2; i++) {
        window.dispatchEvent(
          new CustomEvent('eip6963:announceProvider', {
            detail: Object.freeze({ info, provider }),
          }),
        );
      }
    };
    window.addEventListener('eip6963:requestProvider', announce);
    const found = await discoverInjected(window, 10);
    window.removeEventListener('eip6963:requestProvider', announce);
    expect(found.map((d) => d.info.rdns)).toEqual(['org.test']);
    const c = injectedConnector(found[0]!);
    expect([c.id, c.name, c.type]).toEqual(['org.test', 'Test Wallet', 'injected']);

    expect(await discoverInjected(window, 10)).toEqual([]);
    (window as unknown as { ethereum: unknown }).ethereum = provider;
    expect((await discoverInjected(window, 10)).map((d) => d.info.rdns)).toEqual(['injected']);
    delete (window as unknown as { ethereum?: unknown }).ethereum;
  });
});

describe('platform connector', () => {
  const key = { address: new Wallet(KEY_A).address, privateKey: KEY_A };
  const erc20 = new Interface(['function approve(address spender, uint256 amount)']);
  const approveTx = (spender: string, amount: bigint): TxRequest => ({
    from: key.address,
    to: OTHER,
    data: erc20.encodeFunctionData('approve', [spender, amount]),
    value: 0n,
    chainId: 31337,
  });
  /** A platform connector whose user answers `answer()` and whose requests land in `asked`. */
  const platform = (answer: () => boolean) => {
    const asked: SignRequest[] = [];
    const connector = createPlatformConnector({
      key,
      chains,
      chainId: 31337,
      approve: async (r) => {
        asked.push(r);
        return answer();
      },
      exchangeOf: () => EXCHANGE,
    });
    return { c: connector, asked };
  };

  it('signs only what the user approved, and shows them what it is', async () => {
    let answer = false;
    const { c, asked } = platform(() => answer);
    await expect(c.signMessage({ account: key.address, message: 'm' })).rejects.toMatchObject({
      code: 'USER_REJECTED',
    });
    answer = true;
    const sig = await c.signMessage({ account: key.address, message: 'm' });
    expect(verifyMessage('m', sig)).toBe(key.address);
    const typedSig = await c.signTypedData({ account: key.address, typedData });
    expect(verifyTypedData(typedData.domain, typedData.types, typedData.message, typedSig)).toBe(
      key.address,
    );
    expect(asked.map((r) => r.kind)).toEqual(['message', 'message', 'typedData']);
  });

  it.each([
    [EXCHANGE, MaxUint256, false],
    [OTHER, MaxUint256, true],
    [OTHER, 10n ** 18n, false],
  ])('approve(%s, %s) is a foreign unlimited approval: %s', (spender, amount, foreign) => {
    expect(isForeignUnlimitedApproval(approveTx(spender, amount), EXCHANGE)).toBe(foreign);
  });

  it('moves between our networks, and refuses one it was not given without leaving its own', async () => {
    const { c } = platform(() => true);
    const seen: unknown[] = [];
    c.on('chainChanged', (id) => seen.push(id));
    await c.switchChain(chains[1]!);
    expect(await c.getChainId()).toBe(97);
    const unknown = {
      chainId: 1,
      name: 'Elsewhere',
      rpcUrl: 'http://127.0.0.1:3',
      nativeSymbol: 'X',
    };
    await expect(c.switchChain(unknown)).rejects.toMatchObject({ code: 'WRONG_NETWORK' });
    expect(await c.getChainId()).toBe(97);
    await c.switchChain(chains[0]!);
    expect(seen).toEqual([97, 31337]);
  });

  it('refuses an unlimited approval to a stranger before asking the user', async () => {
    const { c, asked } = platform(() => true);
    await expect(c.sendTransaction(approveTx(OTHER, MaxUint256))).rejects.toMatchObject({
      code: 'UNSUPPORTED',
    });
    expect(asked).toEqual([]);
  });
});
