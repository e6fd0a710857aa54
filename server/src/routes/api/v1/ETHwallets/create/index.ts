import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { isUniqueViolation } from '#server/account/accounts.ts';
import { hashPassword } from '#server/account/password.ts';
import { looksLikeClearSecret } from '#server/account/secrets.ts';
import { assertKeystore, toWallet } from '#server/account/wallets.ts';
import { toDbAddress } from '#server/db/values.ts';
import { AppError } from '#server/errors.ts';
import { createWallet } from '#server/repositories/wallets.ts';
import { Data, errorResponses } from '#shared/schemas/common.ts';
import { Wallet } from '#shared/schemas/entities.ts';
import { CreateWalletBody } from '#shared/schemas/wallet.ts';

/**
 * POST /api/v1/ETHwallets/create (bearer): a platform wallet (0: keystore encrypted in the
 * browser + a hash of the passphrase, both required) or an extension wallet (1: address only).
 * The first wallet, or one created with isActive 1, becomes the active one.
 */
const plugin: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['wallets'],
        body: CreateWalletBody,
        response: { 201: Data(Wallet), ...errorResponses },
      },
    },
    async (request, reply) => {
      const userId = request.user!.id;
      const body = request.body;
      if (looksLikeClearSecret(body.name)) throw new AppError('CLEAR_SECRET_REFUSED');
      const address = toDbAddress(body.address);
      let passphraseCheck: string | null = null;
      if (body.platform === 0) {
        if (!body.encPrivateKey || !body.hashedPassword) throw new AppError('REQUIRED_FIELD');
        assertKeystore(body.encPrivateKey, address);
        passphraseCheck = await hashPassword(body.hashedPassword);
      } else if (body.encPrivateKey) {
        // An extension wallet keeps its keys in the extension.
        throw new AppError('CLEAR_SECRET_REFUSED');
      }
      try {
        const row = await createWallet(app.db, userId, {
          name: body.name.trim(),
          platform: body.platform,
          address,
          isActive: body.isActive === 1,
          passphraseCheck,
          encPrivateKey: body.platform === 0 ? body.encPrivateKey : undefined,
        });
        reply.status(201);
        return { data: toWallet(row) };
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('ADDRESS_IN_USE');
        throw error;
      }
    },
  );
};
export default plugin;
