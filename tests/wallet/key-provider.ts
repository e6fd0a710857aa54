/**
 * An EIP-1193 wallet backed by a real private key, for tests: it signs with ethers (personal_sign,
 * eth_signTypedData_v4, transactions) and sends to a real node (anvil) when given its RPC URL.
 * It knows only the chains it was told about, and answers 4902 for others until
 * wallet_addEthereumChain adds them (as MetaMask does). The browser journeys drive it from the
 * page through an exposed function; unit tests call it directly.
 */
import { getBytes, JsonRpcProvider, TypedDataEncoder, Wallet } from 'ethers';

type Listener = (...args: unknown[]) => void;

export interface KeyProviderOptions {
  privateKeys: string[];
  /** Chain id → node URL (a chain without URL can be switched to, not sent on). */
  chains: Record<number, string | null>;
  chainId: number;
}

export class ProviderRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export function keyBackedProvider(options: KeyProviderOptions) {
  const wallets = options.privateKeys.map((k) => new Wallet(k));
  const known = new Map(Object.entries(options.chains).map(([id, url]) => [Number(id), url]));
  let chainId = options.chainId;
  let accountIndex = 0;
  let connected = false;
  const listeners = new Map<string, Set<Listener>>();
  const emit = (event: string, ...args: unknown[]) => {
    for (const l of listeners.get(event) ?? []) l(...args);
  };
  const current = () => wallets[accountIndex]!;
  const signerFor = (address: string) => {
    const w = wallets.find((x) => x.address.toLowerCase() === String(address).toLowerCase());
    if (!w) throw new ProviderRpcError(4100, 'unknown account');
    return w;
  };
  const nodeProvider = () => {
    const url = known.get(chainId);
    if (!url) throw new ProviderRpcError(-32603, 'no node for this chain');
    return new JsonRpcProvider(url, chainId, { staticNetwork: true, cacheTimeout: -1 });
  };
  const requests: Array<{ method: string; params?: unknown }> = [];

  async function request({ method, params }: { method: string; params?: unknown }) {
    requests.push({ method, params });
    const p = (params ?? []) as unknown[];
    switch (method) {
      case 'eth_requestAccounts':
        connected = true;
        return [current().address];
      case 'eth_accounts':
        return connected ? [current().address] : [];
      case 'eth_chainId':
        return `0x${chainId.toString(16)}`;
      case 'wallet_switchEthereumChain': {
        const id = Number((p[0] as { chainId: string }).chainId);
        if (!known.has(id)) throw new ProviderRpcError(4902, 'Unrecognized chain');
        chainId = id;
        emit('chainChanged', `0x${id.toString(16)}`);
        return null;
      }
      case 'wallet_addEthereumChain': {
        const chain = p[0] as { chainId: string; rpcUrls: string[] };
        known.set(Number(chain.chainId), chain.rpcUrls[0] ?? null);
        return null;
      }
      case 'personal_sign':
        return signerFor(p[1] as string).signMessage(getBytes(p[0] as string));
      case 'eth_signTypedData_v4': {
        const data = JSON.parse(p[1] as string);
        const { EIP712Domain: _d, ...types } = data.types;
        const digest = TypedDataEncoder.hash(data.domain, types, data.message);
        return signerFor(p[0] as string).signingKey.sign(digest).serialized;
      }
      case 'eth_sendTransaction': {
        const tx = p[0] as Record<string, string>;
        const provider = nodeProvider();
        const signer = signerFor(tx.from!).connect(provider);
        const sent = await signer.sendTransaction({
          to: tx.to ?? null,
          data: tx.data ?? '0x',
          value: BigInt(tx.value ?? '0x0'),
          ...(tx.gas ? { gasLimit: BigInt(tx.gas) } : {}),
        });
        provider.destroy();
        return sent.hash;
      }
      default: {
        const provider = nodeProvider();
        try {
          return await provider.send(method, p);
        } finally {
          provider.destroy();
        }
      }
    }
  }

  return {
    request,
    requests,
    on(event: string, l: Listener) {
      const set = listeners.get(event) ?? new Set();
      set.add(l);
      listeners.set(event, set);
    },
    removeListener(event: string, l: Listener) {
      listeners.get(event)?.delete(l);
    },
    /** The user picks another account in the wallet. */
    switchAccount(index: number) {
      accountIndex = index;
      emit('accountsChanged', [current().address]);
    },
    get address() {
      return current().address;
    },
  };
}
