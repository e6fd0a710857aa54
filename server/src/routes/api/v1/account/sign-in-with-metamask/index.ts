import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { loadAccount } from '#server/account/accounts.ts';
import { checkSiwe, consumeNonce } from '#server/account/siwe-session.ts';
import { RATE_LIMITS } from '#server/config.ts';
import { toDbAddress } from '#server/db/values.ts';
import { AppError } from '#server/errors.ts';
import { addressOwner } from '#server/repositories/users.ts';
import { SiweSignInBody } from '#shared/schemas/account.ts';
import { Data, errorResponses } from '#shared/schemas/common.ts';
import { Session } from '#shared/schemas/entities.ts';

/**
 * POST /api/v1/account/sign-in-with-metamask {message, signature}: EIP-4361 sign-in of the
 * account the address is linked to. An address linked to no account → ACCOUNT_NOT_FOUND and the
 * nonce stays unused, so the same signed message can go to POST create/default.
 */
const plugin: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/',
    {
      config: { rateLimit: { max: RATE_LIMITS.signIn, timeWindow: '1 minute' } },
      schema: {
        tags: ['account'],
        body: SiweSignInBody,
        response: { 200: Data(Session), ...errorResponses },
      },
    },
    async (request) => {
      const fields = await checkSiwe(app, request.body.message, request.body.signature);
      const userId = await addressOwner(app.db, toDbAddress(fields.address));
      if (userId === undefined) throw new AppError('ACCOUNT_NOT_FOUND');
      await consumeNonce(app, fields.nonce);
      const session = await app.signSession(userId);
      return {
        data: {
          token: session.token,
          expiresAt: session.expiresAt.toISOString(),
          user: await loadAccount(app.db, userId),
        },
      };
    },
  );
};
export default plugin;
