import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { NeedsConnection } from '#web/pwa/needs-connection.tsx';
import { useOnline } from '#web/pwa/online.ts';
import { CardGridSkeleton } from './skeleton.tsx';
import { EmptyState, FailureState } from './states.tsx';

/**
 * Loading → skeleton; failure → failure state with retry; empty → the empty message;
 * otherwise the content. Lists keep showing the previous page while the next one loads.
 */
export function QueryView<T>({
  query,
  isEmpty,
  empty = 'noItemsFound',
  skeleton,
  children,
}: {
  query: UseQueryResult<T>;
  isEmpty?: (data: T) => boolean;
  empty?: 'noDataFound' | 'noItemsFound';
  skeleton?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const online = useOnline();
  // Offline and never loaded (nothing persisted or cached): it needs a connection.
  if (query.isPending && query.fetchStatus === 'paused')
    return <NeedsConnection onRetry={() => void query.refetch()} />;
  if (query.isPending) return <>{skeleton ?? <CardGridSkeleton />}</>;
  if (query.isError && query.data === undefined && !online)
    return <NeedsConnection onRetry={() => void query.refetch()} />;
  if (query.isError && query.data === undefined)
    return <FailureState error={query.error} onRetry={() => void query.refetch()} />;
  const data = query.data as T;
  if (isEmpty?.(data)) return <EmptyState kind={empty} />;
  return <>{children(data)}</>;
}
