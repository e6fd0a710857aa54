import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { toProperty } from '#server/db/mappers.ts';
import { AppError } from '#server/errors.ts';
import { propertiesOf } from '#server/repositories/nft-content.ts';
import { nftById } from '#server/repositories/nfts.ts';
import { setById } from '#server/repositories/sets.ts';
import { MarketplaceKeyHeaders, PropertiesQuery } from '#shared/schemas/catalogue.ts';
import { Data, errorResponses } from '#shared/schemas/common.ts';
import { Property } from '#shared/schemas/entities.ts';

/**
 * GET /api/v1/nft/properties?item_id= | ?set_id= (marketplace-key header): the traits of
 * an NFT or of a set, in display order. Exactly one of item_id and set_id: neither → 400
 * REQUIRED_FIELD, both → 400 VALIDATION_FAILED. Missing or wrong key → 401
 * INVALID_MARKETPLACE_KEY. Unknown item → 404 NOT_FOUND.
 */
const plugin: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      config: { auth: 'marketplaceKey' },
      schema: {
        tags: ['catalogue'],
        headers: MarketplaceKeyHeaders,
        querystring: PropertiesQuery,
        response: { 200: Data(Type.Array(Property)), ...errorResponses },
      },
    },
    async (request) => {
      const { item_id, set_id } = request.query;
      if (item_id === undefined && set_id === undefined) throw new AppError('REQUIRED_FIELD');
      if (item_id !== undefined && set_id !== undefined) throw new AppError('VALIDATION_FAILED');
      if (item_id !== undefined) {
        if (!(await nftById(app.db, item_id))) throw new AppError('NOT_FOUND');
        return { data: (await propertiesOf(app.db, { nftId: item_id })).map(toProperty) };
      }
      const setId = set_id as number;
      if (!(await setById(app.db, setId))) throw new AppError('NOT_FOUND');
      return { data: (await propertiesOf(app.db, { setId })).map(toProperty) };
    },
  );
};
export default plugin;
