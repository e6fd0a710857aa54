/**
 * Starts the app (loaded by src/main.tsx): language, saved session and the screen's chunk, then
 * hydrates the server-rendered first screen or renders from nothing.
 */
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, createAppQueryClient } from './app/app.tsx';
import { loadWalletPanel } from './app/layouts/wallet.tsx';
import { AppRouter, preloadScreen } from './app/router.tsx';
import { hasStored } from './lib/db/presence.ts';
import { keptEarlyTaps, stopKeepingTaps } from './lib/early-taps.ts';
import {
  initI18n,
  loadLaterStrings,
  rememberLanguageForServer,
  storedLanguage,
} from './lib/i18n.ts';
import { seedInitialData } from './lib/initial-data.ts';
import { restorePersistedQueries } from './lib/query-persist.tsx';
import { afterLoad, nextTask } from './lib/schedule.ts';
import { startPwa } from './pwa/start.ts';
import { session } from './stores/session.ts';

const container = document.getElementById('root')!;
const language = storedLanguage();
rememberLanguageForServer(language);

/**
 * The server rendered the first screen (src/entry-server.tsx) as a visitor in the language of the
 * cookie. The browser hydrates it when it would render the same: same language and no saved
 * session (a signed-in header differs). Otherwise the markup is dropped and the app renders
 * afresh, as it does on pages served without it (offline, from the service worker's shell).
 */
const hydrate =
  container.firstElementChild !== null &&
  document.documentElement.lang === language &&
  !hasStored('session');
if (!hydrate) container.replaceChildren();

// The saved session (IndexedDB) is restored with the strings, before the first paint.
const sessionReady = startPwa();
const client = createAppQueryClient();
// The first screen's answers embedded by the server: no API round trip before the first paint.
// A fresh render first restores the catalogue saved on past visits (the embedded answers are
// newer and win); a hydration renders exactly the server's answers and restores afterwards.
const queriesReady = hydrate
  ? Promise.resolve(seedInitialData(client))
  : restorePersistedQueries(client).then(() => seedInitialData(client));

const app = (
  <StrictMode>
    <App client={client}>
      <AppRouter />
    </App>
  </StrictMode>
);

// Strings, session and the screen's chunk first; then, in a task of its own, the first render as
// a transition: React renders (or hydrates) in slices, so it never blocks input long.
// A chunk that fails to load is the route's error boundary's to show, not a reason not to start.
const screenReady = preloadScreen(location.pathname).catch(() => undefined);
Promise.all([initI18n(language), sessionReady, screenReady, queriesReady]).then(
  async () => {
    await nextTask();
    // Taps on the server's header are React's from here (panels they opened are adopted:
    // header.tsx); a wallet panel opened already loads its body beside the hydration.
    stopKeepingTaps();
    if (keptEarlyTaps().includes('wallet')) void loadWalletPanel().catch(() => undefined);
    afterLoad(loadLaterStrings);
    startTransition(() => {
      if (hydrate) {
        hydrateRoot(container, app, {
          // A difference React recovers from by rendering that part afresh (a date in another
          // time zone than the server's): worth a warning, not an error.
          onRecoverableError: (error) => console.warn('hydration recovered', error),
        });
        afterLoad(() => void restorePersistedQueries(client));
      } else {
        createRoot(container).render(app);
      }
    });
    // A WalletConnect session of an earlier visit comes back at start, once the page has loaded
    // (no wallet panel needed): its code and the SDK load only for such a saved session.
    if (session.walletType === 'walletconnect') {
      afterLoad(() => {
        import('./wallet/walletconnect.ts')
          .then((m) => m.restoreWalletConnectAtStart(client))
          .catch(() => undefined);
      });
    }
  },
  (error: unknown) => {
    console.error('the app failed to start', error);
  },
);
