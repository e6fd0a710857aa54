import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Pagination } from '#web/components/ui/pagination.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { CardGridSkeleton, Skeleton } from '#web/components/ui/skeleton.tsx';
import type { ListBody } from '#web/lib/api-client.ts';
import { PROFILE_PAGE_SIZE } from '../api/user.ts';

/** A profile tab's page and the link to another page of it. */
export type PageProps = { page: number; href: (p: number) => string };

/** One page of a profile tab (a card grid, or a table when `grid` is false) and its pages. */
export function Paged<T>({
  query,
  page,
  href,
  children,
  grid = true,
}: PageProps & {
  query: UseQueryResult<ListBody<T>>;
  children: (items: T[]) => ReactNode;
  grid?: boolean;
}) {
  return (
    <>
      <QueryView
        query={query}
        isEmpty={(b) => b.data.length === 0}
        skeleton={grid ? <CardGridSkeleton count={4} /> : <Skeleton width="100%" height="6rem" />}
      >
        {(b) => children(b.data)}
      </QueryView>
      {query.data ? (
        <Pagination page={page} total={query.data.total} size={PROFILE_PAGE_SIZE} href={href} />
      ) : null}
    </>
  );
}

/** A user without a chain address owns nothing: show the empty state, not a spinner. */
export function emptyQuery<T>(q: UseQueryResult<ListBody<T>>): UseQueryResult<ListBody<T>> {
  return {
    ...q,
    isPending: false,
    isError: false,
    data: { data: [], total: 0, page: 1, size: PROFILE_PAGE_SIZE },
  } as never;
}

/** One page of a profile tab of cards. */
export function PagedCards<T>({
  render,
  ...props
}: PageProps & { query: UseQueryResult<ListBody<T>>; render: (item: T) => ReactNode }) {
  return (
    <Paged {...props}>{(items) => <div className="card-grid">{items.map(render)}</div>}</Paged>
  );
}
