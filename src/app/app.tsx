import { useState } from 'react';
import { createQueryClient } from '../lib/query-client.ts';
import { configureOfflineQueries, PersistedQueryProvider } from '../lib/query-persist.tsx';
import { PwaShell } from '../pwa/pwa-shell.tsx';
import { AppRouter } from './router.tsx';

export function App() {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    configureOfflineQueries(client);
    return client;
  });
  return (
    <PersistedQueryProvider client={queryClient}>
      <AppRouter />
      <PwaShell />
    </PersistedQueryProvider>
  );
}
