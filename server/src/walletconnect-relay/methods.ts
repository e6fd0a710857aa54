/**
 * What each relay method does. Subscriptions are per socket (the SDK subscribes again after a
 * reconnect); the mailbox is per topic. `wc_proposeSession` publishes the session proposal on the
 * pairing topic; `wc_approveSession` publishes the proposal's answer on the pairing topic and the
 * session settlement on the new session topic, and subscribes the approving wallet to that topic
 * (the SDK does not subscribe to it itself).
 */
import type { WebSocket } from 'ws';
import { subscriptionId } from './client-id.ts';
import type { RelayLimits } from './limits.ts';
import type { Mailbox, StoredMessage } from './mailbox.ts';
import {
  ERRORS,
  type JsonRpcId,
  nextRequestId,
  optionalText,
  type RpcError,
  tagParam,
  textParam,
  topicParam,
  topicsParam,
  ttlParam,
} from './rpc.ts';

export interface Peer {
  ws: WebSocket;
  /** The verified did:key of the socket's auth token (./client-id.ts). */
  clientId: string;
  /** The network address the socket comes from: whose quotas it uses (./limits.ts). */
  address: string;
  /** topic → subscription id */
  subs: Map<string, string>;
  /** Our irn_subscription request id → the message it carried (until the client acknowledges). */
  awaitingAck: Map<JsonRpcId, { topic: string; id: string }>;
  alive: boolean;
}

export interface RelayState {
  mailbox: Mailbox;
  limits: RelayLimits;
  /** topic → the sockets subscribed to it */
  subscribers: Map<string, Set<Peer>>;
  /** Subscriptions of all sockets together. */
  subscriptionCount: number;
  now: () => number;
}

/** A method's answer, and what to do once the answer is sent (deliver waiting messages). */
export type Handled = { result: unknown; after?: () => void };
type Params = Record<string, unknown>;
type Method = (s: RelayState, peer: Peer, params: Params) => Handled;

/** The proposal (1100), its answer (1101) and the settlement (1102) as the SDK tags them. */
const TAGS = { proposal: 1100, proposalResponse: 1101, settle: 1102 } as const;
const PAIRING_TTL_SECONDS = 300;

export const METHODS: Record<string, Method> = {
  irn_subscribe: (s, peer, p) => {
    const topic = topicParam(p, 'topic');
    return { result: subscribe(s, peer, topic), after: () => deliverPending(s, peer, [topic]) };
  },
  irn_batchSubscribe: (s, peer, p) => {
    const topics = topicsParam(p, 'topics', s.limits.batch);
    return {
      result: topics.map((t) => subscribe(s, peer, t)),
      after: () => deliverPending(s, peer, topics),
    };
  },
  irn_unsubscribe: (s, peer, p) => {
    unsubscribe(s, peer, topicParam(p, 'topic'));
    return { result: true };
  },
  irn_batchUnsubscribe: (s, peer, p) => {
    const list = Array.isArray(p.subscriptions) ? p.subscriptions : [];
    const topics = topicsParam(
      { topics: list.map((x) => (x as { topic?: unknown })?.topic) },
      'topics',
      s.limits.batch,
    );
    for (const t of topics) unsubscribe(s, peer, t);
    return { result: true };
  },
  irn_publish: (s, peer, p) => {
    publish(s, peer, {
      topic: topicParam(p, 'topic'),
      message: textParam(p, 'message', s.limits.messageBytes),
      ttl: ttlParam(p, s.limits.maxTtlSeconds, PAIRING_TTL_SECONDS),
      tag: tagParam(p, 0),
      attestation: optionalText(p, 'attestation'),
    });
    return { result: true };
  },
  irn_batchFetchMessages: (s, peer, p) => {
    const messages = topicsParam(p, 'topics', s.limits.batch).flatMap((t) => {
      const pending = s.mailbox.pendingFor(t, peer.clientId).filter((m) => !inFlight(peer, m));
      for (const m of pending) s.mailbox.ack(t, m.id, peer.clientId);
      return pending.map(wireMessage);
    });
    return { result: { messages, hasMore: false } };
  },
  wc_proposeSession: (s, peer, p) => {
    const pairingTopic = topicParam(p, 'pairingTopic');
    subscribe(s, peer, pairingTopic);
    publish(s, peer, {
      topic: pairingTopic,
      message: textParam(p, 'sessionProposal', s.limits.messageBytes),
      ttl: PAIRING_TTL_SECONDS,
      tag: TAGS.proposal,
      attestation: optionalText(p, 'attestation'),
    });
    return { result: true };
  },
  wc_approveSession: (s, peer, p) => {
    const sessionTopic = topicParam(p, 'sessionTopic');
    const answer = textParam(p, 'sessionProposalResponse', s.limits.messageBytes);
    const settle = textParam(p, 'sessionSettlementRequest', s.limits.messageBytes);
    const ttl = PAIRING_TTL_SECONDS;
    subscribe(s, peer, sessionTopic);
    publish(s, peer, {
      topic: topicParam(p, 'pairingTopic'),
      message: answer,
      ttl,
      tag: TAGS.proposalResponse,
    });
    publish(s, peer, { topic: sessionTopic, message: settle, ttl, tag: TAGS.settle });
    return { result: true };
  },
};

