/**
 * Service worker registration (workbox-window), once the page has settled (src/pwa/pwa-shell.tsx:
 * `SETTLE_MS` after load), so its install, which downloads the whole app shell, never competes
 * with the page's own start. A new version waits until the user presses Reload in the toast (no
 * silent swap under a form being typed); then it takes over (skipWaiting + clientsClaim) and the
 * page reloads once.
 * Offline caching exists only in a build (vite-plugin-pwa writes /sw.js), never in dev.
 */
import { proxy } from 'valtio';

export const updateState = proxy({ needRefresh: false });

/** Set by the Reload button: only the tab that asked reloads itself. */
let reloadRequested = false;
let messageSkipWaiting: (() => void) | null = null;

/** Chosen: look for a new version every hour while the app stays open. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

export async function registerServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox('/sw.js', { scope: '/' });
  messageSkipWaiting = () => wb.messageSkipWaiting();
  wb.addEventListener('waiting', () => {
    updateState.needRefresh = true;
  });
  wb.addEventListener('controlling', (event) => {
    if (!event.isUpdate) return;
    if (reloadRequested) window.location.reload();
    // Another tab applied the update: this one keeps running and offers its own reload.
    else updateState.needRefresh = true;
  });
  const registration = await wb.register();
  if (registration) {
    setInterval(() => void registration.update().catch(() => {}), UPDATE_CHECK_MS);
  }
}

/** The toast's Reload: activate the waiting worker, then reload on `controlling`. */
export function applyUpdate(): void {
  reloadRequested = true;
  if (messageSkipWaiting) messageSkipWaiting();
  else window.location.reload();
}

export function dismissUpdate(): void {
  updateState.needRefresh = false;
}
