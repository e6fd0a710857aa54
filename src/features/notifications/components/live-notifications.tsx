import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSnapshot } from 'valtio';
import type { Notification as Note } from '#shared/schemas/notifications.ts';
import { useFormInUse } from '#web/lib/form-in-use.ts';
import { BID_PLACED_EVENT, onLiveEvent, RESYNC_TOPIC, restartLive } from '#web/lib/live.ts';
import { networksQueryOptions } from '#web/lib/networks.ts';
import { outboxState } from '#web/pwa/outbox/state.ts';
import { session } from '#web/stores/session.ts';
import { invalidateNotifications } from '../api/notifications.ts';
import { notificationLink, notificationText } from '../text.ts';
import { isStale, type Toast, withToast } from '../toasts.ts';
import './notifications.css';

const ASK_KEY = 'vbc.notifications.ask';

function canAsk(): boolean {
  try {
    return (
      typeof Notification !== 'undefined' &&
      Notification.permission === 'default' &&
      localStorage.getItem(ASK_KEY) !== 'no'
    );
  } catch {
    return false;
  }
}

/** A system notification through the service worker (tapping it opens `url`), if allowed. */
async function showSystem(title: string, body: string, url: string, tag: string): Promise<void> {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  const registration = await navigator.serviceWorker?.getRegistration();
  if (registration) {
    await registration.showNotification(title, {
      body,
      tag,
      data: { url },
      icon: '/icons/icon-192.png',
    });
  } else {
    new Notification(title, { body, tag });
  }
}

/**
 * Drops the toasts that are over (toasts.ts isStale), checked every second; a held toast's time
 * on screen starts when it is shown.
 */
function useDropStale(toasts: Toast[], held: boolean, set: (f: (l: Toast[]) => Toast[]) => void) {
  useEffect(() => {
    if (toasts.length === 0) return;
    const id = setInterval(() => {
      const now = Date.now();
      set((list) => {
        const next = list
          .map((x) => (held ? { ...x, shownAt: now } : x))
          .filter((x) => !isStale(x, now));
        return next.length === list.length && !held ? list : next;
      });
    }, 1000);
    return () => clearInterval(id);
  }, [toasts.length, held, set]);
}

/**
 * The signed-in user's live notifications: keeps the stream connected for the session, refreshes
 * the list and badge, shows a toast (a polite live region: screen readers hear each new one
 * once) or, when the tab is hidden, a system notification. Permission is offered after the
 * user's first accepted bid (BID_PLACED_EVENT), and never again once declined. Toasts and the
 * offer wait while a form is in use (src/lib/form-in-use.ts) or the outbox reports its results,
 * and stale toasts go (../toasts.ts).
 */
export function LiveNotifications() {
  const { t } = useTranslation('notifications');
  const client = useQueryClient();
  const snap = useSnapshot(session);
  const token = snap.account.data?.token ?? null;
  const [toasts, setToasts] = useState<Toast[]>([]);
  const busy = useFormInUse();
  const { settled } = useSnapshot(outboxState);
  const held = busy || settled.length > 0;
  const [ask, setAsk] = useState(false);
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reconnects when the session changes
  useEffect(() => restartLive(), [token]);

  useEffect(
    () =>
      onLiveEvent((e) => {
        if (!e.topic.startsWith('address:') && e.topic !== RESYNC_TOPIC) return;
        void invalidateNotifications(client);
        if (e.kind !== 'notification') return;
        const n = e.payload as unknown as Note;
        // The network list names the coins (cached for an hour; fetched on the first one).
        void client
          .ensureQueryData(networksQueryOptions())
          .catch(() => undefined)
          .then((networks) => {
            const text = notificationText(t, n, networks);
            if (document.hidden) {
              void showSystem(t('title'), text, notificationLink(n), n.id);
              return;
            }
            setToasts((list) => withToast(list, { n, text, shownAt: Date.now() }));
          });
      }),
    [client, t],
  );

  // Asked once the user has bid (they now have something to be told about), never on load.
  useEffect(() => {
    const offer = () => {
      if (canAsk()) setAsk(true);
    };
    window.addEventListener(BID_PLACED_EVENT, offer);
    return () => window.removeEventListener(BID_PLACED_EVENT, offer);
  }, []);

  useDropStale(toasts, held, setToasts);

  const dismiss = (id: string) => setToasts((list) => list.filter((x) => x.n.id !== id));
  const answer = async (allow: boolean) => {
    setAsk(false);
    if (allow) await Notification.requestPermission();
    else localStorage.setItem(ASK_KEY, 'no');
  };

  // In <body>, not the header: a fixed box inside the (filtered) header would move with it.
  if (!mounted) return null;
  return createPortal(
    <section className="notif-toasts" aria-label={t('toast.region')}>
      <div role="status" aria-live="polite">
        {(held ? [] : toasts).map(({ n, text }) => (
          <div className="notif-toast" key={n.id} data-testid="notif-toast">
            <Link to={notificationLink(n)} onClick={() => dismiss(n.id)}>
              {text}
            </Link>
            <button type="button" onClick={() => dismiss(n.id)}>
              <span aria-hidden="true">×</span>
              <span className="visually-hidden">{t('toast.close')}</span>
            </button>
          </div>
        ))}
      </div>
      {ask && !held && (
        <div className="notif-ask">
          <p>{t('system.ask')}</p>
          <button type="button" className="btn btn--primary" onClick={() => void answer(true)}>
            {t('system.allow')}
          </button>
          <button type="button" className="btn btn--secondary" onClick={() => void answer(false)}>
            {t('system.notNow')}
          </button>
        </div>
      )}
    </section>,
    document.body,
  );
}
