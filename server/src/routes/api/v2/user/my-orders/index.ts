import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { toOrderHistoryEntry } from '#server/db/mappers.ts';
import { listOrders } from '#server/repositories/orders.ts';
import { pageRequest } from '#server/repositories/paging.ts';
import { addressesOfAccount } from '#server/repositories/users.ts';
import { OrderHistoryQuery } from '#shared/schemas/catalogue.ts';
import { Address, errorResponses, ListOf } from '#shared/schemas/common.ts';
import { OrderHistoryEntry } from '#shared/schemas/entities.ts';

/**
 * My orders and the order history (/order-history; order statuses pending, success, end).
 * Query: type sell (orders the address made) | buy (its purchases, one per fill it took: part
 * of a bundle is a purchase of its own, a success) | all (default); status narrows; networkId;
 * page 1, size 12; newest first.
 * - GET /api/v2/user/my-orders (bearer): over the signed-in account's linked addresses (a
 *   platform wallet's address is linked when the app connects it);
 * - GET /api/v2/user/my-orders/{addressBC}: the order history of one address (public: orders
 *   are public on chain too).
 */
const plugin: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['user'],
        querystring: OrderHistoryQuery,
        response: { 200: ListOf(OrderHistoryEntry), ...errorResponses },
      },
    },
    async (request) => {
      const q = request.query;
      const page = pageRequest(q);
      const addresses = await addressesOfAccount(app.db, request.user!.id);
      const { rows, total } = await listOrders(
        app.db,
        { addresses, side: q.type ?? 'all', status: q.status, networkId: q.networkId },
        page,
      );
      return { data: rows.map(toOrderHistoryEntry), total, ...page };
    },
  );

  app.get(
    '/:addressBC',
    {
      schema: {
        tags: ['user'],
        params: Type.Object({ addressBC: Address }),
        querystring: OrderHistoryQuery,
        response: { 200: ListOf(OrderHistoryEntry), ...errorResponses },
      },
    },
    async (request) => {
      const q = request.query;
      const page = pageRequest(q);
      const { rows, total } = await listOrders(
        app.db,
        {
          addresses: [request.params.addressBC],
          side: q.type ?? 'all',
          status: q.status,
          networkId: q.networkId,
        },
        page,
      );
      return { data: rows.map(toOrderHistoryEntry), total, ...page };
    },
  );
};
export default plugin;
