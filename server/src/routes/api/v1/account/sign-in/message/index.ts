import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getAddress } from 'ethers';
import { buildSiweMessage, SIWE_STATEMENT } from '#server/account/siwe.ts';
import { isKnownChain, siweDomain, storeNonce } from '#server/account/siwe-session.ts';
import { RATE_LIMITS, SIWE_NONCE_TTL_MS } from '#server/config.ts';
import { AppError } from '#server/errors.ts';
import { SiweMessage, SiweMessageQuery } from '#shared/schemas/account.ts';
import { Data, errorResponses } from '#shared/schemas/common.ts';

/**
 * GET /api/v1/account/sign-in/message?address=&chainId=: an EIP-4361 message for the wallet to
 * sign, with a single-use nonce valid 5 minutes, bound to our domain and the chain.
 */
const plugin: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      config: { rateLimit: { max: RATE_LIMITS.signIn * 3, timeWindow: '1 minute' } },
      schema: {
        tags: ['account'],
        querystring: SiweMessageQuery,
        response: { 200: Data(SiweMessage), ...errorResponses },
      },
    },
    async (request) => {
      const { chainId } = request.query;
      if (!(await isKnownChain(app, chainId))) throw new AppError('WRONG_NETWORK');
      let address: string;
      try {
        address = getAddress(request.query.address.toLowerCase());
      } catch {
        throw new AppError('INVALID_ADDRESS');
      }
      const nonce = randomBytes(16).toString('hex');
      const issuedAt = new Date();
      const expiresAt = new Date(issuedAt.getTime() + SIWE_NONCE_TTL_MS);
      const domain = siweDomain(app.config.publicUrl);
      await storeNonce(app, {
        nonce,
        domain,
        chainId,
        address: address.toLowerCase(),
        issuedAt,
        expiresAt,
      });
      const message = buildSiweMessage({
        domain,
        address,
        statement: SIWE_STATEMENT,
        uri: app.config.publicUrl,
        version: '1',
        chainId,
        nonce,
        issuedAt: issuedAt.toISOString(),
        expirationTime: expiresAt.toISOString(),
      });
      return { data: { message, nonce, expiresAt: expiresAt.toISOString() } };
    },
  );
};
export default plugin;
