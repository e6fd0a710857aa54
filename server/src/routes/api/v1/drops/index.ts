import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError } from '#server/errors.ts';
import {
  buyersOf,
  dropDetail,
  holdingOf,
  isIndexed,
  listDrops,
  purchasesOf,
} from '#server/repositories/drops.ts';
import { bagProof } from '#server/services/drop-bags.ts';
import { storeDropMetadata, storePool } from '#server/studio/drop-documents.ts';
import { assertPartner } from '#server/studio/partners.ts';
import { Data, errorResponses, ListOf } from '#shared/schemas/common.ts';
import {
  BagProof,
  BagProofParams,
  Drop,
  DropBuyer,
  DropBuyersQuery,
  DropDetail,
  DropHolding,
  DropHoldingParams,
  DropListQuery,
  DropMetadataBody,
  DropParams,
  DropPoolBody,
  DropPurchase,
  DropPurchasesQuery,
  Indexed,
  IndexedQuery,
  StoredPool,
} from '#shared/schemas/drops.ts';
import { StoredMetadata } from '#shared/schemas/studio.ts';

/**
 * /api/v1/drops (contracts/src/Drops.sol; docs/decisions/121-drops-on-the-server.md):
 * - GET / ?state&kind&networkId&partner&page&size: drops by state (upcoming, live, ended);
 * - GET /purchases ?address&networkId&page&size: an address's purchases, deliveries, refunds
 *   and bag openings across drops, newest first;
 * - GET /:networkId/:dropId: the drop, with a magic bag's commitment and reveal (and its pool
 *   once revealed); DROP_NOT_FOUND;
 * - GET /:networkId/:dropId/holdings/:address: what the address bought there (the limit counts
 *   it), what is undelivered and refundable;
 * - GET /:networkId/:dropId/buyers ?undelivered&page&size: its buyers, most undelivered first;
 * - GET /indexed ?networkId&txHash: whether the indexer recorded that drop transaction yet;
 * - GET /:networkId/:dropId/bags/:serial/proof: the pool item and proof `openBag` takes
 *   (DROP_NOT_REVEALED, DROP_POOL_UNKNOWN);
 * - POST /metadata (partners): the drop's metadata document, answers the URI for DropParams.uri;
 * - POST /pools (partners): a magic bag's ordered pool, answers the root for DropParams.poolRoot.
 */
const readRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['drops'];
  app.get(
    '/',
    {
      schema: {
        tags,
        querystring: DropListQuery,
        response: { 200: ListOf(Drop), ...errorResponses },
      },
    },
    async (request) => listDrops(app.db, request.query),
  );

  app.get(
    '/purchases',
    {
      schema: {
        tags,
        querystring: DropPurchasesQuery,
        response: { 200: ListOf(DropPurchase), ...errorResponses },
      },
    },
    async (request) => purchasesOf(app.db, request.query),
  );

  app.get(
    '/:networkId/:dropId',
    {
      schema: { tags, params: DropParams, response: { 200: Data(DropDetail), ...errorResponses } },
    },
    async (request) => {
      const { networkId, dropId } = request.params;
      const drop = await dropDetail(app.db, networkId, dropId);
      if (!drop) throw new AppError('DROP_NOT_FOUND');
      return { data: drop };
    },
  );

  app.get(
    '/:networkId/:dropId/holdings/:address',
    {
      schema: {
        tags,
        params: DropHoldingParams,
        response: { 200: Data(DropHolding), ...errorResponses },
      },
    },
    async (request) => {
      const { networkId, dropId, address } = request.params;
      const holding = await holdingOf(app.db, networkId, dropId, address);
      if (!holding) throw new AppError('DROP_NOT_FOUND');
      return { data: holding };
    },
  );

  app.get(
    '/:networkId/:dropId/buyers',
    {
      schema: {
        tags,
        params: DropParams,
        querystring: DropBuyersQuery,
        response: { 200: ListOf(DropBuyer), ...errorResponses },
      },
    },
    async (request) => {
      const { networkId, dropId } = request.params;
      return buyersOf(app.db, networkId, dropId, request.query);
    },
  );

  app.get(
    '/indexed',
    {
      schema: {
        tags,
        querystring: IndexedQuery,
        response: { 200: Data(Indexed), ...errorResponses },
      },
    },
    async (request) => ({
      data: { indexed: await isIndexed(app.db, request.query.networkId, request.query.txHash) },
    }),
  );

  app.get(
    '/:networkId/:dropId/bags/:serial/proof',
    {
      schema: {
        tags,
        params: BagProofParams,
        response: { 200: Data(BagProof), ...errorResponses },
      },
    },
    async (request) => {
      const { networkId, dropId, serial } = request.params;
      return { data: await bagProof(app.db, networkId, dropId, serial) };
    },
  );
};

/** The partners' documents: written before the drop is created on chain. */
const partnerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['drops', 'studio'];
  app.post(
    '/metadata',
    {
      config: { auth: 'user' },
      preValidation: async (request) => assertPartner(app, request.user!.id),
      schema: {
        tags,
        description:
          "Partners only. Stores a drop's metadata document (title, description, cover, collection, event place) by its sha256; the answer's uri goes into DropParams.uri.",
        body: DropMetadataBody,
        response: { 201: Data(StoredMetadata), ...errorResponses },
      },
    },
    async (request, reply) => {
      const hash = await storeDropMetadata(app.db, request.body, request.user!.id);
      reply.code(201);
      return { data: { hash, uri: `${app.config.publicUrl}/api/v1/metadata/${hash}.json` } };
    },
  );

  app.post(
    '/pools',
    {
      config: { auth: 'user' },
      preValidation: async (request) => assertPartner(app, request.user!.id),
      schema: {
        tags,
        description:
          "Partners only. Stores a magic bag's ordered pool (token URIs) and answers its Merkle root for DropParams.poolRoot; the pool is published once the bag is revealed.",
        body: DropPoolBody,
        response: { 201: Data(StoredPool), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { uris } = request.body;
      const poolRoot = await storePool(app.db, uris, request.user!.id);
      reply.code(201);
      return { data: { poolRoot, size: uris.length } };
    },
  );
};
const plugin: FastifyPluginAsyncTypebox = async (app) => {
  await readRoutes(app, {});
  await partnerRoutes(app, {});
};
export default plugin;
