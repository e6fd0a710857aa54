/**
 * Service worker registration (workbox-window), once the page has settled (src/pwa/pwa-shell.tsx:
 * `SETTLE_MS` after load, which loads this module then: it is not on the first screen), so its install, which downloads the whole app shell, never competes
 * with the page's own start. A new version waits until the user presses Reload in the toast (no
 * silent swap under a form being typed); then it takes over (skipWaiting + clientsClaim) and the
 * page reloads once.
 * A registration or install the network cut (the install downloads the whole app shell, and a
 * phone may lose the network meanwhile) leaves the page without a worker: it tries again once the
 * browser is back online, not only at the next visit.
 * Offline caching exists only in a build (vite-plugin-pwa writes /sw.js), never in dev.
 */
import { updateControl, updateState } from '../stores/update.ts';

/** Chosen: look for a new version every hour while the app stays open. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

export async function registerServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  if (!watching) {
    watching = true;
    window.addEventListener('online', () => void registerAgain());
  }
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox('/sw.js', { scope: '/' });
  updateControl.skipWaiting = () => wb.messageSkipWaiting();
  wb.addEventListener('waiting', () => {
    updateState.needRefresh = true;
  });
  wb.addEventListener('controlling', (event) => {
    if (!event.isUpdate) return;
    if (updateControl.reloadRequested) window.location.reload();
    // Another tab applied the update: this one keeps running and offers its own reload.
    else updateState.needRefresh = true;
  });
  const registration = await wb.register();
  if (registration) {
    watchInstalls(registration);
    setInterval(() => void registration.update().catch(() => {}), UPDATE_CHECK_MS);
  }
}

/** Chosen: registrations tried again per page at most, against a worker that never installs. */
const MAX_RETRIES = 3;
let retries = 0;
let watching = false;

/**
 * Registers again when there is no worker installed, waiting or installing (the network cut the
 * registration or the install) and the browser is online; else the next `online` checks again.
 */
async function registerAgain(): Promise<void> {
  const current = await navigator.serviceWorker.getRegistration('/');
  if (current?.active || current?.waiting || current?.installing) return;
  if (!navigator.onLine || retries >= MAX_RETRIES) return;
  retries += 1;
  await registerServiceWorker().catch((error: unknown) =>
    console.warn('service worker not registered', error),
  );
}

/** An install that fails (its worker turns redundant) checks whether to register again. */
function watchInstalls(registration: ServiceWorkerRegistration): void {
  const watch = (worker: ServiceWorker | null) =>
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'redundant') void registerAgain();
    });
  // One already installing (started by an earlier page of this tab) fires no `updatefound`.
  watch(registration.installing);
  registration.addEventListener('updatefound', () => watch(registration.installing));
}
