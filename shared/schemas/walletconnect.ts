/** What the page needs to start WalletConnect (GET /api/v1/walletconnect). */
import Type, { type Static } from 'typebox';
import { Nullable } from './common.ts';

export const WalletConnectSettings = Type.Object({
  /** The relay the page connects to; null with a project id: the public relay. */
  relayUrl: Nullable(Type.String({ pattern: '^wss?://' })),
  /** The WalletConnect Cloud project id; 'local' for the relay of this machine. */
  projectId: Nullable(Type.String({ minLength: 1 })),
});
export type WalletConnectSettings = Static<typeof WalletConnectSettings>;
