import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { findByLogin, loadAccount } from '#server/account/accounts.ts';
import { verifyPassword } from '#server/account/password.ts';
import { RATE_LIMITS } from '#server/config.ts';
import { AppError } from '#server/errors.ts';
import { SignInBody } from '#shared/schemas/account.ts';
import { Data, errorResponses } from '#shared/schemas/common.ts';
import { Session } from '#shared/schemas/entities.ts';

/**
 * POST /api/v1/account/sign-in: username (or e-mail) + password → JWT bearer session.
 * An unknown account and a wrong password get the same WRONG_CREDENTIALS after the same work (an
 * unknown one is checked against a stand-in hash, password.ts): the answer does not tell whether
 * an account exists. E-mail not verified yet (right password only) → EMAIL_NOT_VERIFIED.
 */
const plugin: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/',
    {
      config: { rateLimit: { max: RATE_LIMITS.signIn, timeWindow: '1 minute' } },
      schema: {
        tags: ['account'],
        body: SignInBody,
        response: { 200: Data(Session), ...errorResponses },
      },
    },
    async (request) => {
      const user = await findByLogin(app.db, request.body.username);
      const matches = await verifyPassword(request.body.password, user?.password_hash ?? null);
      if (!user || !matches) throw new AppError('WRONG_CREDENTIALS');
      if (user.email && !user.email_verified) throw new AppError('EMAIL_NOT_VERIFIED');
      const session = await app.signSession(user.id);
      return {
        data: {
          token: session.token,
          expiresAt: session.expiresAt.toISOString(),
          user: await loadAccount(app.db, user.id),
        },
      };
    },
  );
};
export default plugin;
