/**
 * Kysely table types of accounts: users, their mails, sign-in nonces, chain addresses and wallets.
 * Gathered into `Database` by server/src/db/types.ts (its conventions apply).
 */
import type { ColumnType, Generated } from 'kysely';
import type { Json, Timestamp, TimestampNullable } from '../columns.ts';

export interface SchemaMigrationsTable {
  version: string;
  name: string;
  checksum: string;
  applied_at: Generated<Date>;
}

export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string | null;
  password_hash: string | null;
  email_verified: Generated<boolean>;
  avatar: string | null;
  banner: string | null;
  bio: Generated<string>;
  is_creator: Generated<boolean>;
  is_partner: Generated<boolean>;
  is_admin: Generated<boolean>;
  followers_count: Generated<number>;
  following_count: Generated<number>;
  /** Moves on at each password change: tokens signed before it are refused. */
  session_epoch: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface EmailVerificationsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: Timestamp;
  used_at: TimestampNullable;
  created_at: Generated<Date>;
}

/** Session token ids ended by a sign-out, kept until the token expires (migration 075). */
export interface RevokedSessionsTable {
  jti: string;
  user_id: number;
  expires_at: Timestamp;
}

/** An account's uploaded files (migration 076): the upload quota counts them. */
export interface UploadsTable {
  user_id: number;
  name: string;
  bytes: number;
  created_at: Generated<Date>;
}

export interface SiweNoncesTable {
  nonce: string;
  domain: string;
  chain_id: number;
  /** The address the nonce was issued for (migration 060); null on older rows. */
  address: ColumnType<string | null, string | null | undefined, string | null>;
  issued_at: Generated<Date>;
  expires_at: Timestamp;
  used_at: TimestampNullable;
}

export interface BcAddressesTable {
  address: string;
  user_id: number;
  created_at: Generated<Date>;
}

export interface EthWalletsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  platform: 0 | 1;
  address: string;
  is_active: Generated<boolean>;
  passphrase_check: string | null;
  created_at: Generated<Date>;
}

export interface EthWalletAccountsTable {
  id: Generated<number>;
  wallet_id: number;
  address: string;
  enc_private_key: Json<Record<string, unknown>>;
  created_at: Generated<Date>;
}
