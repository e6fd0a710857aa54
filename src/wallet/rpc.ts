/**
 * JSON-RPC to a network's node through our server's proxy (`rpcUrl` of the network): balances,
 * receipts, nonces. A tiny fetch, so the tracker and the balance queries need no ethers provider.
 */
let nextId = 1;

export class RpcError extends Error {
  override readonly name = 'RpcError';
  constructor(
    message: string,
    readonly code?: number,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export async function rpc<T>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
  });
  const body = (await response.json()) as {
    result?: T;
    error?: { code: number; message: string; data?: unknown };
  };
  if (body.error) throw new RpcError(body.error.message, body.error.code, body.error.data);
  return body.result as T;
}

export interface RpcReceipt {
  transactionHash: string;
  status: '0x1' | '0x0';
  blockNumber: string;
}

export interface RpcTransaction {
  hash: string;
  from: string;
  to: string | null;
  input: string;
  value: string;
  nonce: string;
  blockNumber: string | null;
}
