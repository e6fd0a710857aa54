import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSnapshot } from 'valtio';
import { paths } from '../config/paths.ts';
import { session } from '../stores/session.ts';

/** Screens that need an account send a signed-out visitor to sign-in, then back. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isSignedIn } = useSnapshot(session).account;
  const location = useLocation();
  if (!isSignedIn) {
    const next = encodeURIComponent(`${location.pathname}${location.search}`);
    return <Navigate to={`${paths.signIn.build({})}?next=${next}`} replace />;
  }
  return <>{children}</>;
}
