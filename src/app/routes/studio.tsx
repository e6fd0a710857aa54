import { lazy, Suspense } from 'react';
import { StudioScreen } from '#web/features/studio/components/studio-screen.tsx';
import { withStrings } from '#web/lib/i18n.ts';

/** Creating a drop loads with its strings and chain code apart. */
const DropStudio = lazy(() =>
  withStrings(['drops'], () => import('#web/features/drops/components/drop-form.tsx')),
);

/** Fractionalize one of the partner's NFTs: its own chunk, with the fractional strings. */
const FractionalizeStudio = lazy(() =>
  withStrings(
    ['fractional', 'wallet'],
    () => import('#web/features/fractional/components/fractionalize-studio.tsx'),
  ),
);

/**
 * The partner studio: create collections, mint, fractionalize and create drops (partners only;
 * the chain checks the role).
 */
export function Component() {
  return (
    <StudioScreen
      extra={(ctx) => (
        <Suspense fallback={null}>
          <FractionalizeStudio ctx={ctx} />
          <DropStudio ctx={ctx} />
        </Suspense>
      )}
    />
  );
}
