import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { toWallet } from '#server/account/wallets.ts';
import { walletsOfUser } from '#server/repositories/wallets.ts';
import { Data, errorResponses } from '#shared/schemas/common.ts';
import { Wallet } from '#shared/schemas/entities.ts';

/** GET /api/v1/ETHwallets/get (bearer): every wallet of the signed-in account. */
const plugin: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['wallets'],
        response: { 200: Data(Type.Array(Wallet)), ...errorResponses },
      },
    },
    async (request) => {
      const rows = await walletsOfUser(app.db, request.user!.id);
      return { data: rows.map(toWallet) };
    },
  );
};
export default plugin;
