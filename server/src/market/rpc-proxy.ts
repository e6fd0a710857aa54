/**
 * The JSON-RPC path to each network's node (spec §7, §9): clients reach our nodes through
 * `<domain>/rpc`, where domain = PUBLIC_URL/api/v1/ETHnetworks/<networkId>. Only the read and
 * send methods a wallet or dapp needs pass; node-admin methods (anvil_*, debug_*, personal_*,
 * eth_sign*, eth_sendTransaction, ...) are answered with a JSON-RPC error, never forwarded.
 */

export const ALLOWED_RPC_METHODS = new Set([
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

export function methodNotAllowed(request: JsonRpcRequest) {
  return {
    jsonrpc: '2.0',
    id: request.id ?? null,
    error: { code: -32601, message: `Method not allowed: ${String(request.method).slice(0, 64)}` },
  };
}

/** Posts JSON to the node (10 s timeout); throws on transport failure or a non-JSON answer. */
export async function postToNode(nodeUrl: string, body: unknown): Promise<unknown> {
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
