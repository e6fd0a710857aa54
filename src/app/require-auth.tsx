import { lazy, type ReactNode, Suspense } from 'react';
import { useSnapshot } from 'valtio';
import { PageSkeleton } from '../components/ui/skeleton.tsx';
import { session } from '../stores/session.ts';

const SignInScreen = lazy(() =>
  import('../features/account/components/sign-in-screen.tsx').then((m) => ({
    default: m.SignInScreen,
  })),
);

/**
 * Screens that need an account show the sign-in form in place for a signed-out visitor (the
 * header's Sign in button leads to /profile); once signed in, the screen itself renders.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isSignedIn } = useSnapshot(session).account;
  if (!isSignedIn) {
    return (
      <div className="main--narrow">
        <Suspense fallback={<PageSkeleton />}>
          <SignInScreen stay />
        </Suspense>
      </div>
    );
  }
  return <>{children}</>;
}
