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

/**
 * Chosen: on a cold page load, code that only an action needs (trading, with ethers) loads at the
 * visitor's first tap, key, scroll or focus, or this long after navigation started, whichever is
 * first: never inside the first screen's start (Lighthouse's blocking time counts it there).
 */
export const ACTION_CODE_AFTER_MS = 10_000;

const INTENT_EVENTS = ['pointerdown', 'keydown', 'touchstart', 'scroll', 'focusin'] as const;

/**
 * Calls `ready` at the visitor's first intent or ACTION_CODE_AFTER_MS after navigation start (at
 * once when that time has passed: later in-app navigations load at once). Answers a canceller.
 */
export function onIntentOrLater(ready: () => void): () => void {
  const wait = ACTION_CODE_AFTER_MS - performance.now();
  if (wait <= 0) {
    ready();
    return () => {};
  }
  let done = false;
  const fire = () => {
    if (done) return;
    done = true;
    cancel();
    ready();
  };
  const timer = setTimeout(fire, wait);
  const options = { capture: true, passive: true } as const;
  for (const e of INTENT_EVENTS) window.addEventListener(e, fire, options);
  function cancel() {
    clearTimeout(timer);
    for (const e of INTENT_EVENTS) window.removeEventListener(e, fire, options);
  }
  return cancel;
}
