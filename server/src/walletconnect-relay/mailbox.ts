/**
 * The relay's per-topic mailbox: every published message waits here until its TTL runs out, so a
 * client that subscribes (or comes back after a lost connection) receives what was sent while it
 * was away. A message is delivered to every client except the one that published it, and never
 * again to a client that acknowledged it. Memory is bounded: a cap per topic (the oldest message
 * makes room), a cap on topics, and a byte budget for the whole mailbox (a publish beyond it is
 * refused rather than dropping someone's undelivered message).
 */
import { createHash } from 'node:crypto';

export interface StoredMessage {
  /** sha256 of the message text: the same message published twice is stored once. */
  id: string;
  topic: string;
  message: string;
  publishedAt: number;
  expiresAt: number;
  tag: number;
  attestation?: string;
  publisher: string;
  /** Clients that acknowledged it (they are not sent it again). */
  ackedBy: Set<string>;
}

export interface MailboxLimits {
  messagesPerTopic: number;
  topics: number;
  totalBytes: number;
}

export type PublishOutcome = 'stored' | 'duplicate' | 'full';

export class Mailbox {
  private readonly topics = new Map<string, Map<string, StoredMessage>>();
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
    let box = this.topics.get(m.topic);
    if (box?.has(id)) return { outcome: 'duplicate', stored: box.get(id) };
    if (this.bytes + m.message.length > this.limits.totalBytes) return { outcome: 'full' };
    if (!box) {
      if (this.topics.size >= this.limits.topics) this.sweep();
      if (this.topics.size >= this.limits.topics) return { outcome: 'full' };
      box = new Map();
      this.topics.set(m.topic, box);
    }
    if (box.size >= this.limits.messagesPerTopic) {
      const oldest = box.keys().next().value as string;
      this.remove(box, oldest);
    }
    const stored: StoredMessage = { ...m, id, publishedAt: this.now(), ackedBy: new Set() };
    box.set(id, stored);
    this.bytes += m.message.length;
    return { outcome: 'stored', stored };
  }

  /** The live messages of a topic that `clientId` has not published nor acknowledged. */
  pendingFor(topic: string, clientId: string): StoredMessage[] {
    const box = this.topics.get(topic);
    if (!box) return [];
    const now = this.now();
    const out: StoredMessage[] = [];
    for (const m of [...box.values()]) {
      if (m.expiresAt <= now) this.remove(box, m.id);
      else if (m.publisher !== clientId && !m.ackedBy.has(clientId)) out.push(m);
    }
    if (box.size === 0) this.topics.delete(topic);
    return out;
  }

  ack(topic: string, id: string, clientId: string): void {
    this.topics.get(topic)?.get(id)?.ackedBy.add(clientId);
  }

  /** Drops expired messages and empty topics; returns how many messages went. */
  sweep(): number {
    const now = this.now();
    let dropped = 0;
    for (const [topic, box] of this.topics) {
      for (const m of [...box.values()]) {
        if (m.expiresAt <= now) {
          this.remove(box, m.id);
          dropped++;
        }
      }
      if (box.size === 0) this.topics.delete(topic);
    }
    return dropped;
  }

  stats(): { topics: number; messages: number; bytes: number } {
    let messages = 0;
    for (const box of this.topics.values()) messages += box.size;
    return { topics: this.topics.size, messages, bytes: this.bytes };
  }

  private remove(box: Map<string, StoredMessage>, id: string): void {
    const m = box.get(id);
    if (!m) return;
    box.delete(id);
    this.bytes -= m.message.length;
  }
}
