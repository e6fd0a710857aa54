import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { AppError } from '#server/errors.ts';
import {
  holdersPage,
  priceHistory,
  toDetail,
  tradesPage,
  type VaultRow,
  vaultListPage,
  vaultRow,
} from '#server/repositories/fractional.ts';
import { holdingsOf, payoutsOf } from '#server/repositories/fractional-holdings.ts';
import { broadcastFractional } from '#server/services/fractional-broadcast.ts';
import {
  cancelData,
  createShareListing,
  loadListing,
  openListings,
  takeData,
} from '#server/services/share-listings.ts';
import { Data, errorResponses, ListOf } from '#shared/schemas/common.ts';
import {
  AddressQuery,
  FractionalDetail,
  FractionalListQuery,
  FractionalVault,
  Holder,
  Holding,
  Payout,
  PriceHistory,
  ShareListing,
  ShareListingBody,
  ShareListingParams,
  ShareTrade,
  TakeBody,
  VaultPageQuery,
  VaultParams,
  VaultRawTxBody,
  VaultTx,
} from '#shared/schemas/fractional.ts';
import { SentTx } from '#shared/schemas/trading.ts';

/**
 * /api/v2/fractional: fractional vaults, their holders, share listings, trades, holdings and
 * payouts (README.md beside this file lists every call and refusal; docs/decisions/119).
 */
type App = Parameters<FastifyPluginAsyncTypebox>[0];
const tags = ['fractional'];

async function vaultOr404(app: App, p: { networkId: number; vault: string }): Promise<VaultRow> {
  const row = await vaultRow(app.db, p.networkId, p.vault);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** The list, an address's holdings and payouts, the platform wallet's broadcast. */
function listRoutes(app: App): void {
  app.get(
    '/',
    {
      schema: {
        tags,
        querystring: FractionalListQuery,
        response: { 200: ListOf(FractionalVault), ...errorResponses },
      },
    },
    async (request) => vaultListPage(app.db, request.query),
  );

  app.get(
    '/holdings',
    {
      schema: {
        tags,
        querystring: AddressQuery,
        response: { 200: Data(Type.Array(Holding)), ...errorResponses },
      },
    },
    async (request) => ({
      data: await holdingsOf(app.db, request.query.address, request.query.networkId),
    }),
  );

  app.get(
    '/payouts',
    {
      schema: {
        tags,
        querystring: AddressQuery,
        response: { 200: Data(Type.Array(Payout)), ...errorResponses },
      },
    },
    async (request) => ({
      data: await payoutsOf(app.db, request.query.address, request.query.networkId),
    }),
  );

  app.post(
    '/send-rawtx',
    { schema: { tags, body: VaultRawTxBody, response: { 200: Data(SentTx), ...errorResponses } } },
    async (request) => ({ data: await broadcastFractional(app, request.body) }),
  );
}

/** One vault: its page, holders, trades and price history. */
function vaultRoutes(app: App): void {
  app.get(
    '/:networkId/:vault',
    {
      schema: {
        tags,
        params: VaultParams,
        response: { 200: Data(FractionalDetail), ...errorResponses },
      },
    },
    async (request) => ({ data: toDetail(await vaultOr404(app, request.params)) }),
  );

  app.get(
    '/:networkId/:vault/holders',
    {
      schema: {
        tags,
        params: VaultParams,
        querystring: VaultPageQuery,
        response: { 200: ListOf(Holder), ...errorResponses },
      },
    },
    async (request) => {
      const { page = 1, size = 20 } = request.query;
      return holdersPage(app.db, await vaultOr404(app, request.params), page, size);
    },
  );
}

/** The vault's share listings: the book, a new listing, the take and cancel calls. */
function listingRoutes(app: App): void {
  app.get(
    '/:networkId/:vault/listings',
    {
      schema: {
        tags,
        params: VaultParams,
        response: { 200: Data(Type.Array(ShareListing)), ...errorResponses },
      },
    },
    async (request) => ({
      data: await openListings(app.db, await vaultOr404(app, request.params)),
    }),
  );

  app.post(
    '/:networkId/:vault/listings',
    {
      schema: {
        tags,
        params: VaultParams,
        body: ShareListingBody,
        response: { 200: Data(ShareListing), 201: Data(ShareListing), ...errorResponses },
      },
    },
    async (request, reply) => {
      const v = await vaultOr404(app, request.params);
      const { listing, created } = await createShareListing(app.db, v, request.body);
      reply.code(created ? 201 : 200);
      return { data: listing };
    },
  );

  app.post(
    '/:networkId/:vault/listings/:orderHash/take-data',
    {
      schema: {
        tags,
        params: ShareListingParams,
        body: TakeBody,
        response: { 200: Data(VaultTx), ...errorResponses },
      },
    },
    async (request) => {
      const v = await vaultOr404(app, request.params);
      const row = await loadListing(app.db, v, request.params.orderHash);
      const { taker, shares } = request.body;
      return { data: await takeData(app.db, v, row, taker, BigInt(shares)) };
    },
  );

  app.post(
    '/:networkId/:vault/listings/:orderHash/cancel-data',
    {
      schema: {
        tags,
        params: ShareListingParams,
        response: { 200: Data(VaultTx), ...errorResponses },
      },
    },
    async (request) => {
      const v = await vaultOr404(app, request.params);
      return { data: cancelData(v, await loadListing(app.db, v, request.params.orderHash)) };
    },
  );

  app.get(
    '/:networkId/:vault/trades',
    {
      schema: {
        tags,
        params: VaultParams,
        querystring: VaultPageQuery,
        response: { 200: ListOf(ShareTrade), ...errorResponses },
      },
    },
    async (request) => {
      const { page = 1, size = 20 } = request.query;
      return tradesPage(app.db, await vaultOr404(app, request.params), page, size);
    },
  );

  app.get(
    '/:networkId/:vault/price-history',
    {
      schema: {
        tags,
        params: VaultParams,
        response: { 200: Data(PriceHistory), ...errorResponses },
      },
    },
    async (request) => ({
      data: await priceHistory(app.db, await vaultOr404(app, request.params)),
    }),
  );
}

const plugin: FastifyPluginAsyncTypebox = async (app) => {
  listRoutes(app);
  vaultRoutes(app);
  listingRoutes(app);
};
export default plugin;
