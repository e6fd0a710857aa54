import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { toActivity } from '#server/db/mappers.ts';
import { listActivities, parseActivityTypes } from '#server/repositories/activities.ts';
import { pageRequest } from '#server/repositories/paging.ts';
import { ACTIVITY_PAGE_SIZE } from '#shared/rules.ts';
import { ActivityQuery } from '#shared/schemas/catalogue.ts';
import { errorResponses, ListOf } from '#shared/schemas/common.ts';
import { Activity } from '#shared/schemas/entities.ts';

/**
 * GET /api/v2/activity (page 1, size 20 by default): events
 * newest first, filtered (only when present) by collectionAddr, item_id, setId, bundleId, address
 * (as sender or receiver), networkId and type: a comma list of event types (MINT, LIST, TRANSFER,
 * BUY, REVOKE, BID, PURCHASE, LIKE) or of the activity filters listings, purchase (PURCHASE and
 * BUY), transfer, likes, bids, revokes.
 */
const plugin: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['activity'],
        querystring: ActivityQuery,
        response: { 200: ListOf(Activity), ...errorResponses },
      },
    },
    async (request) => {
      const q = request.query;
      const page = pageRequest(q, ACTIVITY_PAGE_SIZE);
      const { rows, total } = await listActivities(
        app.db,
        {
          types: parseActivityTypes(q.type),
          collectionAddr: q.collectionAddr,
          nftId: q.item_id,
          setId: q.setId,
          bundleId: q.bundleId,
          address: q.address,
          networkId: q.networkId,
        },
        page,
      );
      return { data: rows.map(toActivity), total, ...page };
    },
  );
};
export default plugin;
