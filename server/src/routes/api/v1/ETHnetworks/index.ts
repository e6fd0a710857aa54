import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { decodeRawTransaction, sendDecoded } from '#server/chain/broadcast.ts';
import { type JsonRpcRequest, MAX_RPC_BATCH, proxyRpc } from '#server/chain/rpc-proxy.ts';
import { RATE_LIMITS } from '#server/config.ts';
import { AppError } from '#server/errors.ts';
import { Address, errorResponses } from '#shared/schemas/common.ts';
import { RawTx } from '#shared/schemas/trading.ts';

const RpcRequest = Type.Object(
  {
    jsonrpc: Type.Optional(Type.String()),
    id: Type.Optional(Type.Union([Type.String(), Type.Number(), Type.Null()])),
    method: Type.String({ minLength: 1, maxLength: 100 }),
    params: Type.Optional(Type.Unknown()),
  },
  { additionalProperties: true },
);

const NetworkParams = Type.Object({ networkId: Type.Integer({ minimum: 1 }) });

/**
 * Per-network paths under /api/v1/ETHnetworks/{networkId} (the `domain` of our own networks):
 * - POST /{networkId}/rpc: JSON-RPC proxy to the node (a network's RPC URL is its domain +
 *   '/rpc'); eth_sendRawTransaction goes through the broadcast checks and answers a refusal as
 *   a JSON-RPC error;
 * - POST /{networkId}/gateway/contract/createTransaction {rawTx, from}: sends a transaction
 *   signed in the browser (platform wallet). A bad request (rawTx, signer, chain id) is an
 *   error answer; a transaction the chain or the broadcast checks refuse answers
 *   { success: false, code, message }, else { success: true, data: txHash }.
 */
const plugin: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/:networkId/rpc',
    {
      config: { rateLimit: { max: RATE_LIMITS.rpc, timeWindow: '1 minute' } },
      schema: {
        tags: ['networks'],
        params: NetworkParams,
        body: Type.Union([
          RpcRequest,
          Type.Array(RpcRequest, { minItems: 1, maxItems: MAX_RPC_BATCH }),
        ]),
        response: { 200: Type.Unknown(), ...errorResponses },
      },
    },
    async (request) =>
      proxyRpc(app, request.params.networkId, request.body as JsonRpcRequest | JsonRpcRequest[]),
  );

  app.post(
    '/:networkId/gateway/contract/createTransaction',
    {
      schema: {
        tags: ['networks'],
        params: NetworkParams,
        body: Type.Object({ rawTx: RawTx, from: Address }),
        response: {
          200: Type.Object({
            success: Type.Boolean(),
            data: Type.Union([Type.String(), Type.Null()]),
            code: Type.Optional(Type.String()),
            message: Type.Optional(Type.String()),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { networkId } = request.params;
      const decoded = await decodeRawTransaction(app, { networkId, ...request.body });
      try {
        const sent = await sendDecoded(app, decoded);
        return { success: true, data: sent.txHash };
      } catch (error) {
        // A transaction failure answers success false, with our code and the reason.
        if (!(error instanceof AppError)) throw error;
        request.log.info({ err: error }, 'transaction refused');
        return { success: false, data: null, code: error.code, message: error.message };
      }
    },
  );
};
export default plugin;
