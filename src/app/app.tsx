import { useState } from 'react';
import { seedInitialData } from '../lib/initial-data.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { configureOfflineQueries, PersistedQueryProvider } from '../lib/query-persist.tsx';
import { PwaShell } from '../pwa/pwa-shell.tsx';
import { AppRouter } from './router.tsx';

export function App() {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    configureOfflineQueries(client);
    // The first screen's answers embedded by the server: no API round trip before the first paint.
    seedInitialData(client);
    return client;
  });
  return (
    <PersistedQueryProvider client={queryClient}>
      <AppRouter />
      <PwaShell />
    </PersistedQueryProvider>
  );
}
