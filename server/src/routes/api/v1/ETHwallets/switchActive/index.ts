import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { verifyPassword } from '#server/account/password.ts';
import { toWallet, walletOfUser } from '#server/account/wallets.ts';
import { RATE_LIMITS } from '#server/config.ts';
import { AppError } from '#server/errors.ts';
import { setActiveWallet } from '#server/repositories/wallets.ts';
import { Data, errorResponses } from '#shared/schemas/common.ts';
import { Wallet } from '#shared/schemas/entities.ts';
import { SwitchActiveBody } from '#shared/schemas/wallet.ts';

/**
 * PUT /api/v1/ETHwallets/switchActive/{walletId} {hashedPassword, isActive} (bearer): makes a
 * wallet the active one (isActive 1; others become inactive) or deactivates it (0). Activating a
 * platform wallet needs its passphrase hash (else WRONG_PASSWORD).
 */
const plugin: FastifyPluginAsyncTypebox = async (app) => {
  app.put(
    '/:walletId',
    {
      config: {
        auth: 'user',
        rateLimit: { max: RATE_LIMITS.walletSwitch, timeWindow: '1 minute' },
      },
      schema: {
        tags: ['wallets'],
        params: Type.Object({ walletId: Type.Integer({ minimum: 1, maximum: 2147483647 }) }),
        body: SwitchActiveBody,
        response: { 200: Data(Wallet), ...errorResponses },
      },
    },
    async (request) => {
      const userId = request.user!.id;
      const wallet = await walletOfUser(app.db, userId, request.params.walletId);
      const activate = request.body.isActive === 1;
      if (activate && wallet.platform === 0) {
        const ok = await verifyPassword(request.body.hashedPassword ?? '', wallet.passphrase_check);
        if (!ok) throw new AppError('WRONG_PASSWORD');
      }
      const row = await setActiveWallet(app.db, userId, wallet.id, activate);
      return { data: toWallet(row) };
    },
  );
};
export default plugin;
