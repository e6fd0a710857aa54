/**
 * The one interface every wallet sits behind (wagmi's `createConnector` is the model): the
 * platform wallet (a key decrypted in the browser), injected EIP-1193 wallets found through
 * EIP-6963 (MetaMask and others) and WalletConnect. The rest of the app (sign-in, the write
 * pipeline, balances) only ever talks to a `Connector`, so a new kind of wallet is one more
 * `ConnectorFactory`.
 *
 * Addresses are EIP-55 checksummed; amounts are bigint wei; chain ids are numbers.
 */

/** Which kind of wallet; stored in the session as the wallet type. */
export type ConnectorType = 'platform' | 'injected' | 'walletconnect';

/** An unsigned transaction as our server's getData answers it, or as our encoders build it. */
export interface TxRequest {
  from: string;
  to: string;
  data: string;
  value: bigint;
  chainId: number;
  gasLimit?: bigint;
  nonce?: number;
  /**
   * The server's trade route that broadcasts it once signed locally (the platform wallet): a
   * buy of one NFT, one of several, a bundle's, or any other exchange or WVBC call. Wallets that
   * send transactions themselves (extension, WalletConnect) ignore it.
   */
  rawRoute?: RawTradeRoute;
}

/** The trade routes that take a client-signed transaction (/api/v2/trade/<route>). */
export type RawTradeRoute =
  | 'raw-matchOrder'
  | 'raw-matchOrder-nfts'
  | 'raw-matchOrder-bundle'
  | 'send-rawtx';

/** EIP-712 typed data, as `eth_signTypedData_v4` takes it (without the EIP712Domain type). */
export interface TypedDataPayload {
  domain: Record<string, unknown>;
  types: Record<string, Array<{ name: string; type: string }>>;
  primaryType: string;
  message: Record<string, unknown>;
}

/** What a connect or a change reports. */
export interface ConnectorState {
  accounts: readonly string[];
  chainId: number;
}

/** A network the connector may be asked to switch to (and add, on EIP-1193 error 4902). */
export interface ChainTarget {
  chainId: number;
  name: string;
  rpcUrl: string;
  nativeSymbol: string;
  explorerUrl?: string;
  /** Where the platform wallet posts signed transactions (`<gateway>/contract/createTransaction`). */
  gatewayUrl?: string;
}

export interface ConnectorEvents {
  /** Accounts changed; an empty list means the wallet disconnected us. */
  accountsChanged: (accounts: readonly string[]) => void;
  chainChanged: (chainId: number) => void;
  disconnect: () => void;
  /** WalletConnect: the pairing URI to show as a QR code. */
  displayUri: (uri: string) => void;
}

export type ConnectorEvent = keyof ConnectorEvents;

export interface Connector {
  /** Stable id: 'platform', the EIP-6963 rdns (e.g. 'io.metamask'), 'walletconnect'. */
  readonly id: string;
  readonly type: ConnectorType;
  /** Display name and icon (data: URI or URL) for the wallet list and the connected view. */
  readonly name: string;
  readonly icon?: string;

  /** Asks the wallet for accounts (may open the wallet's own prompt). */
  connect(options?: { chainId?: number }): Promise<ConnectorState>;
  disconnect(): Promise<void>;
  getAccounts(): Promise<readonly string[]>;
  getChainId(): Promise<number>;
  /** Switches chain; adds it first when the wallet does not know it (EIP-1193 error 4902). */
  switchChain(target: ChainTarget): Promise<void>;

  /** EIP-191 `personal_sign` of a UTF-8 message (SIWE). */
  signMessage(params: { account: string; message: string }): Promise<string>;
  /** EIP-712 `eth_signTypedData_v4`. */
  signTypedData(params: { account: string; typedData: TypedDataPayload }): Promise<string>;
  /** Signs and sends; resolves to the transaction hash once the network accepted it. */
  sendTransaction(tx: TxRequest): Promise<string>;

  on<E extends ConnectorEvent>(event: E, listener: ConnectorEvents[E]): void;
  off<E extends ConnectorEvent>(event: E, listener: ConnectorEvents[E]): void;
}

/** What a connector factory is given: the networks we know and where their RPC is. */
export interface ConnectorContext {
  chains: readonly ChainTarget[];
}

/** Builds a connector; a lazily loaded module exports one of these per kind of wallet. */
export type ConnectorFactory = (context: ConnectorContext) => Connector;

/** Why a wallet call failed, as an i18n key of the errors catalogue plus its cause. */
export class WalletError extends Error {
  override readonly name = 'WalletError';
  constructor(
    readonly code:
      | 'NO_PROVIDER'
      | 'USER_REJECTED'
      | 'WRONG_NETWORK'
      | 'WALLET_NOT_CONNECTED'
      | 'WRONG_PASSWORD'
      | 'UNSUPPORTED'
      | 'TX_FAILED',
    options?: { cause?: unknown; message?: string },
  ) {
    super(options?.message ?? code, { cause: options?.cause });
  }
}

/** EIP-1193 request/response (the injected and WalletConnect connectors wrap one). */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] | object }): Promise<unknown>;
  on?(event: string, listener: (...args: unknown[]) => void): void;
  removeListener?(event: string, listener: (...args: unknown[]) => void): void;
}
