/**
 * The wallets an account stores (platform wallets with a keystore encrypted in the browser,
 * extension wallets by address) and the accounts of a platform wallet. Addresses are lowercase.
 */
import type { EthWalletAccountRow, EthWalletRow } from '../db/types.ts';
import type { Db } from './paging.ts';

/** Every wallet of the user, oldest first. */
export function walletsOfUser(db: Db, userId: number): Promise<EthWalletRow[]> {
  return db
    .selectFrom('eth_wallets')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The accounts of one wallet, oldest first. */
export function accountsOfWallet(db: Db, walletId: number): Promise<EthWalletAccountRow[]> {
  return db
    .selectFrom('eth_wallet_accounts')
    .selectAll()
    .where('wallet_id', '=', walletId)
    .orderBy('id')
    .execute();
}

export interface NewWalletAccount {
  walletId: number;
  address: string;
  encPrivateKey: unknown;
}

/** Adds an account to a wallet; a unique violation (address held) propagates. */
export function insertWalletAccount(db: Db, a: NewWalletAccount): Promise<EthWalletAccountRow> {
  return db
    .insertInto('eth_wallet_accounts')
    .values({
      wallet_id: a.walletId,
      address: a.address,
      enc_private_key: JSON.stringify(a.encPrivateKey),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface NewWallet {
  name: string;
  platform: 0 | 1;
  address: string;
  /** Make it the active wallet (the first wallet of a user always is). */
  isActive: boolean;
  passphraseCheck: string | null;
  /** A platform wallet's first account (its keystore). */
  encPrivateKey?: unknown;
}

/**
 * Stores a wallet, in one transaction: the first wallet, or one asked active, becomes the only
 * active one; a platform wallet's keystore becomes its first account.
 */
export function createWallet(db: Db, userId: number, w: NewWallet): Promise<EthWalletRow> {
  return db.transaction().execute(async (tx) => {
    const existing = await tx
      .selectFrom('eth_wallets')
      .select('id')
      .where('user_id', '=', userId)
      .limit(1)
      .executeTakeFirst();
    const active = !existing || w.isActive;
    if (active) {
      await tx
        .updateTable('eth_wallets')
        .set({ is_active: false })
        .where('user_id', '=', userId)
        .execute();
    }
    const wallet = await tx
      .insertInto('eth_wallets')
      .values({
        user_id: userId,
        name: w.name,
        platform: w.platform,
        address: w.address,
        is_active: active,
        passphrase_check: w.passphraseCheck,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    if (w.encPrivateKey) {
      await insertWalletAccount(tx, {
        walletId: wallet.id,
        address: w.address,
        encPrivateKey: w.encPrivateKey,
      });
    }
    return wallet;
  });
}

/**
 * Makes a wallet of the user active (every other of theirs inactive) or inactive, in one
 * transaction; answers the wallet's row as it now is.
 */
export function setActiveWallet(
  db: Db,
  userId: number,
  walletId: number,
  active: boolean,
): Promise<EthWalletRow> {
  return db.transaction().execute(async (tx) => {
    if (active) {
      await tx
        .updateTable('eth_wallets')
        .set({ is_active: false })
        .where('user_id', '=', userId)
        .where('id', '<>', walletId)
        .execute();
    }
    return tx
      .updateTable('eth_wallets')
      .set({ is_active: active })
      .where('id', '=', walletId)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}
