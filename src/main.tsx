import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { initI18n } from './lib/i18n.ts';
import { hydrateSession, persistSession } from './stores/persist.ts';
import './app/styles.css';

hydrateSession();
persistSession();

const root = createRoot(document.getElementById('root')!);
// Strings first (one small chunk for the chosen language), then the first paint.
initI18n().then(
  () => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  },
  (error: unknown) => {
    console.error('i18n failed to start', error);
  },
);
