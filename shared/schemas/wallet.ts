/** Request bodies of the wallet calls (ETHwallets), shared with the web app as types. */
import Type, { type Static } from 'typebox';
import { Address } from './common.ts';

/** Web3 Secret Storage v3 JSON, made in the browser (ethers `Wallet.encrypt`). */
export const Keystore = Type.Record(Type.String(), Type.Unknown(), {
  description: 'keystore v3 JSON encrypted in the browser; never a clear key',
});

export const CreateWalletBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 200 }),
  platform: Type.Union([Type.Literal(0), Type.Literal(1)]),
  address: Address,
  /** platform 0: a hash (made in the browser) of the passphrase, checked by switchActive. */
  hashedPassword: Type.Optional(Type.String({ minLength: 16, maxLength: 200 })),
  /** platform 0: the first account's keystore. */
  encPrivateKey: Type.Optional(Keystore),
  isActive: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
});
export type CreateWalletBody = Static<typeof CreateWalletBody>;

export const CreateWalletAccountBody = Type.Object({
  walletId: Type.Integer({ minimum: 1 }),
  address: Address,
  encPrivateKey: Keystore,
});
export type CreateWalletAccountBody = Static<typeof CreateWalletAccountBody>;

export const SwitchActiveBody = Type.Object({
  hashedPassword: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  isActive: Type.Union([Type.Literal(0), Type.Literal(1)]),
});
export type SwitchActiveBody = Static<typeof SwitchActiveBody>;
