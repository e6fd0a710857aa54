/**
 * Open live streams counted per client address and per process (server/src/config.ts,
 * LIVE_STREAM_LIMITS): one client cannot hold the file handles every other request needs. `take`
 * answers the release of a slot, or throws TOO_MANY_STREAMS (that address holds its share) or
 * STREAMS_FULL (the process holds its share); a release is counted once.
 */
import { AppError } from '#server/errors.ts';

export class StreamSlots {
  private readonly byClient = new Map<string, number>();
  private total = 0;

  constructor(private readonly limits: { perClient: number; perProcess: number }) {}

  get open(): number {
    return this.total;
  }

  take(client: string): () => void {
    const held = this.byClient.get(client) ?? 0;
    if (held >= this.limits.perClient) throw new AppError('TOO_MANY_STREAMS');
    if (this.total >= this.limits.perProcess) throw new AppError('STREAMS_FULL');
    this.byClient.set(client, held + 1);
    this.total += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total -= 1;
      const left = (this.byClient.get(client) ?? 1) - 1;
      if (left > 0) this.byClient.set(client, left);
      else this.byClient.delete(client);
    };
  }
}
