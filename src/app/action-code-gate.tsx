import { type ReactNode, useEffect, useState } from 'react';
import { onIntentOrLater } from '#web/lib/schedule.ts';

/**
 * Renders `children` (a lazy trading panel) only from the visitor's first intent, or once the page
 * has had its quiet start (src/lib/schedule.ts): the panel's chain code stays out of the first
 * screen's main-thread work.
 */
export function ActionCodeGate({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => onIntentOrLater(() => setReady(true)), []);
  return ready ? children : null;
}
