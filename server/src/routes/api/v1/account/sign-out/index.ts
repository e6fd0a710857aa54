import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endSession } from '#server/repositories/accounts.ts';
import { SignOutBody } from '#shared/schemas/account.ts';
import { errorResponses, OkBody } from '#shared/schemas/common.ts';

/**
 * POST /api/v1/account/sign-out (bearer): ends the caller's session on the server. The token's id
 * goes to `revoked_sessions` until the token would have expired, so every route that checks a
 * session (server/src/plugins/app/auth.ts, the live stream too) refuses it from now on; a token
 * without an id (signed before ids existed) is ended by moving the account's session epoch on
 * (server/src/repositories/accounts.ts).
 */
const plugin: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['account'],
        body: SignOutBody,
        response: { 200: OkBody, ...errorResponses },
      },
    },
    async (request) => {
      const user = request.user!;
      await endSession(app.db, { userId: user.id, jti: user.jti, expiresAt: user.expiresAt });
      return { data: true };
    },
  );
};
export default plugin;
