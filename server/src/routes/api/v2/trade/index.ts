import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { TSchema } from 'typebox';
import { buyTransaction, buyTransactions } from '#server/services/buys.ts';
import { type RawKind, sendTradeTransaction } from '#server/services/raw-trades.ts';
import { Data, errorResponses } from '#shared/schemas/common.ts';
import {
  ApiKeyHeaders,
  BuyBody,
  BuyBundleBody,
  BuyNftsBody,
  BuyTx,
  BuyTxs,
  RawTxBody,
  SentTx,
} from '#shared/schemas/trading.ts';

/**
 * /api/v2/trade/*: fixed-price buys, every call with the api-key header.
 *
 * Building the transaction to send from `buyer` (Exchange.buy, value = the quote):
 * - POST /matchOrder {orderHash, buyer}: one listed NFT;
 * - POST /matchOrderSet {orderHash, buyer}: a whole set (sets are sold whole only);
 * - POST /matchOrderBundle {orderHash, buyer, tokenIds}: the chosen items of a bundle, priced per
 *   item minus the bundle discount once the count reaches the bundle's minimum;
 * - POST /matchOrderNFTs {buyer, orderHashes}: several single-NFT orders, one transaction each
 *   plus their total, after checking the buyer can pay them all.
 * Refusals: NO_ITEMS_SELECTED, SELLER_CANNOT_BUY, NOT_ENOUGH_ACCOUNT_BALANCE, WRONG_SALE_KIND,
 * ORDER_NOT_STARTED, ORDER_SOLD (filled, or an item already left the seller), ORDER_EXPIRED,
 * PRICE_CHANGED (the seller listed the item again), ORDER_NOT_AVAILABLE (revoked, moved), NOT_FOUND.
 *
 * Broadcasting a transaction the client signed (platform wallet), {rawTx, networkId?}:
 * - POST /raw-matchOrder: the buy of matchOrder; /raw-matchOrder-nfts: one buy of matchOrderNFTs
 *   (send each in turn); /raw-matchOrder-bundle: the buy of matchOrderBundle;
 * - POST /send-rawtx: any call to the exchange (buy of a set, claim, cancel, ...), or a WVBC
 *   deposit, approval of the exchange or withdrawal.
 * The route's kind and contract are checked first, then the broadcast checks every raw
 * transaction gets (chain id, simulation, the unwrap-lock rule; server/src/chain/broadcast.ts).
 * Answers the hash; the indexer records the result. Refusals: WRONG_NETWORK, WRONG_CONTRACT,
 * WRONG_SALE_KIND, NOT_ENOUGH_WRAPPER_BALANCE, a revert's code, TX_REJECTED, VALIDATION_FAILED.
 */
const plugin: FastifyPluginAsyncTypebox = async (app) => {
  const options = <B extends TSchema, R extends TSchema>(body: B, reply: R) => ({
    config: { auth: 'apiKey' as const },
    schema: {
      tags: ['trade'],
      headers: ApiKeyHeaders,
      body,
      response: { 200: Data(reply), ...errorResponses },
    },
  });

  app.post('/matchOrder', options(BuyBody, BuyTx), async (request) => ({
    data: await buyTransaction(app, { ...request.body, kind: 'NFT' }),
  }));
  app.post('/matchOrderSet', options(BuyBody, BuyTx), async (request) => ({
    data: await buyTransaction(app, { ...request.body, kind: 'SET' }),
  }));
  app.post('/matchOrderBundle', options(BuyBundleBody, BuyTx), async (request) => ({
    data: await buyTransaction(app, { ...request.body, kind: 'BUNDLE' }),
  }));
  app.post('/matchOrderNFTs', options(BuyNftsBody, BuyTxs), async (request) => ({
    data: await buyTransactions(app, request.body),
  }));

  const raw: [string, RawKind][] = [
    ['/raw-matchOrder', 'buy-single'],
    ['/raw-matchOrder-nfts', 'buy-single'],
    ['/raw-matchOrder-bundle', 'buy-bundle'],
    ['/send-rawtx', 'any'],
  ];
  for (const [url, kind] of raw) {
    app.post(url, options(RawTxBody, SentTx), async (request) => ({
      data: await sendTradeTransaction(app, { ...request.body, kind }),
    }));
  }
};
export default plugin;
