/**
 * Sessions and header keys. Session = HS256 JWT (jose) carrying the user id, sent as
 * `Authorization: Bearer` (spec §6: profile, wallets and wallet accounts need it).
 * `marketplace-key` and `api-key` are public client keys compared with config (not secrets).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import { type Config, SESSION_TTL_SECONDS } from '#server/config.ts';
import { AppError } from '#server/errors.ts';

export interface SessionUser {
  id: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: requires a valid bearer token, sets request.user. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler: sets request.user when a valid bearer token is sent, ignores it otherwise. */
    authenticateOptional: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler: requires the `marketplace-key` header. */
    requireMarketplaceKey: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler: requires the `api-key` header (trade calls). */
    requireApiKey: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** Issues a session token for a user. */
    signSession: (userId: number) => Promise<{ token: string; expiresAt: Date }>;
  }
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

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
      return { id };
    } catch (cause) {
      throw new AppError('UNAUTHORIZED', { cause });
    }
  }

  app.decorateRequest('user', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const user = await readUser(request);
    if (!user) throw new AppError('UNAUTHORIZED');
    request.user = user;
  });
  app.decorate('authenticateOptional', async (request: FastifyRequest) => {
    try {
      request.user = await readUser(request);
    } catch {
      request.user = null;
    }
  });
  app.decorate('requireMarketplaceKey', async (request: FastifyRequest) => {
    if (request.headers['marketplace-key'] !== config.marketplaceKey) {
      throw new AppError('INVALID_MARKETPLACE_KEY');
    }
  });
  app.decorate('requireApiKey', async (request: FastifyRequest) => {
    if (request.headers['api-key'] !== config.apiKey) throw new AppError('INVALID_API_KEY');
  });
  app.decorate('signSession', async (userId: number) => {
    const expiresAt = new Date(Date.now() + SESSION_TTL_SECONDS * 1000);
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(userId))
      .setIssuer(issuer)
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(key);
    return { token, expiresAt };
  });
}
