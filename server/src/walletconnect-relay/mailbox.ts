/**
 * The relay's per-topic mailbox: every published message waits here until its TTL runs out, so a
 * client that subscribes (or comes back after a lost connection) receives what was sent while it
 * was away. A message is delivered to every client except the one that published it, and never
 * again to a client that acknowledged it.
 *
 * Memory is bounded, and fairly (server/src/walletconnect-relay/README.md, "Quotas"):
 * - a message is *claimed* once a client other than its publisher subscribed to its topic; until
 *   then it lives at most `unclaimedTtlSeconds` (a topic nobody listens to is junk or a pairing
 *   that was never scanned);
 * - each owner (the publisher's network address) has a byte and a topic quota; over it, the
 *   owner's own oldest unclaimed messages make room, else the publish is refused;
 * - when the whole mailbox is full (bytes or topics), the heaviest other owner's oldest messages
 *   make room (unclaimed first), so one client's junk cannot refuse another's pairing.
 */
import { createHash } from 'node:crypto';

export interface StoredMessage {
  /** sha256 of the message text: the same message published twice is stored once. */
  id: string;
  topic: string;
  message: string;
  publishedAt: number;
  /** What the publisher asked for; an unclaimed message goes earlier (see `expiry`). */
  expiresAt: number;
  tag: number;
  attestation?: string;
  publisher: string;
  /** The publisher's address: whose quota the message counts against. */
  owner: string;
  /** A client other than the publisher subscribed to the topic while it lived. */
  claimed: boolean;
  /** Clients that acknowledged it (they are not sent it again). */
  ackedBy: Set<string>;
}

export interface MailboxLimits {
  messagesPerTopic: number;
  topics: number;
  totalBytes: number;
  bytesPerAddress: number;
  topicsPerAddress: number;
  unclaimedTtlSeconds: number;
}

export type PublishOutcome = 'stored' | 'duplicate' | 'full' | 'quota';

type Owner = { bytes: number; topics: Set<string>; messages: Set<StoredMessage> };
type Box = Map<string, StoredMessage>;

export class Mailbox {
  private readonly topics = new Map<string, Box>();
  private readonly owners = new Map<string, Owner>();
  /** topic → the owner that opened it (whose topic quota it counts against) */
  private readonly creators = new Map<string, string>();
  private bytes = 0;

  constructor(
    private readonly limits: MailboxLimits,
    private readonly now: () => number = Date.now,
  ) {}

  put(m: Omit<StoredMessage, 'id' | 'ackedBy' | 'publishedAt'>): {
    outcome: PublishOutcome;
    stored?: StoredMessage;
  } {
    const id = createHash('sha256').update(m.message).digest('hex');
    const existing = this.topics.get(m.topic)?.get(id);
    if (existing) return { outcome: 'duplicate', stored: existing };
    const size = m.message.length;
    const newTopic = !this.topics.has(m.topic);
    const room = this.makeRoom(m.owner, size, newTopic);
    if (room !== 'ok') return { outcome: room };
    let box = this.topics.get(m.topic);
    if (!box) {
      box = new Map();
      this.topics.set(m.topic, box);
      this.creators.set(m.topic, m.owner);
      this.owner(m.owner).topics.add(m.topic);
    }
    if (box.size >= this.limits.messagesPerTopic) {
      this.remove(box.values().next().value as StoredMessage);
    }
    const stored: StoredMessage = { ...m, id, publishedAt: this.now(), ackedBy: new Set() };
    box.set(id, stored);
    const owner = this.owner(m.owner);
    owner.messages.add(stored);
    owner.bytes += size;
    this.bytes += size;
    return { outcome: 'stored', stored };
  }

  /** A client subscribed to `topic`: the messages it did not publish are claimed (full TTL). */
  claim(topic: string, clientId: string): void {
    for (const m of this.topics.get(topic)?.values() ?? []) {
      if (m.publisher !== clientId) m.claimed = true;
    }
  }

  /** The live messages of a topic that `clientId` has not published nor acknowledged. */
  pendingFor(topic: string, clientId: string): StoredMessage[] {
    const box = this.topics.get(topic);
    if (!box) return [];
    const now = this.now();
    const out: StoredMessage[] = [];
    for (const m of [...box.values()]) {
      if (this.expiry(m) <= now) this.remove(m);
      else if (m.publisher !== clientId && !m.ackedBy.has(clientId)) out.push(m);
    }
    return out;
  }

