/**
 * A small server-sent events reader for tests: reads `fetch`'s body, splits frames, keeps every
 * event seen and waits for one that matches.
 */
export interface SseEvent {
  id: string | undefined;
  event: string;
  data: string;
}

export interface StreamClient {
  seen: SseEvent[];
  next(match: (e: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  /** Settles when the server ended the stream (or it was closed here). */
  ended: Promise<void>;
  close(): void;
}

function parseFrame(frame: string): SseEvent | null {
  let id: string | undefined;
  let event = 'message';
  const data: string[] = [];
  for (const line of frame.split('\n')) {
    if (line.startsWith(':') || !line) continue;
    const at = line.indexOf(':');
    const field = at < 0 ? line : line.slice(0, at);
    const value = at < 0 ? '' : line.slice(at + 1).replace(/^ /, '');
    if (field === 'id') id = value;
    else if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  return data.length ? { id, event, data: data.join('\n') } : null;
}

export async function openStream(
  url: string,
  headers: Record<string, string> = {},
): Promise<StreamClient> {
  const controller = new AbortController();
  const res = await fetch(url, { headers, signal: controller.signal });
  if (!res.ok || !res.body) throw new Error(`stream ${url}: ${res.status} ${await res.text()}`);
  const seen: SseEvent[] = [];
  const waiters = new Set<() => void>();
  let consumed = 0;
  const ended = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const e = parseFrame(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          if (e) seen.push(e);
          end = buffer.indexOf('\n\n');
        }
        for (const wake of waiters) wake();
      }
    } catch {
      // aborted
    }
  })();
  return {
    seen,
    ended,
    next(match, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const index = seen.findIndex((e, i) => i >= consumed && match(e));
          if (index < 0) return false;
          consumed = index + 1;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(seen[index] as SseEvent);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event in ${timeoutMs} ms; seen ${JSON.stringify(seen)}`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close: () => controller.abort(),
  };
}
