/**
 * Account writes of the account routes: the default account of a wallet, a new password (which
 * ends every session), a used e-mail verification token, a signed-out session; the account an
 * e-mail belongs to and a new account (sign-up, resend e-mail).
 */
import { sql } from 'kysely';
import type { UserUpdate } from '../db/types.ts';
import type { Db } from './paging.ts';

/**
 * Creates the default account of a wallet address (no e-mail, no password) and links the address,
 * in one transaction. Username `user-<first 8 hex>`, or the whole address when that one is taken.
 * Answers the new user's id; a unique violation (the address linked meanwhile) propagates.
 */
export async function createDefaultAccount(db: Db, address: string): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const short = `user-${address.slice(2, 10)}`;
    const taken = await tx
      .selectFrom('users')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['username']), '=', short))
      .executeTakeFirst();
    const username = taken ? `user-${address.slice(2)}` : short;
    const user = await tx
      .insertInto('users')
      .values({ username, email: null, password_hash: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx.insertInto('bc_addresses').values({ address, user_id: user.id }).execute();
    return user.id;
  });
}

/** Stores a new password hash and moves the session epoch on, so every session ends. */
export async function setPasswordEndingSessions(
  db: Db,
  userId: number,
  passwordHash: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      password_hash: passwordHash,
      session_epoch: sql<number>`session_epoch + 1`,
      updated_at: new Date(),
    })
    .where('id', '=', userId)
    .execute();
}

/**
 * Uses an unexpired, unused verification token of the user (hashed as stored) and marks the
 * e-mail verified, in one transaction. Answers the username, or null when no token matched.
 */
export async function useEmailVerification(
  db: Db,
  userId: number,
  tokenHash: string,
): Promise<string | null> {
  const verified = await db.transaction().execute(async (tx) => {
    const used = await tx
      .updateTable('email_verifications')
      .set({ used_at: new Date() })
      .where('user_id', '=', userId)
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date())
      .returning('id')
      .executeTakeFirst();
    if (!used) return null;
    return tx
      .updateTable('users')
      .set({ email_verified: true, updated_at: new Date() })
      .where('id', '=', userId)
      .returning(['username'])
      .executeTakeFirst();
  });
  return verified?.username ?? null;
}

/**
 * Ends one session: the token's id goes to `revoked_sessions` until the token would have expired
 * (every session check refuses it); a token without an id (signed before ids existed) is ended by
 * moving the account's session epoch on. Expired ids are dropped on the way.
 */
export async function endSession(
  db: Db,
  session: { userId: number; jti: string | null; expiresAt: number },
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom('revoked_sessions').where('expires_at', '<', new Date()).execute();
    if (session.jti) {
      await tx
        .insertInto('revoked_sessions')
        .values({
          jti: session.jti,
          user_id: session.userId,
          expires_at: new Date(session.expiresAt * 1000),
        })
        .onConflict((oc) => oc.column('jti').doNothing())
        .execute();
    } else {
      await tx
        .updateTable('users')
        .set({ session_epoch: sql<number>`session_epoch + 1` })
        .where('id', '=', session.userId)
        .execute();
    }
  });
}

/** The account an e-mail address belongs to (compared without case), if any. */
export async function accountByEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'email', 'email_verified'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
}

/** A new account with a password; a taken username is a unique violation (propagates). */
export async function createAccount(
  db: Db,
  account: { username: string; email: string; passwordHash: string },
): Promise<{ id: number; username: string }> {
  return db
    .insertInto('users')
    .values({
      username: account.username,
      email: account.email,
      password_hash: account.passwordHash,
    })
    .returning(['id', 'username'])
    .executeTakeFirstOrThrow();
}

/** The account's avatar and banner (upload names), null when unset. */
export async function accountImages(db: Db, userId: number) {
  const row = await db
    .selectFrom('users')
    .select(['avatar', 'banner'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return { avatar: row?.avatar ?? null, banner: row?.banner ?? null };
}

/** Writes the profile changes; false when the account does not exist. A taken username propagates. */
export async function updateAccount(db: Db, userId: number, changes: UserUpdate): Promise<boolean> {
  const updated = await db
    .updateTable('users')
    .set(changes)
    .where('id', '=', userId)
    .returning('id')
    .executeTakeFirst();
  return updated !== undefined;
}
