/**
 * Users: the list (most followed first; featured creators with `isCreator`), the chain addresses
 * linked to each, and the addresses an account may act with. Addresses are lowercase.
 */

import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { User } from '#shared/schemas/entities.ts';
import { toUser } from '../db/mappers.ts';
import type { Database, UserRow } from '../db/types.ts';
import { toDbAddress } from '../db/values.ts';
import { type Db, offsetOf, type PageRequest, type PageResult, pageOf } from './paging.ts';
import { escapeLike } from './query-params.ts';

export interface UserFilters {
  isCreator?: boolean | undefined;
  id?: number | undefined;
  address?: string | undefined;
  /** Usernames starting with this text (case-insensitive). */
  name?: string | undefined;
}

function userWhere(eb: ExpressionBuilder<Database, 'users'>, f: UserFilters): Expression<SqlBool> {
  const c: Expression<SqlBool>[] = [];
  if (f.isCreator !== undefined) c.push(eb('users.is_creator', '=', f.isCreator));
  if (f.id !== undefined) c.push(eb('users.id', '=', f.id));
  if (f.address) {
    const address = toDbAddress(f.address);
    c.push(
      eb.exists(
        eb
          .selectFrom('bc_addresses')
          .select('bc_addresses.user_id')
          .whereRef('bc_addresses.user_id', '=', 'users.id')
          .where('bc_addresses.address', '=', address),
      ),
    );
  }
  if (f.name) {
    c.push(eb(eb.fn('lower', ['users.username']), 'like', `${escapeLike(f.name.toLowerCase())}%`));
  }
  return eb.and(c);
}

/** Users, most followed first. */
export async function listUsers(
  db: Db,
  filters: UserFilters,
  page: PageRequest,
): Promise<PageResult<UserRow>> {
  return pageOf(
    db
      .selectFrom('users')
      .selectAll()
      .where((eb) => userWhere(eb, filters))
      .orderBy('followers_count', 'desc')
      .orderBy('id', 'asc')
      .limit(page.size)
      .offset(offsetOf(page))
      .execute(),
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .where((eb) => userWhere(eb, filters))
      .executeTakeFirst(),
  );
}

/** Linked chain addresses per user, oldest link first. */
export async function addressesOfUsers(db: Db, userIds: number[]): Promise<Map<number, string[]>> {
  const map = new Map<number, string[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return map;
  const rows = await db
    .selectFrom('bc_addresses')
    .select(['user_id', 'address'])
    .where('user_id', 'in', userIds)
    .orderBy('created_at')
    .orderBy('address')
    .execute();
  for (const r of rows) map.get(r.user_id)?.push(r.address);
  return map;
}

/**
 * The chain addresses an account acts as, sorted: its linked addresses, whose control was proved
 * with a signed message (bc-address/add-to-account, wallet sign-in). A wallet row proves nothing
 * (anyone can store a wallet, or a keystore, naming any address): the app links a platform
 * wallet's address when it connects it. Why: docs/decisions/063-only-proved-addresses-act-for-an-account.md.
 */
export async function addressesOfAccount(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('bc_addresses')
    .select('address')
    .where('user_id', '=', userId)
    .orderBy('address')
    .execute();
  return rows.map((r) => r.address);
}

/** The id of the account `address` (lowercase) is linked to, undefined when none. */
export async function addressOwner(db: Db, address: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('bc_addresses')
    .select('user_id')
    .where('address', '=', address)
    .executeTakeFirst();
  return row?.user_id;
}

/** Links `address` (lowercase) to the account; a unique violation (linked meanwhile) propagates. */
export async function linkAddress(db: Db, address: string, userId: number): Promise<void> {
  await db.insertInto('bc_addresses').values({ address, user_id: userId }).execute();
}

/** Whether `address` is one of the account's addresses (a like needs one). */
export async function isAddressOfUser(db: Db, userId: number, address: string): Promise<boolean> {
  return (await addressesOfAccount(db, userId)).includes(toDbAddress(address));
}

export async function isAdmin(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('is_admin')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.is_admin === true;
}

/** Users on the wire, with their linked addresses (one query for the page). */
export async function usersView(db: Db, rows: UserRow[]): Promise<User[]> {
  const addresses = await addressesOfUsers(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toUser(r, addresses.get(r.id) ?? []));
}
