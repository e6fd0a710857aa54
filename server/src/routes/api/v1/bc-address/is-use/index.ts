import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { toDbAddress } from '#server/db/values.ts';
import { addressOwner } from '#server/repositories/users.ts';
import { BcAddressQuery } from '#shared/schemas/account.ts';
import { Data, errorResponses } from '#shared/schemas/common.ts';

/** GET /api/v1/bc-address/is-use?bc_address=: data true when an account holds the address. */
const plugin: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['bc-address'],
        querystring: BcAddressQuery,
        response: { 200: Data(Type.Boolean()), ...errorResponses },
      },
    },
    async (request) => {
      const address = toDbAddress(request.query.bc_address);
      return { data: (await addressOwner(app.db, address)) !== undefined };
    },
  );
};
export default plugin;
