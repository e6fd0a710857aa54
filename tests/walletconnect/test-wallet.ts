/**
 * A WalletConnect wallet for tests: the SDK's own sign-client (what mobile wallets build on) with
 * an ethers key. It pairs from a `wc:` URI, approves the proposal with its account on one chain,
 * and answers the requests the product sends: `personal_sign` (sign-in), `eth_signTypedData_v4`
 * (orders and bids) and, with an RPC URL, `eth_sendTransaction` (wrap, unwrap, purchases), which
 * it signs and sends itself. Every request it answered is kept in `handled`.
 *
 *   const wallet = await startTestWallet({ relayUrl, privateKey: ANVIL_KEYS[5], chainId });
 *   await wallet.pair(uri);            // resolves once the session is approved
 *   await wallet.close();
 */
import { SignClient } from '@walletconnect/sign-client';
import { JsonRpcProvider, Wallet } from 'ethers';
import { MemoryStorage } from './memory-storage.ts';

type SignClientType = Awaited<ReturnType<typeof SignClient.init>>;

export interface TestWalletOptions {
  relayUrl: string;
  privateKey: string;
  chainId: number;
  /** Needed for eth_sendTransaction. */
  rpcUrl?: string;
  /** Keeps its storage across `close()` and a new `startTestWallet` (a wallet app restarted). */
  storage?: MemoryStorage;
  name?: string;
}

export interface HandledRequest {
  method: string;
  params: unknown;
  result: string;
  /** When the request reached the wallet (ms since 1970). */
  receivedAt: number;
}

export interface TestWallet {
  client: SignClientType;
  address: string;
  storage: MemoryStorage;
  handled: HandledRequest[];
  /** Pairs and waits until the dapp's proposal is approved; returns the session topic. */
  pair(uri: string): Promise<string>;
  /** Ends every session (the dapp is told). */
  disconnect(): Promise<void>;
  close(): Promise<void>;
}

const METHODS = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'eth_accounts',
  'eth_chainId',
  'wallet_switchEthereumChain',
];

export async function startTestWallet(o: TestWalletOptions): Promise<TestWallet> {
  const storage = o.storage ?? new MemoryStorage();
  const name = o.name ?? 'Test wallet';
  // The SDK keeps one core per storage prefix in a global: a restarted wallet needs a new one.
  process.env.DISABLE_GLOBAL_CORE = 'true';
  const client = await SignClient.init({
    projectId: 'local',
    relayUrl: o.relayUrl,
    storage,
    customStoragePrefix: `wallet-${name}`,
    logger: 'silent',
    telemetryEnabled: false,
    metadata: { name, description: name, url: 'http://127.0.0.1', icons: [] },
  });
  const provider = o.rpcUrl
    ? new JsonRpcProvider(o.rpcUrl, undefined, { cacheTimeout: -1 })
    : undefined;
  const signer = new Wallet(o.privateKey, provider);
  const handled: HandledRequest[] = [];
  const approved: Array<(topic: string) => void> = [];
  client.on('session_proposal', async ({ id }) => {
    const account = `eip155:${o.chainId}:${signer.address}`;
    const { acknowledged } = await client.approve({
      id,
      namespaces: {
        eip155: {
          chains: [`eip155:${o.chainId}`],
          accounts: [account],
          methods: METHODS,
          events: ['accountsChanged', 'chainChanged'],
        },
      },
    });
    const session = await acknowledged();
    approved.shift()?.(session.topic);
  });
  client.on('session_request', async ({ id, topic, params }) => {
    const receivedAt = Date.now();
    const { method, params: args } = params.request;
    try {
      const result = await answer(signer, method, args);
      handled.push({ method, params: args, result, receivedAt });
      await client.respond({ topic, response: { id, jsonrpc: '2.0', result } });
    } catch (error) {
      const message = (error as Error).message;
      await client.respond({
        topic,
        response: { id, jsonrpc: '2.0', error: { code: 5000, message } },
      });
    }
  });
  return {
    client,
    address: signer.address,
    storage,
    handled,
    pair: async (uri) => {
      const topic = new Promise<string>((resolve) => approved.push(resolve));
      await client.pair({ uri });
      return topic;
    },
    disconnect: async () => {
      for (const s of client.session.getAll()) {
        await client.disconnect({
          topic: s.topic,
          reason: { code: 6000, message: 'User disconnected' },
        });
      }
    },
    close: async () => {
      await client.core.relayer.transportClose();
      provider?.destroy();
    },
  };
}

async function answer(signer: Wallet, method: string, args: unknown): Promise<string> {
  const list = args as unknown[];
  switch (method) {
    case 'personal_sign':
      return signer.signMessage(bytesOf(String(list[0])));
    case 'eth_signTypedData_v4': {
      const typed = JSON.parse(String(list[1])) as {
        domain: Record<string, unknown>;
        types: Record<string, Array<{ name: string; type: string }>>;
        message: Record<string, unknown>;
      };
      const { EIP712Domain: _, ...types } = typed.types;
      return signer.signTypedData(typed.domain, types, typed.message);
    }
    case 'eth_sendTransaction': {
      const tx = list[0] as { to?: string; data?: string; value?: string; gas?: string };
      const sent = await signer.sendTransaction({
        to: tx.to,
        data: tx.data,
        value: tx.value ? BigInt(tx.value) : 0n,
        ...(tx.gas ? { gasLimit: BigInt(tx.gas) } : {}),
      });
      return sent.hash;
    }
    case 'eth_accounts':
      return JSON.stringify([signer.address]);
    default:
      throw new Error(`${method} is not supported by the test wallet`);
  }
}

/** personal_sign carries hex of the message's bytes (or, from some dapps, the text itself). */
function bytesOf(message: string): Uint8Array | string {
  return /^0x[0-9a-fA-F]*$/.test(message) ? Buffer.from(message.slice(2), 'hex') : message;
}
