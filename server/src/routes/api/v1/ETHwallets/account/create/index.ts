import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { isUniqueViolation } from '#server/account/accounts.ts';
import { assertKeystore, toWalletAccount, walletOfUser } from '#server/account/wallets.ts';
import { toDbAddress } from '#server/db/values.ts';
import { AppError } from '#server/errors.ts';
import { insertWalletAccount } from '#server/repositories/wallets.ts';
import { Data, errorResponses } from '#shared/schemas/common.ts';
import { WalletAccount } from '#shared/schemas/entities.ts';
import { CreateWalletAccountBody } from '#shared/schemas/wallet.ts';

/**
 * POST /api/v1/ETHwallets/account/create/ (bearer): adds an account (keystore encrypted in the
 * browser) to a platform wallet of the signed-in user. Clear keys and phrases are refused.
 */
const plugin: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['wallets'],
        body: CreateWalletAccountBody,
        response: { 201: Data(WalletAccount), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { walletId, address, encPrivateKey } = request.body;
      const wallet = await walletOfUser(app.db, request.user!.id, walletId);
      if (wallet.platform !== 0) throw new AppError('VALIDATION_FAILED');
      assertKeystore(encPrivateKey, address);
      try {
        const row = await insertWalletAccount(app.db, {
          walletId: wallet.id,
          address: toDbAddress(address),
          encPrivateKey,
        });
        reply.status(201);
        return { data: toWalletAccount(row) };
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('ADDRESS_IN_USE');
        throw error;
      }
    },
  );
};
export default plugin;
