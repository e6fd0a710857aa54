/** Account queries shared by the account, bc-address and wallet routes. */
import type { Kysely } from 'kysely';
import type { Account } from '#shared/schemas/entities.ts';
import { toAccount } from '../db/mappers.ts';
import type { Database, UserRow } from '../db/types.ts';
import { AppError } from '../errors.ts';
import { addressesOfUsers } from '../repositories/users.ts';

export async function getUserOrThrow(db: Kysely<Database>, userId: number): Promise<UserRow> {
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!user) throw new AppError('ACCOUNT_NOT_FOUND');
  return user;
}

export async function loadAccount(db: Kysely<Database>, userId: number): Promise<Account> {
  const user = await getUserOrThrow(db, userId);
  const addresses = await addressesOfUsers(db, [userId]);
  return toAccount(user, addresses.get(userId) ?? []);
}

/** Finds a user by username or e-mail (case-insensitive). */
export async function findByLogin(
  db: Kysely<Database>,
  login: string,
): Promise<UserRow | undefined> {
  const value = login.trim().toLowerCase();
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['username']), '=', value),
        eb(eb.fn('lower', ['email']), '=', value),
      ]),
    )
    .executeTakeFirst();
}

/** Postgres unique violation (23505), from either backend. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}
