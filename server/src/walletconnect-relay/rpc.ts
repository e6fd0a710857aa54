/**
 * The relay's JSON-RPC: reading a frame into a request or a response, checking each method's
 * parameters, and the error answers. Methods are those the WalletConnect v2 SDK sends to a relay
 * (`irn_*`, and `wc_proposeSession` / `wc_approveSession`, which carry pairing and session
 * messages the relay publishes itself).
 */

export type JsonRpcId = number | string;

export type Incoming =
  | { kind: 'request'; id: JsonRpcId; method: string; params: Record<string, unknown> }
  | { kind: 'response'; id: JsonRpcId; ok: boolean }
  | { kind: 'invalid'; id: JsonRpcId | null; error: RpcError };

export interface RpcError {
  code: number;
  message: string;
}

export const ERRORS = {
  parse: { code: -32700, message: 'Parse error: the frame is not JSON' },
  invalidRequest: { code: -32600, message: 'Invalid request: not a JSON-RPC 2.0 object' },
  methodNotFound: { code: -32601, message: 'Method not found' },
  tooLarge: { code: -32600, message: 'Message too large' },
  full: { code: -32000, message: 'The relay mailbox is full, try again later' },
  quota: {
    code: -32000,
    message: 'This address has too many waiting messages on the relay, try again later',
  },
  busy: { code: -32000, message: 'The relay has too many subscriptions, try again later' },
} as const;

function invalidParams(detail: string): RpcError {
  return { code: -32602, message: `Invalid params: ${detail}` };
}

/** A frame as the relay received it (text), never throwing. */
export function readFrame(text: string): Incoming {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { kind: 'invalid', id: null, error: ERRORS.parse };
  }
  if (!isObject(value) || value.jsonrpc !== '2.0') {
    return { kind: 'invalid', id: null, error: ERRORS.invalidRequest };
  }
  const id = typeof value.id === 'number' || typeof value.id === 'string' ? value.id : null;
  if (id === null) return { kind: 'invalid', id: null, error: ERRORS.invalidRequest };
  if (typeof value.method === 'string') {
    const params = value.params ?? {};
    if (!isObject(params)) return { kind: 'invalid', id, error: invalidParams('not an object') };
    return { kind: 'request', id, method: value.method, params };
  }
  if ('result' in value) return { kind: 'response', id, ok: value.result === true };
  if ('error' in value) return { kind: 'response', id, ok: false };
  return { kind: 'invalid', id, error: ERRORS.invalidRequest };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const TOPIC = /^[0-9a-f]{64}$/;

/** A topic is 32 bytes in lowercase hex. */
export function topicParam(params: Record<string, unknown>, name: string): string {
  const v = params[name];
  if (typeof v !== 'string' || !TOPIC.test(v)) throw invalidParams(`${name} must be 64 hex digits`);
  return v;
}

export function topicsParam(params: Record<string, unknown>, name: string, max: number): string[] {
  const v = params[name];
  if (!Array.isArray(v) || v.length > max) {
    throw invalidParams(`${name} must be a list of at most ${max} topics`);
  }
  return v.map((t, i) => topicParam({ [`${name}[${i}]`]: t }, `${name}[${i}]`));
}

export function textParam(params: Record<string, unknown>, name: string, maxBytes: number): string {
  const v = params[name];
  if (typeof v !== 'string' || v.length === 0) throw invalidParams(`${name} must be a string`);
  if (v.length > maxBytes)
    throw { ...ERRORS.tooLarge, message: `${name} is over ${maxBytes} bytes` };
  return v;
}

/** Seconds to keep a message: the publisher's value within [1, max]; `fallback` when absent. */
export function ttlParam(params: Record<string, unknown>, max: number, fallback: number): number {
  const v = params.ttl ?? fallback;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) {
    throw invalidParams('ttl must be a positive whole number of seconds');
  }
  return Math.min(v, max);
}

export function tagParam(params: Record<string, unknown>, fallback: number): number {
  const v = params.tag ?? fallback;
  if (typeof v !== 'number' || !Number.isInteger(v)) throw invalidParams('tag must be a number');
  return v;
}

export function optionalText(params: Record<string, unknown>, name: string): string | undefined {
  const v = params[name];
  return typeof v === 'string' ? v : undefined;
}

export function isRpcError(e: unknown): e is RpcError {
  return isObject(e) && typeof e.code === 'number' && typeof e.message === 'string';
}

let counter = 0;
/** Ids for the relay's own requests (irn_subscription), unique within the process. */
export function nextRequestId(): number {
  counter = (counter + 1) % 1000;
  return Date.now() * 1000 + counter;
}
