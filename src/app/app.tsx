import type { QueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { watchViews } from '#web/features/history/record-views.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { configureOfflineQueries, PersistedQueryProvider } from '../lib/query-persist.tsx';
import { PwaShell } from '../pwa/pwa-shell.tsx';

/** The app's query client: offline-first catalogue queries, persisted (src/lib/query-persist.tsx). */
export function createAppQueryClient(): QueryClient {
  const client = createQueryClient();
  configureOfflineQueries(client);
  return client;
}

/**
 * The whole app around a router: the browser's (src/start.tsx) or, when the server renders the
 * first screen, a static one (src/entry-server.tsx). Both render this same tree, so the browser
 * hydrates the server's HTML.
 */
export function App({ client, children }: { client: QueryClient; children: ReactNode }) {
  // Browse history is written as the details a screen shows load.
  useEffect(() => watchViews(client), [client]);
  return (
    <PersistedQueryProvider client={client}>
      {children}
      <PwaShell />
    </PersistedQueryProvider>
  );
}
