import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import { paths, type RouteName, type RouteParams } from '../config/paths.ts';

/**
 * Renders `children` with the route's typed params; a malformed segment ('/nfts/page=abc') is an
 * unknown path, which goes to /marketplace.
 */
export function WithParams<N extends RouteName>({
  route,
  children,
}: {
  route: N;
  children: (params: RouteParams<N>) => ReactNode;
}) {
  const raw = useParams();
  const parsed = (paths[route].parse as (p: typeof raw) => RouteParams<N> | null)(raw);
  if (!parsed) return <Navigate to={paths.marketplace.build({})} replace />;
  return <>{children(parsed)}</>;
}
