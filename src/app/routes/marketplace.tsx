import { lazy, Suspense } from 'react';
import { RecentlyViewed } from '#web/features/history/components/recently-viewed.tsx';
import { HomeScreen } from '#web/features/marketplace/components/home-screen.tsx';
import { withStrings } from '#web/lib/i18n.ts';

/** The upcoming and live drops: their code and strings load when the section is scrolled near. */
const DropsHome = lazy(() =>
  withStrings(['drops'], () => import('#web/features/drops/components/drops-home.tsx')),
);

export function Component() {
  return (
    <>
      <HomeScreen
        drops={(title) => (
          <Suspense fallback={null}>
            <DropsHome title={title} />
          </Suspense>
        )}
      />
      <RecentlyViewed />
    </>
  );
}
