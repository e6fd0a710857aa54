import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { toActivity } from '#server/db/mappers.ts';
import { AppError } from '#server/errors.ts';
import { nftById, pageRequest } from '#server/repositories/catalogue.ts';
import { listActivities, PROVENANCE_TYPES } from '#server/repositories/catalogue-activity.ts';
import { ProvenanceQuery } from '#shared/schemas/catalogue.ts';
import { errorResponses, ListOf } from '#shared/schemas/common.ts';
import { Activity } from '#shared/schemas/entities.ts';

/**
 * GET /api/v2/show/provenance?item_id=[&page][&size] (spec §7 provenance: item_id): the NFT's
 * history of MINT, LIST, TRANSFER, BUY, REVOKE, BID, PURCHASE (spec §3), newest first; page 1,
 * size 20 by default. Unknown NFT → 404 NOT_FOUND.
 */
const plugin: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['catalogue'],
        querystring: ProvenanceQuery,
        response: { 200: ListOf(Activity), ...errorResponses },
      },
    },
    async (request) => {
      const q = request.query;
      if (!(await nftById(app.db, q.item_id))) throw new AppError('NOT_FOUND');
      const page = pageRequest(q, 20);
      const { rows, total } = await listActivities(
        app.db,
        { nftId: q.item_id, types: PROVENANCE_TYPES },
        page,
      );
      return { data: rows.map(toActivity), total, ...page };
    },
  );
};
export default plugin;
