/**
 * A WalletConnect v2 relay for this machine: what the SDK's clients (the page's
 * `@walletconnect/ethereum-provider`, a wallet's sign-client) need to pair and talk with no
 * internet. A WebSocket server speaking the relay's JSON-RPC (./methods.ts), a mailbox per topic
 * with TTLs (./mailbox.ts), a ping to every socket every few seconds (a socket that misses one is
 * closed; the SDK reconnects when it hears no ping), and `GET /health` with its counters. Malformed
 * frames get a JSON-RPC error and the socket stays open. See ./README.md.
 *
 *   const relay = await startRelay({ port: 0 });   // relay.url = ws://127.0.0.1:PORT
 *   await relay.close();
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import { Admission, addressOf } from './admission.ts';
import { DEFAULT_RELAY_LIMITS, type RelayLimits } from './limits.ts';
import { Mailbox } from './mailbox.ts';
import { type Handled, METHODS, type Peer, type RelayState, unsubscribe } from './methods.ts';
import { ERRORS, isRpcError, type RpcError, readFrame } from './rpc.ts';

export { DEFAULT_RELAY_LIMITS, type RelayLimits } from './limits.ts';

export type RelayLogLevel = 'debug' | 'info' | 'warn' | 'error';
export type RelayLog = (level: RelayLogLevel, message: string, fields?: object) => void;

export interface RelayOptions {
  /** 0 = a free port. */
  port: number;
  /** Default 127.0.0.1. */
  host?: string;
  limits?: Partial<RelayLimits>;
  /** Default 5 s (the SDK drops a connection after 35 s without a ping). */
  pingIntervalMs?: number;
  log?: RelayLog;
  now?: () => number;
  /**
   * The relay URLs a client's auth token may name as its audience (`aud`), besides any ws(s) URL
   * on this relay's port (the same relay reached by another host name or address).
   */
  audiences?: string[];
}

export interface RelayStats {
  sockets: number;
  topics: number;
  messages: number;
  bytes: number;
  subscribedTopics: number;
  subscriptions: number;
  owners: number;
}

export interface Relay {
  url: string;
  port: number;
  stats(): RelayStats;
  close(): Promise<void>;
}

const SWEEP_INTERVAL_MS = 30_000;

