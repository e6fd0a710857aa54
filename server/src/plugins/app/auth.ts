/**
 * Who may call a route, checked in one place. A route states its need in one word,
 * `config: { auth: 'user' }`, and the onRoute hook below puts the matching check in front of its
 * validation (a preValidation hook: an unauthenticated caller learns nothing about the body a
 * route expects; 401 before any 400) and documents it in the OpenAPI security list unless the
 * route names one.
 *
 * - `user`: a valid session (HS256 JWT from jose carrying the user id, the account's session
 *   epoch and a token id, sent as `Authorization: Bearer`); a password change moves the epoch on,
 *   which ends every session signed before it, and a sign-out keeps the token's id in
 *   `revoked_sessions`, which ends that one. Sets request.user.
 * - `optionalUser`: sets request.user when a valid session is sent, ignores a bad one.
 * - `marketplaceKey`, `apiKey`: the `marketplace-key` / `api-key` header equals config. These are
 *   public client keys, not secrets.
 */

import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import type { Kysely } from 'kysely';
import { type Config, SESSION_TTL_SECONDS } from '#server/config.ts';
import type { Database } from '#server/db/types.ts';
import { AppError } from '#server/errors.ts';

export interface SessionUser {
  id: number;
  /** The token's id (none on tokens signed before ids existed) and its expiry (epoch seconds). */
  jti: string | null;
  expiresAt: number;
}

export type AuthNeed = 'user' | 'optionalUser' | 'marketplaceKey' | 'apiKey';

declare module 'fastify' {
  interface FastifyInstance {
    /** Issues a session token for a user. */
    signSession: (userId: number) => Promise<{ token: string; expiresAt: Date }>;
    /** The user of an `Authorization` header's session while it is valid, else null. */
    sessionUser: (authorization: string | undefined) => Promise<SessionUser | null>;
  }
  interface FastifyRequest {
    /** The session's user on routes with `auth: 'user'` (or 'optionalUser' when sent). */
    user: SessionUser | null;
  }
  interface FastifyContextConfig {
    /** Who may call this route; absent = anyone. */
    auth?: AuthNeed;
  }
}

/** The OpenAPI security scheme (server/src/plugins/external.ts) each need is documented as. */
const SECURITY: Record<AuthNeed, string | null> = {
  user: 'bearer',
  optionalUser: null,
  marketplaceKey: 'marketplaceKey',
  apiKey: 'apiKey',
};

/** The account's epoch and whether the token id was signed out; null: no such account. */
async function sessionState(
  db: Kysely<Database>,
  userId: number,
  jti: string | null,
): Promise<{ epoch: number; revoked: boolean } | null> {
  const row = await db
    .selectFrom('users')
    .select((eb) => [
      'session_epoch',
      eb
        .exists(
          eb
            .selectFrom('revoked_sessions')
            .select('jti')
            .where('jti', '=', jti ?? ''),
        )
        .as('revoked'),
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
  return row ? { epoch: row.session_epoch, revoked: Boolean(row.revoked) } : null;
}

/** The account's current epoch; null for an account that no longer exists. */
async function sessionEpoch(db: Kysely<Database>, userId: number): Promise<number | null> {
  const row = await db
    .selectFrom('users')
    .select('session_epoch')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row ? row.session_epoch : null;
}

const ISSUER = 'vbc-marketplace';

/**
 * A new session's bearer token for `userId` at its session epoch, signed with the server's
 * JWT_SECRET (also used by scripts/bench-api.ts to sign in its writers).
 */
export async function sessionToken(
  secret: string,
  userId: number,
  epoch: number,
): Promise<{ token: string; expiresAt: Date }> {
  const expiresAt = new Date(Date.now() + SESSION_TTL_SECONDS * 1000);
  const token = await new SignJWT({ ep: epoch })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setJti(randomUUID())
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(new TextEncoder().encode(secret));
  return { token, expiresAt };
}

export function registerAuth(app: FastifyInstance, config: Config): void {
  const key = new TextEncoder().encode(config.jwtSecret);

  /** The session of a header; throws UNAUTHORIZED for a bad, expired or ended one. */
  async function readSession(header: string | undefined): Promise<SessionUser | null> {
    if (!header) return null;
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw new AppError('UNAUTHORIZED');
    try {
      const { payload } = await jwtVerify(match[1], key, { issuer: ISSUER, algorithms: ['HS256'] });
      const id = Number(payload.sub);
      if (!Number.isSafeInteger(id) || id <= 0) throw new Error('bad subject');
      const jti = typeof payload.jti === 'string' ? payload.jti : null;
      const state = await sessionState(app.db, id, jti);
      if (!state || (payload.ep ?? 0) !== state.epoch) throw new Error('ended session');
      if (state.revoked) throw new Error('signed out');
      return { id, jti, expiresAt: payload.exp ?? 0 };
    } catch (cause) {
      throw new AppError('UNAUTHORIZED', { cause });
    }
  }
  const readUser = (request: FastifyRequest) => readSession(request.headers.authorization);

  const checks: Record<AuthNeed, preValidationAsyncHookHandler> = {
    async user(request) {
      const user = await readUser(request);
      if (!user) throw new AppError('UNAUTHORIZED');
      request.user = user;
    },
    async optionalUser(request) {
      try {
        request.user = await readUser(request);
      } catch {
        request.user = null;
      }
    },
    async marketplaceKey(request) {
      if (request.headers['marketplace-key'] !== config.marketplaceKey) {
        throw new AppError('INVALID_MARKETPLACE_KEY');
      }
    },
    async apiKey(request) {
      if (request.headers['api-key'] !== config.apiKey) throw new AppError('INVALID_API_KEY');
    },
  };

  app.decorateRequest('user', null);
  app.addHook('onRoute', (route) => {
    const need = route.config?.auth;
    if (!need) return;
    const others = route.preValidation ? [route.preValidation].flat() : [];
    route.preValidation = [checks[need], ...others];
    const scheme = SECURITY[need];
    if (scheme && route.schema && !route.schema.security) {
      route.schema.security = [{ [scheme]: [] }];
    }
  });
  app.decorate('signSession', async (userId: number) =>
    sessionToken(config.jwtSecret, userId, (await sessionEpoch(app.db, userId)) ?? 0),
  );
  app.decorate('sessionUser', (authorization: string | undefined) =>
    readSession(authorization).catch(() => null),
  );
}