  ack(topic: string, id: string, clientId: string): void {
    this.topics.get(topic)?.get(id)?.ackedBy.add(clientId);
  }

  /** Drops expired messages and empty topics; returns how many messages went. */
  sweep(): number {
    const now = this.now();
    let dropped = 0;
    for (const box of [...this.topics.values()]) {
      for (const m of [...box.values()]) {
        if (this.expiry(m) <= now) {
          this.remove(m);
          dropped++;
        }
      }
    }
    return dropped;
  }

  stats(): { topics: number; messages: number; bytes: number; owners: number } {
    let messages = 0;
    for (const box of this.topics.values()) messages += box.size;
    return { topics: this.topics.size, messages, bytes: this.bytes, owners: this.owners.size };
  }

  /** When a message goes: its TTL, or the short life of one nobody subscribed to. */
  private expiry(m: StoredMessage): number {
    if (m.claimed) return m.expiresAt;
    return Math.min(m.expiresAt, m.publishedAt + this.limits.unclaimedTtlSeconds * 1000);
  }

  /**
   * Room for `size` bytes (and a topic) of `owner`: expired messages go first, then the owner's own
   * unclaimed ones (its quota), then the heaviest other owner's (the whole mailbox).
   */
  private makeRoom(owner: string, size: number, newTopic: boolean): 'ok' | 'full' | 'quota' {
    const l = this.limits;
    const mine = () =>
      this.owners.get(owner) ?? { bytes: 0, topics: new Set(), messages: new Set() };
    const overQuota = () =>
      mine().bytes + size > l.bytesPerAddress ||
      (newTopic && mine().topics.size >= l.topicsPerAddress);
    const overAll = () =>
      this.bytes + size > l.totalBytes || (newTopic && this.topics.size >= l.topics);
    if (overQuota() || overAll()) this.sweep();
    while (overQuota()) {
      if (!this.evictOldest(owner, false)) return 'quota';
    }
    while (overAll()) {
      const heaviest = this.heaviestOwnerBut(owner);
      if (!heaviest || !this.evictOldest(heaviest, true)) return 'full';
    }
    return 'ok';
  }

  /** Removes the owner's oldest unclaimed message (or, with `claimedToo`, its oldest at all). */
  private evictOldest(owner: string, claimedToo: boolean): boolean {
    const o = this.owners.get(owner);
    if (!o) return false;
    let victim: StoredMessage | undefined;
    for (const m of o.messages) {
      if (!m.claimed) {
        victim = m;
        break;
      }
      victim ??= claimedToo ? m : undefined;
    }
    if (victim) this.remove(victim);
    return victim !== undefined;
  }

  private heaviestOwnerBut(except: string): string | undefined {
    let best: string | undefined;
    let weight = -1;
    for (const [name, o] of this.owners) {
      const w = o.bytes + o.topics.size;
      if (name !== except && o.messages.size > 0 && w > weight) {
        best = name;
        weight = w;
      }
    }
    return best;
  }

  private owner(name: string): Owner {
    let o = this.owners.get(name);
    if (!o) {
      o = { bytes: 0, topics: new Set(), messages: new Set() };
      this.owners.set(name, o);
    }
    return o;
  }

  private remove(m: StoredMessage): void {
    const box = this.topics.get(m.topic);
    if (!box?.delete(m.id)) return;
    this.bytes -= m.message.length;
    const o = this.owners.get(m.owner);
    if (o) {
      o.messages.delete(m);
      o.bytes -= m.message.length;
    }
    if (box.size === 0) {
      this.topics.delete(m.topic);
      const creator = this.creators.get(m.topic);
      this.creators.delete(m.topic);
      if (creator) {
        this.owners.get(creator)?.topics.delete(m.topic);
        this.dropIfEmpty(creator);
      }
    }
    this.dropIfEmpty(m.owner);
  }

  private dropIfEmpty(name: string): void {
    const o = this.owners.get(name);
    if (o && o.messages.size === 0 && o.topics.size === 0) this.owners.delete(name);
  }
}
