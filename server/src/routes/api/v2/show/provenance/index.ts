import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { toActivity } from '#server/db/mappers.ts';
import { AppError } from '#server/errors.ts';
import { listActivities } from '#server/repositories/activities.ts';
import { nftById } from '#server/repositories/nfts.ts';
import { pageRequest } from '#server/repositories/paging.ts';
import { PROVENANCE_EVENTS } from '#shared/enums.ts';
import { ACTIVITY_PAGE_SIZE } from '#shared/rules.ts';
import { ProvenanceQuery } from '#shared/schemas/catalogue.ts';
import { errorResponses, ListOf } from '#shared/schemas/common.ts';
import { Activity } from '#shared/schemas/entities.ts';

/**
 * GET /api/v2/show/provenance?item_id=[&page][&size]: the NFT's history of its
 * provenance events (MINT, LIST, TRANSFER, BUY, REVOKE, BID, PURCHASE), newest first; page 1,
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
      const page = pageRequest(q, ACTIVITY_PAGE_SIZE);
      const { rows, total } = await listActivities(
        app.db,
        { nftId: q.item_id, types: PROVENANCE_EVENTS },
        page,
      );
      return { data: rows.map(toActivity), total, ...page };
    },
  );
};
export default plugin;
