/**
 * LISTEN/NOTIFY on either backend. PostgreSQL: one dedicated `pg` client per listener (a pooled
 * connection would lose its LISTEN when returned), reconnected with back-off; `onReconnect` runs
 * after each new connection so the caller can read what was announced while it was away.
 * PGlite: its own `listen()` (the one embedded process sees every NOTIFY of its connections, at
 * commit). Several API nodes need PostgreSQL; PGlite is one process by construction.
 */
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export interface ListenHandlers {
  onMessage: (payload: string) => void;
  /** After a (re)connection: notifications sent meanwhile were missed. */
  onReconnect?: () => void;
  /** The connection was lost: notifications are missed until `onReconnect`. */
  onDisconnect?: () => void;
}

/** A channel listened to. */
export interface Subscription {
  stop(): Promise<void>;
  /**
   * Resolves once every notification committed before the call has been handed to `onMessage`
   * (PostgreSQL delivers them to the listening connection ahead of the answer to a query it
   * receives after they were committed). A writer that awaits it after its commit knows its own
   * notifications have been heard. Resolves at once while disconnected (`onDisconnect` ran).
   */
  sync(): Promise<void>;
}

export type Listen = (channel: string, handlers: ListenHandlers) => Promise<Subscription>;

const CHANNEL = /^[a-z_][a-z0-9_]*$/;

export function listenWithPglite(pglite: PGlite): Listen {
  return async (channel, handlers) => {
    if (!CHANNEL.test(channel)) throw new Error(`bad channel name: ${channel}`);
    const stop = await pglite.listen(channel, handlers.onMessage);
    return {
      async stop() {
        if (!pglite.closed) await stop();
      },
      // the one embedded connection: a query after the commit is answered after its notifications
      async sync() {
        if (!pglite.closed) await pglite.query('select 1');
      },
    };
  };
}

export function listenWithPool(connectionString: string): Listen {
  return async (channel, handlers) => {
    if (!CHANNEL.test(channel)) throw new Error(`bad channel name: ${channel}`);
    let client: pg.Client | null = null;
    let stopped = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let delay = 250;
    const connect = async (first: boolean): Promise<void> => {
      const c = new pg.Client({ connectionString });
      c.on('notification', (n) => {
        if (n.channel === channel) handlers.onMessage(n.payload ?? '');
      });
      c.on('error', () => undefined);
      c.on('end', () => {
        if (stopped || client !== c) return;
        client = null;
        handlers.onDisconnect?.();
        schedule();
      });
      await c.connect();
      await c.query(`LISTEN ${channel}`);
      client = c;
      delay = 250;
      if (!first) handlers.onReconnect?.();
    };
    const schedule = () => {
      retry = setTimeout(() => {
        connect(false).catch(() => {
          delay = Math.min(delay * 2, 5000);
          if (!stopped) schedule();
        });
      }, delay);
      retry.unref?.();
    };
    await connect(true);
    return {
      async stop() {
        stopped = true;
        clearTimeout(retry);
        const c = client;
        client = null;
        await c?.end().catch(() => undefined);
      },
      async sync() {
        await client?.query('select 1');
      },
    };
  };
}
