/** Wallet rows → wire, and the checks every wallet write shares. */
import type { Kysely, Selectable } from 'kysely';
import type { Wallet, WalletAccount } from '#shared/schemas/entities.ts';
import type { Database, EthWalletAccountsTable, EthWalletsTable } from '../db/types.ts';
import { checksum, iso } from '../db/values.ts';
import { AppError } from '../errors.ts';
import { containsClearSecret, isEncryptedKeystore } from './secrets.ts';

export function toWallet(row: Selectable<EthWalletsTable>): Wallet {
  return {
    _id: row.id,
    name: row.name,
    address: checksum(row.address),
    platform: row.platform,
    isActive: row.is_active,
    createdAt: iso(row.created_at),
  };
}

export function toWalletAccount(row: Selectable<EthWalletAccountsTable>): WalletAccount {
  return {
    walletId: row.wallet_id,
    address: checksum(row.address),
    encPrivateKey: row.enc_private_key,
  };
}

/** Refuses anything but a browser-encrypted keystore of `address`. */
export function assertKeystore(keystore: unknown, address: string): void {
  if (containsClearSecret(keystore) || !isEncryptedKeystore(keystore, address)) {
    throw new AppError('CLEAR_SECRET_REFUSED');
  }
}

export async function walletOfUser(db: Kysely<Database>, userId: number, walletId: number) {
  const wallet = await db
    .selectFrom('eth_wallets')
    .selectAll()
    .where('id', '=', walletId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!wallet) throw new AppError('WALLET_NOT_FOUND');
  return wallet;
}
