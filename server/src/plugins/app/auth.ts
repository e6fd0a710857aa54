/**
 * Who may call a route, checked in one place. A route states its need in one word,
 * `config: { auth: 'user' }`, and the onRoute hook below puts the matching check in front of its
 * validation (a preValidation hook: an unauthenticated caller learns nothing about the body a
 * route expects; 401 before any 400) and documents it in the OpenAPI security list unless the
 * route names one.
 *
 * - `user`: a valid session (HS256 JWT from jose carrying the user id and the account's session
 *   epoch, sent as `Authorization: Bearer`); a password change moves the epoch on, which ends
 *   every session signed before it. Sets request.user.
 * - `optionalUser`: sets request.user when a valid session is sent, ignores a bad one.
 * - `marketplaceKey`, `apiKey`: the `marketplace-key` / `api-key` header equals config. These are
 *   public client keys, not secrets.
 */
import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import { type Config, SESSION_TTL_SECONDS } from '#server/config.ts';
import { AppError } from '#server/errors.ts';

export interface SessionUser {
  id: number;
}

export type AuthNeed = 'user' | 'optionalUser' | 'marketplaceKey' | 'apiKey';

declare module 'fastify' {
  interface FastifyInstance {
    /** Issues a session token for a user. */
    signSession: (userId: number) => Promise<{ token: string; expiresAt: Date }>;
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

export function registerAuth(app: FastifyInstance, config: Config): void {
  const key = new TextEncoder().encode(config.jwtSecret);
  const issuer = 'vbc-marketplace';

  async function readUser(request: FastifyRequest): Promise<SessionUser | null> {
    const header = request.headers.authorization;
    if (!header) return null;
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw new AppError('UNAUTHORIZED');
    try {
      const { payload } = await jwtVerify(match[1], key, { issuer, algorithms: ['HS256'] });
      const id = Number(payload.sub);
      if (!Number.isSafeInteger(id) || id <= 0) throw new Error('bad subject');
      if ((payload.ep ?? 0) !== (await sessionEpoch(id))) throw new Error('ended session');
      return { id };
    } catch (cause) {
      throw new AppError('UNAUTHORIZED', { cause });
    }
  }

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
  /** The account's current epoch; null for an account that no longer exists. */
  async function sessionEpoch(userId: number): Promise<number | null> {
    const row = await app.db
      .selectFrom('users')
      .select('session_epoch')
      .where('id', '=', userId)
      .executeTakeFirst();
    return row ? row.session_epoch : null;
  }

  app.decorate('signSession', async (userId: number) => {
    const expiresAt = new Date(Date.now() + SESSION_TTL_SECONDS * 1000);
    const token = await new SignJWT({ ep: (await sessionEpoch(userId)) ?? 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(userId))
      .setIssuer(issuer)
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(key);
    return { token, expiresAt };
  });
}
