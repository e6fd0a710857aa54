import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getAddress, Transaction } from 'ethers';
import Type from 'typebox';
import { AppError } from '#server/errors.ts';
import {
  ALLOWED_RPC_METHODS,
  type JsonRpcRequest,
  MAX_RPC_BATCH,
  methodNotAllowed,
  postToNode,
} from '#server/market/rpc-proxy.ts';
import { errorResponses } from '#shared/schemas/common.ts';

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
 * - POST /{networkId}/rpc: JSON-RPC proxy to the node (spec §9 suffix rule: domain + '/rpc');
 * - POST /{networkId}/gateway/contract/createTransaction {rawTx, from}: sends a transaction
 *   signed in the browser (spec §7 platform-wallet flow); answers { success, data: txHash }.
 */
const plugin: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/:networkId/rpc',
    {
      config: { rateLimit: { max: 1200, timeWindow: '1 minute' } },
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
    async (request) => {
      const nodeUrl = await app.chain.nodeUrl(request.params.networkId);
      const body = request.body as JsonRpcRequest | JsonRpcRequest[];
      const list = Array.isArray(body) ? body : [body];
      const allowed = list.filter((r) => ALLOWED_RPC_METHODS.has(r.method));
      const refused = list.filter((r) => !ALLOWED_RPC_METHODS.has(r.method)).map(methodNotAllowed);
      let answers: unknown[] = [];
      if (allowed.length) {
        const forwarded = allowed.map((r) => ({ ...r, jsonrpc: '2.0', id: r.id ?? null }));
        let result: unknown;
        try {
          result = await postToNode(nodeUrl, Array.isArray(body) ? forwarded : forwarded[0]);
        } catch (cause) {
          throw new AppError('CHAIN_UNAVAILABLE', { cause });
        }
        answers = Array.isArray(result) ? result : [result];
      }
      return Array.isArray(body) ? [...answers, ...refused] : (answers[0] ?? refused[0]);
    },
  );

  app.post(
    '/:networkId/gateway/contract/createTransaction',
    {
      schema: {
        tags: ['networks'],
        params: NetworkParams,
        body: Type.Object({
          rawTx: Type.String({ pattern: '^0x[0-9a-fA-F]+$', maxLength: 200_000 }),
          from: Type.String({ pattern: '^0x[0-9a-fA-F]{40}$' }),
        }),
        response: {
          200: Type.Object({
            success: Type.Boolean(),
            data: Type.Union([Type.String(), Type.Null()]),
            message: Type.Optional(Type.String()),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { networkId } = request.params;
      let tx: Transaction;
      try {
        tx = Transaction.from(request.body.rawTx);
      } catch {
        throw new AppError('VALIDATION_FAILED');
      }
      if (!tx.from || tx.from !== getAddress(request.body.from.toLowerCase())) {
        throw new AppError('INVALID_SIGNATURE');
      }
      if (tx.chainId !== BigInt(networkId)) throw new AppError('WRONG_NETWORK');
      const provider = await app.chain.provider(networkId);
      try {
        const sent = await provider.broadcastTransaction(request.body.rawTx);
        return { success: true, data: sent.hash };
      } catch (error) {
        // spec §8: a transaction failure answers success false (the node's reason, for the log).
        const reason = (error as { shortMessage?: string; message?: string }).shortMessage;
        request.log.info({ err: error }, 'transaction refused by the node');
        return { success: false, data: null, message: reason ?? 'transaction refused' };
      }
    },
  );
};
export default plugin;
