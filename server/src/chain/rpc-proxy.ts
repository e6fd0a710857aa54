/**
 * The JSON-RPC path to each network's node: clients reach our nodes through `<domain>/rpc`,
 * where domain = PUBLIC_URL/api/v1/ETHnetworks/<networkId>. Only the read and send methods a
 * wallet or dapp needs pass; node-admin methods (anvil_*, debug_*, personal_*, eth_sign*,
 * eth_sendTransaction, ...) are answered with a JSON-RPC error, never forwarded.
 * eth_sendRawTransaction is not forwarded as is: it goes through the broadcast checks
 * (broadcast.ts) like every other way of sending a signed transaction.
 */
import { Value } from 'typebox/value';
import { AppError } from '#server/errors.ts';
import { RawTx } from '#shared/schemas/trading.ts';
import { broadcastRawTransaction } from './broadcast.ts';
import type { TradingContext } from './contracts.ts';

const ALLOWED_RPC_METHODS = new Set([
  'web3_clientVersion',
  'net_version',
  'net_listening',
  'eth_chainId',
  'eth_syncing',
  'eth_blockNumber',
  'eth_gasPrice',
  'eth_maxPriorityFeePerGas',
  'eth_feeHistory',
  'eth_getBalance',
  'eth_getCode',
  'eth_getStorageAt',
  'eth_getTransactionCount',
  'eth_call',
  'eth_estimateGas',
  'eth_getBlockByNumber',
  'eth_getBlockByHash',
  'eth_getTransactionByHash',
  'eth_getTransactionReceipt',
  'eth_getLogs',
  'eth_sendRawTransaction',
]);

/** Largest batch forwarded at once. */
export const MAX_RPC_BATCH = 20;

export interface JsonRpcRequest {
  jsonrpc?: string;
  id?: string | number | null;
  method: string;
  params?: unknown;
}

type RpcId = string | number | null;
type RpcError = { code: number; message: string; data?: unknown };

function rpcError(id: RpcId, error: RpcError) {
  return { jsonrpc: '2.0', id, error };
}

export function methodNotAllowed(request: JsonRpcRequest) {
  return rpcError(request.id ?? null, {
    code: -32601,
    message: `Method not allowed: ${String(request.method).slice(0, 64)}`,
  });
}

/** Posts JSON to the node (10 s timeout); throws on transport failure or a non-JSON answer. */
async function postToNode(nodeUrl: string, body: unknown): Promise<unknown> {
  const response = await fetch(nodeUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok && response.status >= 500) {
    throw new Error(`node answered HTTP ${response.status}`);
  }
  return response.json();
}

/**
 * A refusal as a JSON-RPC error: the node's own error when the node refused the transaction,
 * else -32602 (bad params) or -32003 (transaction rejected) with our code in `data`.
 */
function refusal(error: AppError): RpcError {
  const node = (error.cause as { info?: { error?: RpcError } } | undefined)?.info?.error;
  if (error.code === 'TX_REJECTED' && node && typeof node.code === 'number') return node;
  const code = error.code === 'VALIDATION_FAILED' ? -32602 : -32003;
  return { code, message: error.message, data: { code: error.code } };
}

/** eth_sendRawTransaction through the broadcast checks; a node outage still fails the request. */
async function sendRaw(ctx: TradingContext, networkId: number, request: JsonRpcRequest) {
  const id = request.id ?? null;
  const rawTx = Array.isArray(request.params) ? request.params[0] : undefined;
  if (typeof rawTx !== 'string' || !Value.Check(RawTx, rawTx)) {
    return rpcError(id, { code: -32602, message: 'Invalid params: a signed transaction (hex)' });
  }
  try {
    const sent = await broadcastRawTransaction(ctx, { networkId, rawTx });
    return { jsonrpc: '2.0', id, result: sent.txHash };
  } catch (error) {
    if (!(error instanceof AppError) || error.code === 'CHAIN_UNAVAILABLE') throw error;
    return rpcError(id, refusal(error));
  }
}

/** Answers one JSON-RPC request or a batch for the node of `networkId`. */
export async function proxyRpc(
  ctx: TradingContext,
  networkId: number,
  body: JsonRpcRequest | JsonRpcRequest[],
): Promise<unknown> {
  const nodeUrl = await ctx.chain.nodeUrl(networkId);
  const list = Array.isArray(body) ? body : [body];
  const allowed = list.filter((r) => ALLOWED_RPC_METHODS.has(r.method));
  const forwarded = allowed
    .filter((r) => r.method !== 'eth_sendRawTransaction')
    .map((r) => ({ ...r, jsonrpc: '2.0', id: r.id ?? null }));
  const refused = list.filter((r) => !ALLOWED_RPC_METHODS.has(r.method)).map(methodNotAllowed);
  const sends = allowed.filter((r) => r.method === 'eth_sendRawTransaction');
  let answers: unknown[] = [];
  if (forwarded.length) {
    let result: unknown;
    try {
      result = await postToNode(nodeUrl, Array.isArray(body) ? forwarded : forwarded[0]);
    } catch (cause) {
      throw new AppError('CHAIN_UNAVAILABLE', { cause });
    }
    answers = Array.isArray(result) ? result : [result];
  }
  for (const request of sends) answers.push(await sendRaw(ctx, networkId, request));
  return Array.isArray(body) ? [...answers, ...refused] : (answers[0] ?? refused[0]);
}
