import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { env } from '../config/env.ts';
import { afterLoad, SETTLE_MS } from '../lib/schedule.ts';
import { wireCleanStore } from './clean-store.ts';
import './install-prompt.ts';
import { OfflineBanner } from './offline-banner.tsx';
import { OutboxChip, OutboxResults } from './outbox/outbox-shell.tsx';
import { loadOutbox } from './outbox/state.ts';
import { UpdateToast } from './update-toast.tsx';

function wire(client: QueryClient): () => void {
  const stopClean = wireCleanStore(client);
  let stopOutbox = () => {};
  let stopped = false;
  afterLoad(() => {
    if (stopped) return;
    void loadOutbox().then((outbox) => {
      if (!stopped) stopOutbox = outbox.startOutbox(client);
    });
    void import('./register.ts')
      .then((m) => m.registerServiceWorker())
      .catch((error: unknown) => console.warn('service worker not registered', error));
  }, SETTLE_MS);
  return () => {
    stopped = true;
    stopOutbox();
    stopClean();
  };
}

/**
 * The offline-first layer, mounted once inside the query provider: offline banner, update toast,
 * outbox of actions made offline (its count and results), CLEAN_STORE wiring, service worker.
 */
export function PwaShell() {
  const client = useQueryClient();
  useEffect(() => {
    document.documentElement.dataset.build = env.buildId;
  }, []);
  useEffect(() => wire(client), [client]);
  return (
    <>
      {/* The outbox's count above the offline banner, one column, neither covering the other. */}
      <div className="pwa-dock">
        <OutboxChip />
        <OfflineBanner />
      </div>
      <UpdateToast />
      <OutboxResults />
    </>
  );
}
