/**
 * The platform wallet as a Connector: a key decrypted in this browser, held in memory only. It
 * signs locally, after the user approved what it signs (`approve`, shown in their language),
 * and posts signed transactions to our server's trade route the request names (`rawRoute`:
 * raw-matchOrder, raw-matchOrder-nfts, raw-matchOrder-bundle, send-rawtx, with the api-key), or
 * else to the network's gateway (`<gateway>/contract/createTransaction`); both check and
 * broadcast them. It refuses unlimited ERC-20 approvals to anything but the exchange.
 */
import {
  getAddress,
  Interface,
  JsonRpcProvider,
  MaxUint256,
  Signature,
  TypedDataEncoder,
  Wallet,
} from 'ethers';
import type { UnlockedKey } from '#web/wallet/platform/keystore.ts';
import { createEmitter } from './emitter.ts';
import {
  type ChainTarget,
  type Connector,
  type RawTradeRoute,
  type TxRequest,
  type TypedDataPayload,
  WalletError,
} from './types.ts';

/** What the user is asked to approve before the platform wallet signs. */
export type SignRequest =
  | { kind: 'message'; message: string }
  | { kind: 'typedData'; typedData: TypedDataPayload }
  | { kind: 'transaction'; tx: TxRequest };

export interface PlatformConnectorOptions {
  key: UnlockedKey;
  chains: readonly ChainTarget[];
  chainId: number;
  /** Shows the request; resolves true when the user approves it. */
  approve: (request: SignRequest) => Promise<boolean>;
  /** The exchange of each chain: the only spender an unlimited approval may name. */
  exchangeOf?: (chainId: number) => string | null;
  /** The gateway post (injectable for tests); default: fetch. */
  post?: (url: string, body: unknown) => Promise<unknown>;
  /** Posts a signed transaction to the server's trade route `route`; answers its hash. */
  sendRaw?: (route: RawTradeRoute, body: { rawTx: string; networkId: number }) => Promise<string>;
}

const erc20 = new Interface(['function approve(address spender, uint256 amount)']);

/** True when `tx` approves an unlimited amount to a spender other than `exchange`. */
export function isForeignUnlimitedApproval(tx: TxRequest, exchange: string | null): boolean {
  if (!tx.data.toLowerCase().startsWith(erc20.getFunction('approve')!.selector)) return false;
  try {
    const [spender, amount] = erc20.decodeFunctionData('approve', tx.data);
    if ((amount as bigint) !== MaxUint256) return false;
    return !exchange || getAddress(spender as string) !== getAddress(exchange);
  } catch {
    return false;
  }
}

async function postJson(url: string, body: unknown): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
  return response.json();
}

export function createPlatformConnector(options: PlatformConnectorOptions): Connector {
  const events = createEmitter();
  const wallet = new Wallet(options.key.privateKey);
  let chainId = options.chainId;
  const chain = () => {
    const found = options.chains.find((c) => c.chainId === chainId);
    if (!found) throw new WalletError('WRONG_NETWORK');
    return found;
  };
  const approved = async (request: SignRequest) => {
    if (!(await options.approve(request))) throw new WalletError('USER_REJECTED');
  };
  return {
    id: 'platform',
    type: 'platform',
    name: 'VBchain',
    connect: async () => ({ accounts: [wallet.address], chainId }),
    disconnect: async () => {
      events.emit('disconnect');
    },
    getAccounts: async () => [wallet.address],
    getChainId: async () => chainId,
    async switchChain(target) {
      // Only to a network it was given; a refused switch leaves it where it was.
      if (!options.chains.some((c) => c.chainId === target.chainId)) {
        throw new WalletError('WRONG_NETWORK');
      }
      chainId = target.chainId;
      events.emit('chainChanged', chainId);
    },
    async signMessage({ message }) {
      await approved({ kind: 'message', message });
      return wallet.signMessage(message);
    },
    async signTypedData({ typedData }) {
      await approved({ kind: 'typedData', typedData });
      const { domain, types, message } = typedData;
      const digest = TypedDataEncoder.hash(domain, types, message);
      return Signature.from(wallet.signingKey.sign(digest)).serialized;
    },
    async sendTransaction(tx) {
      if (isForeignUnlimitedApproval(tx, options.exchangeOf?.(tx.chainId) ?? null)) {
        throw new WalletError('UNSUPPORTED', { message: 'unlimited approval refused' });
      }
      await approved({ kind: 'transaction', tx });
      const target = chain();
      if (tx.chainId !== target.chainId) throw new WalletError('WRONG_NETWORK');
      if (tx.rawRoute && options.sendRaw) {
        const rawTx = await signLocally(wallet, tx, target);
        return options.sendRaw(tx.rawRoute, { rawTx, networkId: target.chainId });
      }
      return signAndPost(wallet, tx, target, options.post ?? postJson);
    },
    on: events.on,
    off: events.off,
  };
}

/** Fills nonce and fees from the network's RPC and signs: the raw transaction. */
async function signLocally(wallet: Wallet, tx: TxRequest, target: ChainTarget): Promise<string> {
  const provider = new JsonRpcProvider(target.rpcUrl, target.chainId, {
    staticNetwork: true,
    cacheTimeout: -1,
  });
  const signer = wallet.connect(provider);
  try {
    const populated = await signer.populateTransaction({
      to: tx.to,
      data: tx.data,
      value: tx.value,
      chainId: tx.chainId,
      ...(tx.gasLimit !== undefined ? { gasLimit: tx.gasLimit } : {}),
      ...(tx.nonce !== undefined ? { nonce: tx.nonce } : {}),
    });
    return await signer.signTransaction(populated);
  } finally {
    provider.destroy();
  }
}

/** Signs locally and posts to the gateway. */
async function signAndPost(
  wallet: Wallet,
  tx: TxRequest,
  target: ChainTarget,
  post: (url: string, body: unknown) => Promise<unknown>,
): Promise<string> {
  if (!target.gatewayUrl) throw new WalletError('UNSUPPORTED', { message: 'no gateway' });
  const rawTx = await signLocally(wallet, tx, target);
  const answer = (await post(`${target.gatewayUrl}/contract/createTransaction`, {
    rawTx,
    from: wallet.address,
  })) as { success?: boolean; data?: string | null; code?: string; message?: string };
  if (answer?.success && typeof answer.data === 'string') return answer.data;
  throw new WalletError('TX_FAILED', {
    message: answer?.code ?? answer?.message ?? 'refused',
    cause: answer,
  });
}
