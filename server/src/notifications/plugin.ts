/**
 * Wires notifications into the app: `app.live` (the LISTEN fan-out of live_events, live-hub.ts)
 * and the mail worker (mail.ts), woken by each announced notification and every few seconds.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Listen } from '#server/db/listen.ts';
import { LiveHub } from './live-hub.ts';
import { sendNotificationMails } from './mail.ts';

/** The mail worker's poll (a notification announced on this node's LISTEN wakes it sooner). */
const MAIL_POLL_MS = 5_000;
/** How long the stream's log is kept for replays, and how often older rows are deleted. */
const LIVE_RETENTION_DAYS = 7;
const PRUNE_EVERY_MS = 10 * 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    live: LiveHub;
    /** Sends the pending notification mails now; answers how many were sent. */
    sendNotificationMails: () => Promise<number>;
  }
}

export async function registerNotifications(
  app: FastifyInstance,
  listen: Listen | undefined,
): Promise<void> {
  const hub = new LiveHub(app.db);
  app.decorate('live', hub);
  let running: Promise<number> | null = null;
  let next: Promise<number> | null = null;
  /**
   * One run at a time. A call during a run gets the run after it, shared by every such call: the
   * run going may have read the pending mails before the caller's rows were written.
   */
  const send = (): Promise<number> => {
    if (running) {
      next ??= running.then(() => {
        next = null;
        return send();
      });
      return next;
    }
    const { publicUrl, networks } = app.config;
    running = sendNotificationMails(app.db, app.mailer, publicUrl, networks, (error) =>
      app.log.error({ err: error }, 'notification mail failed'),
    )
      .catch((error: unknown) => {
        app.log.warn({ err: error }, 'notification mail worker');
        return 0;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  app.decorate('sendNotificationMails', send);
  let timer: ReturnType<typeof setInterval> | undefined;
  let pruner: ReturnType<typeof setInterval> | undefined;
  app.addHook('onReady', async () => {
    await hub.start(listen);
    hub.watch((topic) => {
      if (topic.startsWith('address:')) void send();
    });
    timer = setInterval(() => void send(), MAIL_POLL_MS);
    timer.unref();
    pruner = setInterval(() => {
      sql`delete from live_events
        where created_at < now() - make_interval(days => ${LIVE_RETENTION_DAYS})`
        .execute(app.db)
        .catch((error: unknown) => app.log.warn({ err: error }, 'live_events pruning'));
    }, PRUNE_EVERY_MS);
    pruner.unref();
  });
  app.addHook('preClose', async () => {
    clearInterval(timer);
    clearInterval(pruner);
    await hub.close();
    await running;
  });
}
