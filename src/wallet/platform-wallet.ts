/**
 * Platform wallet flows, all in the browser: create (phrase or imported key → keystore made in
 * the Web Worker → the server keeps the keystore and a passphrase check) and activate (the
 * passphrase decrypts the keystore locally; the server checks the passphrase check and marks the
 * wallet active). The session keeps only the passphrase check (sealed in IndexedDB), never the
 * passphrase.
 */
import type { Network, Wallet } from '#shared/schemas/entities.ts';
import { session, sessionActions } from '#web/stores/session.ts';
import { walletApi } from './api.ts';
import { chainTarget, selectedNetwork } from './chains.ts';
import { activeConnector, connectPlatform, requestApproval, walletUi } from './connection.ts';
import { createPlatformConnector } from './connectors/platform.ts';
import { passphraseCheck, type UnlockedKey } from './platform/keystore.ts';
import { decryptInWorker, encryptInWorker } from './platform/scrypt-worker-client.ts';
import { signInWithWallet } from './sign-in.ts';

const progress = (fraction: number) => {
  walletUi.progress = fraction;
};

/** Encrypts the key and stores the wallet on the server (keystore + passphrase check only). */
export async function savePlatformWallet(
  key: UnlockedKey,
  passphrase: string,
  name: string,
): Promise<Wallet> {
  try {
    const keystore = await encryptInWorker(key, passphrase, progress);
    const hashedPassword = await passphraseCheck(passphrase, key.address);
    const wallet = await walletApi.create({
      name,
      platform: 0,
      address: key.address,
      hashedPassword,
      encPrivateKey: keystore,
      isActive: 1,
    });
    return wallet;
  } finally {
    walletUi.progress = null;
  }
}

/** Connects an unlocked key as the active wallet. */
export async function connectUnlockedKey(key: UnlockedKey, networks: readonly Network[]) {
  const network = selectedNetwork(networks, session.selectedNetworkId);
  if (!network) throw new Error('no network');
  sessionActions.SELECT_NETWORK(network.networkId);
  const connector = createPlatformConnector({
    key,
    chains: networks.map(chainTarget),
    chainId: network.networkId,
    approve: requestApproval,
    exchangeOf: (id) => networks.find((n) => n.networkId === id)?.exchangeAddress ?? null,
    sendRaw: walletApi.sendRaw,
  });
  await connectPlatform(connector, networks);
}

/** Activation: passphrase → local decrypt (Worker) → server check → connected. */
export async function activatePlatformWallet(
  wallet: Wallet,
  passphrase: string,
  networks: readonly Network[],
): Promise<void> {
  try {
    const [account] = await walletApi.accounts(wallet._id);
    if (!account) throw new Error('wallet without account');
    const key = await decryptInWorker(account.encPrivateKey, passphrase, progress);
    const check = await passphraseCheck(passphrase, key.address);
    await walletApi.activate(wallet._id, check);
    session.encPassphrase = check;
    await connectUnlockedKey(key, networks);
  } finally {
    walletUi.progress = null;
  }
}

/**
 * The end of /create-wallet: a visitor who is not signed in signs in with the new key first
 * (EIP-4361; an address without account gets its default account), then the wallet is stored
 * (keystore + passphrase check) and connected.
 */
export async function createAndConnect(
  key: UnlockedKey,
  passphrase: string,
  name: string,
  networks: readonly Network[],
): Promise<void> {
  await connectUnlockedKey(key, networks);
  if (!session.account.isSignedIn) {
    const connector = activeConnector();
    if (!connector) throw new Error('not connected');
    await signInWithWallet(connector);
  }
  await savePlatformWallet(key, passphrase, name);
}
