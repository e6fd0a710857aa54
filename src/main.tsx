/**
 * The entry: loads the app in two steps, each evaluated in its own task, so a phone's main thread
 * is never held long while the page is already on screen (server-rendered, src/entry-server.tsx):
 * React DOM first (compiled off the main thread: vite.config.ts `compileHints`), then the app
 * (src/start.tsx), which hydrates or renders the first screen. index.html preloads both.
 */
import './app/styles.css';
import { nextTask } from './lib/schedule.ts';

import('react-dom/client')
  .then(nextTask)
  .then(() => import('./start.tsx'))
  .catch((error: unknown) => console.error('the app failed to load', error));
