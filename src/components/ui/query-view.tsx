import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { CardGridSkeleton } from './skeleton.tsx';
import { EmptyState, FailureState } from './states.tsx';

/**
 * Loading → skeleton; failure → failure state with retry; empty → spec §8 empty message;
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
  if (query.isPending) return <>{skeleton ?? <CardGridSkeleton />}</>;
  if (query.isError && query.data === undefined)
    return <FailureState error={query.error} onRetry={() => void query.refetch()} />;
  const data = query.data as T;
  if (isEmpty?.(data)) return <EmptyState kind={empty} />;
  return <>{children(data)}</>;
}
