/**
 * Sign in with a wallet (EIP-4361): the server writes the message (domain, chain, one-time
 * nonce), the connected wallet signs it, the server checks it. An address linked to no account
 * gets its default account (create/default) with the same signed message.
 */

import type { Session } from '#shared/schemas/entities.ts';
import { ApiError } from '#web/lib/errors.ts';
import { profileFromAccount, sessionActions } from '#web/stores/session.ts';
import { walletApi } from './api.ts';
import type { Connector } from './connectors/types.ts';

// Its own chunk: the first screen's JS does not carry it (src/lib/db/save-first.ts).
const saveInfoFirst: typeof import('#web/lib/db/save-first.ts').saveInfoFirst = (...args) =>
  import('#web/lib/db/save-first.ts').then((m) => m.saveInfoFirst(...args));

/** A sign-in message from the server for the connector's account, signed by it. */
async function signedMessage(connector: Connector, account?: string) {
  const address = account ?? (await connector.getAccounts())[0];
  if (!address) throw new Error('no account');
  const chainId = await connector.getChainId();
  const { message } = await walletApi.siweMessage(address, chainId);
  const signature = await connector.signMessage({ account: address, message });
  return { address, message, signature };
}

/**
 * Links `address` to the signed-in account with proof that this wallet controls it (the same
 * signed EIP-4361 message, checked by the server); saves the updated profile.
 */
export async function linkAddress(connector: Connector, address: string): Promise<void> {
  const { message, signature } = await signedMessage(connector, address);
  const account = await walletApi.addToAccount(address, message, signature);
  sessionActions.SET_PROFILE(profileFromAccount(account));
}

export async function signInWithWallet(connector: Connector): Promise<void> {
  const { address, message, signature } = await signedMessage(connector);
  const linked = await walletApi.isInUse(address);
  let session: Session;
  try {
    session = linked
      ? await walletApi.siweSignIn(message, signature)
      : await walletApi.siweCreateDefault(message, signature);
  } catch (error) {
    // Linked meanwhile, or unlinked meanwhile: the same signed message serves the other call.
    if (!(error instanceof ApiError)) throw error;
    if (error.code === 'ACCOUNT_NOT_FOUND') {
      session = await walletApi.siweCreateDefault(message, signature);
    } else if (error.code === 'ADDRESS_IN_USE') {
      session = await walletApi.siweSignIn(message, signature);
    } else throw error;
  }
  await saveInfoFirst(session.token, profileFromAccount(session.user));
}
