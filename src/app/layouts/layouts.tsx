import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageSkeleton } from '#web/components/ui/skeleton.tsx';
import { Footer } from './footer.tsx';
import { Header, LogoHeader } from './header.tsx';

/** spec §2: header and footer. */
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

/** spec §2: header, no footer (NFT and set detail). */
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

/** spec §2: logo-only header (sign-in, sign-up, verify e-mail, create wallet). */
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
