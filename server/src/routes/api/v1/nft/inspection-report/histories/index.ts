import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { toInspectionReport } from '#server/db/mappers.ts';
import { AppError } from '#server/errors.ts';
import { inspectionReportsOf } from '#server/repositories/nft-content.ts';
import { nftById } from '#server/repositories/nfts.ts';
import { InspectionQuery, MarketplaceKeyHeaders } from '#shared/schemas/catalogue.ts';
import { Data, errorResponses } from '#shared/schemas/common.ts';
import { InspectionReport } from '#shared/schemas/entities.ts';

/**
 * GET /api/v1/nft/inspection-report/histories?item_id= (marketplace-key header): the
 * NFT's inspection reports, latest inspection first. Missing or wrong key → 401
 * INVALID_MARKETPLACE_KEY; unknown NFT → 404 NOT_FOUND.
 */
const plugin: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      config: { auth: 'marketplaceKey' },
      schema: {
        tags: ['catalogue'],
        headers: MarketplaceKeyHeaders,
        querystring: InspectionQuery,
        response: { 200: Data(Type.Array(InspectionReport)), ...errorResponses },
      },
    },
    async (request) => {
      const { item_id } = request.query;
      if (!(await nftById(app.db, item_id))) throw new AppError('NOT_FOUND');
      return { data: (await inspectionReportsOf(app.db, item_id)).map(toInspectionReport) };
    },
  );
};
export default plugin;
