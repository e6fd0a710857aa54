/**
 * When work runs, so that a phone's main thread is never held long while a page starts: the one
 * place for "let the browser breathe" (src/main.tsx, src/start.tsx) and "not before the page has
 * loaded" (src/pwa/pwa-shell.tsx, src/features/history/record-views.ts).
 */

/**
 * Chosen: how long after the page has loaded the work done for later visits starts (browse
 * history, which loads IndexedDB's code; the service worker, whose install downloads the whole app
 * shell). On a phone with a poor connection that work would otherwise compete with this page's
 * own start: hydration, the images still arriving, the first taps.
 */
export const SETTLE_MS = 3000;

/** Resolves in a later task: input and frames waiting in between get their turn. */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Runs `task` once the page has loaded, `settleMs` more have passed, and the browser is idle
 * (2 s at most): never before the first paint, never in the way of the page's own start.
 */
export function afterLoad(task: () => void, settleMs = 0): void {
  const idle = () =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(() => task(), { timeout: 2000 })
      : setTimeout(task, 200);
  const loaded = () => (settleMs > 0 ? setTimeout(idle, settleMs) : idle());
  if (document.readyState === 'complete') loaded();
  else window.addEventListener('load', loaded, { once: true });
}
