/**
 * The entry: loads the app in steps, each evaluated in a task of its own, so a phone's main thread
 * is never held long while the page is already on screen (server-rendered, src/entry-server.tsx):
 * React and React DOM first (compiled off the main thread: vite.config.ts `compileHints`), then
 * the shared libraries (router, queries, strings, state), then the app's shared code, then the app
 * (src/start.tsx), which hydrates or renders the first screen. Each step is one chunk of
 * vite.config.ts `codeSplitting`; the page preloads them all (vite.config.ts `routePreload`).
 */
import './app/styles.css';
import './pwa/pwa.css';
import { nextTask } from './lib/schedule.ts';

// One module of each chunk, in the order they depend on each other.
const steps = [
  () => import('react-dom/client'), // chunk `react-dom`
  () => import('i18next'), // chunk `vendor`
  () => import('./lib/i18n.ts'), // chunk `app`
  () => import('./start.tsx'), // the app itself
];

steps
  .reduce<Promise<unknown>>((done, step) => done.then(nextTask).then(step), Promise.resolve())
  .catch((error: unknown) => console.error('the app failed to load', error));
