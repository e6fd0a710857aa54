/**
 * A Connector over any EIP-1193 provider: the injected wallets (EIP-6963) use it, and so can
 * WalletConnect's EthereumProvider. Accounts are checksummed; chain switching adds the chain on
 * error 4902 (the wallet does not know it); a user refusal (4001) is USER_REJECTED.
 */
import { getAddress, hexlify, toUtf8Bytes } from 'ethers';
import { createEmitter } from './emitter.ts';
import {
  type ChainTarget,
  type Connector,
  type ConnectorType,
  type Eip1193Provider,
  type TxRequest,
  type TypedDataPayload,
  WalletError,
} from './types.ts';

const toHex = (n: bigint | number) => `0x${n.toString(16)}`;

/** EIP-1193 errors → WalletError (4001 refused by the user, anything else kept as the cause). */
export function walletErrorOf(error: unknown): WalletError {
  if (error instanceof WalletError) return error;
  const code = (error as { code?: number })?.code;
  if (code === 4001) return new WalletError('USER_REJECTED', { cause: error });
  return new WalletError('TX_FAILED', { cause: error, message: (error as Error)?.message });
}

/** The EIP712Domain type of a domain: only the fields it has, in the standard order. */
export function domainType(domain: Record<string, unknown>) {
  const fields = [
    { name: 'name', type: 'string' },
    { name: 'version', type: 'string' },
    { name: 'chainId', type: 'uint256' },
    { name: 'verifyingContract', type: 'address' },
    { name: 'salt', type: 'bytes32' },
  ];
  return fields.filter((f) => domain[f.name] !== undefined);
}

/**
 * JSON for eth_signTypedData_v4 (bigints as decimal strings), the domain's chainId a number:
 * wallets that rebuild the domain from its values (viem does) hash a string chainId as another
 * message, and the signature is refused.
 */
export function typedDataJson(typedData: TypedDataPayload): string {
  const { chainId } = typedData.domain;
  const domain =
    chainId === undefined ? typedData.domain : { ...typedData.domain, chainId: Number(chainId) };
  const payload = {
    ...typedData,
    domain,
    types: { EIP712Domain: domainType(typedData.domain), ...typedData.types },
  };
  return JSON.stringify(payload, (_k, v) => (typeof v === 'bigint' ? v.toString() : v));
}

export interface Eip1193ConnectorMeta {
  id: string;
  type: ConnectorType;
  name: string;
  icon?: string;
  /** Called by disconnect() (WalletConnect ends its session; an injected wallet has nothing). */
  onDisconnect?: () => Promise<void>;
}

/**
 * 4902: the wallet does not know the chain. MetaMask on phones wraps it in
 * `data.originalError`, so both places are read.
 */
function isUnknownChain(error: unknown): boolean {
  const e = error as { code?: number; data?: { originalError?: { code?: number } } } | null;
  return e?.code === 4902 || e?.data?.originalError?.code === 4902;
}

/** The chain as wallet_addEthereumChain describes it: name, coin, RPC and explorer. */
export function addChainParameters(target: ChainTarget) {
  return {
    chainId: toHex(target.chainId),
    chainName: target.name,
    rpcUrls: [target.rpcUrl],
    nativeCurrency: { name: target.nativeSymbol, symbol: target.nativeSymbol, decimals: 18 },
    ...(target.explorerUrl ? { blockExplorerUrls: [target.explorerUrl] } : {}),
  };
}

/** Asks the wallet to switch; a chain it does not know (4902) is added, then switched to. */
async function switchChain(provider: Eip1193Provider, target: ChainTarget): Promise<void> {
  const chainId = toHex(target.chainId);
  const switchTo = () =>
    provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] });
  try {
    await switchTo();
  } catch (error) {
    if (!isUnknownChain(error)) throw walletErrorOf(error);
    try {
      await provider.request({
        method: 'wallet_addEthereumChain',
        params: [addChainParameters(target)],
      });
      // Most wallets switch once the chain is added; asking again makes sure of it.
      await switchTo();
    } catch (addError) {
      throw walletErrorOf(addError);
    }
  }
}

function txParams(tx: TxRequest) {
  return {
    from: tx.from,
    to: tx.to,
    data: tx.data,
    value: toHex(tx.value),
    ...(tx.gasLimit !== undefined ? { gas: toHex(tx.gasLimit) } : {}),
    ...(tx.nonce !== undefined ? { nonce: toHex(tx.nonce) } : {}),
  };
}

export function createEip1193Connector(
  provider: Eip1193Provider,
  meta: Eip1193ConnectorMeta,
): Connector {
  const events = createEmitter();
  const request = async <T>(method: string, params?: unknown[]): Promise<T> => {
    try {
      return (await provider.request(params ? { method, params } : { method })) as T;
    } catch (error) {
      throw walletErrorOf(error);
    }
  };
  const checksummed = (accounts: unknown) =>
    Array.isArray(accounts) ? accounts.map((a) => getAddress(String(a).toLowerCase())) : [];
  const onAccounts = (accounts: unknown) => events.emit('accountsChanged', checksummed(accounts));
  const onChain = (chainId: unknown) => events.emit('chainChanged', Number(chainId));
  const onDisconnect = () => events.emit('disconnect');
  const onUri = (uri: unknown) => events.emit('displayUri', String(uri));
  let subscribed = false;
  const subscribe = (on: boolean) => {
    if (on === subscribed) return;
    subscribed = on;
    const method = on ? provider.on?.bind(provider) : provider.removeListener?.bind(provider);
    method?.('accountsChanged', onAccounts);
    method?.('chainChanged', onChain);
    method?.('disconnect', onDisconnect);
    method?.('display_uri', onUri);
  };
  const getChainId = async () => Number(await request<string>('eth_chainId'));
  return {
    ...meta,
    async connect() {
      subscribe(true);
      const accounts = checksummed(await request<string[]>('eth_requestAccounts'));
      return { accounts, chainId: await getChainId() };
    },
    async disconnect() {
      subscribe(false);
      await meta.onDisconnect?.();
    },
    getAccounts: async () => checksummed(await request<string[]>('eth_accounts')),
    getChainId,
    switchChain: (target) => switchChain(provider, target),
    signMessage: ({ account, message }) =>
      request<string>('personal_sign', [hexlify(toUtf8Bytes(message)), account]),
    signTypedData: ({ account, typedData }) =>
      request<string>('eth_signTypedData_v4', [account, typedDataJson(typedData)]),
    sendTransaction: (tx) => request<string>('eth_sendTransaction', [txParams(tx)]),
    on: events.on,
    off: events.off,
  };
}
