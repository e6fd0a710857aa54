import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getAddress } from 'ethers';
import Type from 'typebox';
import { encodeCancel } from '#server/chain/calldata.ts';
import { marketChain } from '#server/chain/contracts.ts';
import { chainNow } from '#server/chain/reads.ts';
import { toOrder } from '#server/db/mappers.ts';
import { AppError } from '#server/errors.ts';
import { createListing } from '#server/services/listings.ts';
import { loadOrder } from '#server/services/order-rows.ts';
import { orderOf } from '#server/services/order-rules.ts';
import { claimWindow, SaleKind } from '#shared/orders.ts';
import { Data, errorResponses, TxHash } from '#shared/schemas/common.ts';
import { Order } from '#shared/schemas/entities.ts';
import { ApiKeyHeaders, CreateListingBody, TradeTx } from '#shared/schemas/trading.ts';

/**
 * Listings (chosen path: /api/v2/orders, with the api-key header like trade/*).
 * - POST /api/v2/orders {networkId?, order, signature, name?, description?, image?}: lists NFTs
 *   from a maker's EIP-712 signed order (contracts/typed-data); answers the stored order (also
 *   to a resend of the same signed order).
 * - GET /api/v2/orders/{hash}: an order as stored (message as signed, signature, status).
 * - POST /api/v2/orders/{hash}/cancel-data: the maker's REVOKE transaction (Exchange.cancel).
 */
const plugin: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/',
    {
      config: { auth: 'apiKey', writesCatalogue: true },
      schema: {
        tags: ['trade'],
        headers: ApiKeyHeaders,
        body: CreateListingBody,
        response: { 200: Data(Order), ...errorResponses },
      },
    },
    async (request) => {
      const result = await createListing(app, request.body);
      return { data: toOrder(result.order) };
    },
  );

  app.get(
    '/:hash',
    {
      schema: {
        tags: ['trade'],
        params: Type.Object({ hash: TxHash }),
        response: { 200: Data(Order), ...errorResponses },
      },
    },
    async (request) => ({ data: toOrder(await loadOrder(app.db, request.params.hash)) }),
  );

  app.post(
    '/:hash/cancel-data',
    {
      config: { auth: 'apiKey' },
      schema: {
        tags: ['trade'],
        headers: ApiKeyHeaders,
        params: Type.Object({ hash: TxHash }),
        response: { 200: Data(TradeTx), ...errorResponses },
      },
    },
    async (request) => {
      const row = await loadOrder(app.db, request.params.hash);
      const order = orderOf(row);
      const exchange = await marketChain(app, row.network_id);
      if (order.saleKind === SaleKind.AUCTION) {
        // The exchange refuses to cancel an auction from its end until its claims close.
        const now = await chainNow(exchange);
        if (now >= order.endTime && now < claimWindow(order.endTime).closes) {
          throw new AppError('AUCTION_SETTLING');
        }
      }
      return {
        data: {
          from: getAddress(order.maker),
          to: exchange.exchange,
          data: encodeCancel(order),
          value: '0',
          chainId: row.network_id,
        },
      };
    },
  );
};
export default plugin;
