import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { isUniqueViolation, loadAccount } from '#server/account/accounts.ts';
import { checkSiwe, consumeNonce } from '#server/account/siwe-session.ts';
import { RATE_LIMITS } from '#server/config.ts';
import { toDbAddress } from '#server/db/values.ts';
import { AppError } from '#server/errors.ts';
import { createDefaultAccount } from '#server/repositories/accounts.ts';
import { addressOwner } from '#server/repositories/users.ts';
import { SiweSignInBody } from '#shared/schemas/account.ts';
import { Data, errorResponses } from '#shared/schemas/common.ts';
import { Session } from '#shared/schemas/entities.ts';

/**
 * POST /api/v1/account/create/default {message, signature}: creates the default account of a
 * wallet (no e-mail, no password; username `user-<first 8 hex of the address>`, or the whole
 * address when that name is taken), links the
 * address and signs it in. The address must be linked to no account (else ADDRESS_IN_USE).
 */
const plugin: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/',
    {
      config: { rateLimit: { max: RATE_LIMITS.signUp, timeWindow: '1 minute' } },
      schema: {
        tags: ['account'],
        body: SiweSignInBody,
        response: { 201: Data(Session), ...errorResponses },
      },
    },
    async (request, reply) => {
      const fields = await checkSiwe(app, request.body.message, request.body.signature);
      const address = toDbAddress(fields.address);
      if ((await addressOwner(app.db, address)) !== undefined) throw new AppError('ADDRESS_IN_USE');
      await consumeNonce(app, fields.nonce);
      let userId: number;
      try {
        userId = await createDefaultAccount(app.db, address);
      } catch (error) {
        // The same address linked meanwhile, or the default username exists.
        if (isUniqueViolation(error)) throw new AppError('ADDRESS_IN_USE');
        throw error;
      }
      const session = await app.signSession(userId);
      reply.status(201);
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
