import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { toWalletAccount, walletOfUser } from '#server/account/wallets.ts';
import { accountsOfWallet } from '#server/repositories/wallets.ts';
import { Data, errorResponses } from '#shared/schemas/common.ts';
import { WalletAccount } from '#shared/schemas/entities.ts';

/**
 * GET /api/v1/ETHwallets/account/{platform}?walletID= (bearer): the accounts (address +
 * encPrivateKey keystore) of one of the signed-in user's wallets.
 */
const plugin: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/:platform',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['wallets'],
        params: Type.Object({ platform: Type.Union([Type.Literal(0), Type.Literal(1)]) }),
        querystring: Type.Object({ walletID: Type.Integer({ minimum: 1, maximum: 2147483647 }) }),
        response: {
          200: Data(Type.Object({ accounts: Type.Array(WalletAccount) })),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const wallet = await walletOfUser(app.db, request.user!.id, request.query.walletID);
      if (wallet.platform !== request.params.platform) return { data: { accounts: [] } };
      const rows = await accountsOfWallet(app.db, wallet.id);
      return { data: { accounts: rows.map(toWalletAccount) } };
    },
  );
};
export default plugin;
