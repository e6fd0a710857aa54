import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageSkeleton } from '#web/components/ui/skeleton.tsx';
import { Footer } from './footer.tsx';
import { Header, LogoHeader } from './header.tsx';

/** Header and footer. */
export function FullLayout() {
  return (
    <>
      <Header />
      <main id="main" className="main" tabIndex={-1}>
        <Suspense fallback={<PageSkeleton />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </>
  );
}

/** Header, no footer (NFT and set detail). */
export function HeaderLayout() {
  return (
    <>
      <Header />
      <main id="main" className="main" tabIndex={-1}>
        <Suspense fallback={<PageSkeleton />}>
          <Outlet />
        </Suspense>
      </main>
    </>
  );
}

/** Logo-only header (sign-in, sign-up, verify e-mail, create wallet). */
export function LogoLayout() {
  return (
    <>
      <LogoHeader />
      <main id="main" className="main main--narrow" tabIndex={-1}>
        <Suspense fallback={<PageSkeleton />}>
          <Outlet />
        </Suspense>
      </main>
    </>
  );
}