export async function startRelay(options: RelayOptions): Promise<Relay> {
  const limits = { ...DEFAULT_RELAY_LIMITS, ...options.limits };
  const log = options.log ?? consoleLog;
  const now = options.now ?? Date.now;
  const state: RelayState = {
    mailbox: new Mailbox(limits, now),
    limits,
    subscribers: new Map(),
    subscriptionCount: 0,
    now,
  };
  const peers = new Set<Peer>();
  const stats = (): RelayStats => ({
    sockets: peers.size,
    subscribedTopics: state.subscribers.size,
    subscriptions: state.subscriptionCount,
    ...state.mailbox.stats(),
  });
  const http = createServer((req, res) => answerHttp(req, res, stats));
  const admission = new Admission(limits, log, now, options.audiences ?? []);
  const wss = new WebSocketServer({
    server: http,
    maxPayload: limits.frameBytes,
    verifyClient: admission.verify,
  });
  wss.on('connection', (ws, req) => {
    const clientId = admission.clientIdOf(req);
    if (!clientId) return ws.close(1008, 'WalletConnect relay: the auth token is missing');
    const peer: Peer = {
      ws,
      clientId,
      address: addressOf(req),
      subs: new Map(),
      awaitingAck: new Map(),
      alive: true,
    };
    peers.add(peer);
    admission.opened(peer.address);
    log('debug', 'socket opened', { client: peer.clientId });
    ws.on('pong', () => {
      peer.alive = true;
    });
    ws.on('message', (data, isBinary) => onFrame(state, peer, data, isBinary, log));
    ws.on('error', (error) =>
      log('warn', 'socket error', { client: peer.clientId, error: error.message }),
    );
    ws.on('close', (code) => {
      peers.delete(peer);
      admission.closed(peer.address);
      for (const topic of [...peer.subs.keys()]) unsubscribe(state, peer, topic);
      log('debug', 'socket closed', { client: peer.clientId, code });
    });
  });
  const timers = [
    setInterval(() => pingAll(peers), options.pingIntervalMs ?? 5000),
    setInterval(() => {
      const dropped = state.mailbox.sweep();
      if (dropped > 0) log('info', 'expired messages dropped', { dropped, ...stats() });
    }, SWEEP_INTERVAL_MS),
  ];
  for (const t of timers) t.unref();
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port, options.host ?? '127.0.0.1', () => resolve());
  });
  const port = (http.address() as AddressInfo).port;
  admission.port = port;
  const host = options.host && options.host !== '0.0.0.0' ? options.host : '127.0.0.1';
  log('info', 'WalletConnect relay listening', { port });
  return {
    url: `ws://${host}:${port}`,
    port,
    stats,
    close: async () => {
      for (const t of timers) clearInterval(t);
      for (const peer of peers) peer.ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

/** Handles one frame: sends its answer, then what the answer unlocks (waiting messages). */
function onFrame(
  state: RelayState,
  peer: Peer,
  data: RawData,
  isBinary: boolean,
  log: RelayLog,
): void {
  const reply = isBinary
    ? { body: { jsonrpc: '2.0', id: null, error: ERRORS.invalidRequest } }
    : replyTo(state, peer, rawText(data), log);
  if (reply) send(peer.ws, reply.body);
  reply?.after?.();
}

type Reply = { body: object; after?: () => void } | null;

function replyTo(state: RelayState, peer: Peer, text: string, log: RelayLog): Reply {
  const frame = readFrame(text);
  if (frame.kind === 'invalid') {
    log('debug', 'malformed frame', { client: peer.clientId, error: frame.error.message });
    return { body: { jsonrpc: '2.0', id: frame.id, error: frame.error } };
  }
  if (frame.kind === 'response') {
    const acked = peer.awaitingAck.get(frame.id);
    peer.awaitingAck.delete(frame.id);
    if (acked && frame.ok) state.mailbox.ack(acked.topic, acked.id, peer.clientId);
    return null;
  }
  const method = METHODS[frame.method];
  if (!method) return { body: { jsonrpc: '2.0', id: frame.id, error: ERRORS.methodNotFound } };
  let handled: Handled;
  try {
    handled = method(state, peer, frame.params);
  } catch (error) {
    if (!isRpcError(error)) {
      log('error', 'relay method failed', { method: frame.method, error: String(error) });
    }
    const rpcError: RpcError = isRpcError(error)
      ? { code: error.code, message: error.message }
      : { code: -32603, message: 'Internal error' };
    return { body: { jsonrpc: '2.0', id: frame.id, error: rpcError } };
  }
  return { body: { jsonrpc: '2.0', id: frame.id, result: handled.result }, after: handled.after };
}

function send(ws: WebSocket, value: object): void {
  if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(value));
}

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data as ArrayBuffer).toString('utf8');
}

/** A socket that did not answer the previous ping is gone (a phone that lost its network). */
function pingAll(peers: Set<Peer>): void {
  for (const peer of peers) {
    if (!peer.alive) {
      peer.ws.terminate();
      continue;
    }
    peer.alive = false;
    peer.ws.ping();
  }
}

function answerHttp(req: IncomingMessage, res: ServerResponse, stats: () => RelayStats): void {
  res.setHeader('access-control-allow-origin', '*');
  if (req.url === '/health') {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ ok: true, ...stats() }));
    return;
  }
  res.statusCode = 426;
  res.end('WalletConnect relay: connect with a WebSocket');
}

function consoleLog(level: RelayLogLevel, message: string, fields?: object): void {
  if (level === 'debug') return;
  const line = `[walletconnect-relay] ${message}${fields ? ` ${JSON.stringify(fields)}` : ''}`;
  if (level === 'info') console.log(line);
  else console.error(line);
}
