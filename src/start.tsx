import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { initI18n } from './lib/i18n.ts';
import { startPwa } from './pwa/start.ts';
import './app/styles.css';

// The saved session (IndexedDB, issue 5) is restored with the strings, before the first paint.
const sessionReady = startPwa();

const root = createRoot(document.getElementById('root')!);
// Strings first (one small chunk for the chosen language), then the first paint.
Promise.all([initI18n(), sessionReady]).then(
  () => {
    // A transition: React renders the first screen in slices, so it never blocks input long.
    startTransition(() => {
      root.render(
        <StrictMode>
          <App />
        </StrictMode>,
      );
    });
  },
  (error: unknown) => {
    console.error('i18n failed to start', error);
  },
);