function subscribe(s: RelayState, peer: Peer, topic: string): string {
  const id = subscriptionId(topic, peer.clientId);
  s.mailbox.claim(topic, peer.clientId);
  if (peer.subs.has(topic)) return id;
  if (peer.subs.size >= s.limits.subscriptionsPerSocket) {
    throw { code: -32000, message: 'Too many subscriptions on this connection' } as RpcError;
  }
  if (s.subscriptionCount >= s.limits.subscriptions) throw ERRORS.busy;
  peer.subs.set(topic, id);
  s.subscriptionCount++;
  let set = s.subscribers.get(topic);
  if (!set) {
    set = new Set();
    s.subscribers.set(topic, set);
  }
  set.add(peer);
  return id;
}

export function unsubscribe(s: RelayState, peer: Peer, topic: string): void {
  if (peer.subs.delete(topic)) s.subscriptionCount--;
  const set = s.subscribers.get(topic);
  set?.delete(peer);
  if (set?.size === 0) s.subscribers.delete(topic);
}

/** Stores a message for its topic and sends it to the topic's other clients. */
function publish(
  s: RelayState,
  peer: Peer,
  m: { topic: string; message: string; ttl: number; tag: number; attestation?: string },
): void {
  const listeners = s.subscribers.get(m.topic) ?? new Set<Peer>();
  const put = s.mailbox.put({
    topic: m.topic,
    message: m.message,
    expiresAt: s.now() + m.ttl * 1000,
    tag: m.tag,
    attestation: m.attestation,
    publisher: peer.clientId,
    owner: peer.address,
    claimed: [...listeners].some((other) => other.clientId !== peer.clientId),
  });
  if (put.outcome === 'full') throw ERRORS.full;
  if (put.outcome === 'quota') throw ERRORS.quota;
  if (put.outcome !== 'stored' || !put.stored) return;
  for (const other of listeners) {
    if (other.clientId !== peer.clientId) deliver(other, put.stored);
  }
}

function deliverPending(s: RelayState, peer: Peer, topics: string[]): void {
  for (const topic of topics) {
    for (const m of s.mailbox.pendingFor(topic, peer.clientId)) deliver(peer, m);
  }
}

const MAX_AWAITING_ACK = 1000;

/** Sent on this socket and not acknowledged yet: a second copy would be handled twice. */
function inFlight(peer: Peer, m: StoredMessage): boolean {
  for (const sent of peer.awaitingAck.values()) {
    if (sent.id === m.id && sent.topic === m.topic) return true;
  }
  return false;
}

/**
 * Sends a message to a subscribed socket, once per socket until acknowledged: a client that
 * subscribes again (or fetches) while a delivery is on its way would otherwise get it twice, and
 * the SDK handles a repeated session settlement as an error ("Pending session not found").
 * A socket that closes unacknowledged gets it again on its next connection.
 */
function deliver(peer: Peer, m: StoredMessage): void {
  const subId = peer.subs.get(m.topic);
  if (!subId || peer.ws.readyState !== peer.ws.OPEN || inFlight(peer, m)) return;
  const id = nextRequestId();
  if (peer.awaitingAck.size >= MAX_AWAITING_ACK) {
    peer.awaitingAck.delete(peer.awaitingAck.keys().next().value as JsonRpcId);
  }
  peer.awaitingAck.set(id, { topic: m.topic, id: m.id });
  const request = {
    id,
    jsonrpc: '2.0',
    method: 'irn_subscription',
    params: { id: subId, data: wireMessage(m) },
  };
  peer.ws.send(JSON.stringify(request));
}

function wireMessage(m: StoredMessage) {
  return {
    topic: m.topic,
    message: m.message,
    publishedAt: m.publishedAt,
    tag: m.tag,
    ...(m.attestation ? { attestation: m.attestation } : {}),
  };
}
