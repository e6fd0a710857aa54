import { lazy, Suspense } from 'react';
import { StudioScreen } from '#web/features/studio/components/studio-screen.tsx';
import { withStrings } from '#web/lib/i18n.ts';

/** Creating a drop loads with its strings and chain code apart. */
const DropStudio = lazy(() =>
  withStrings(['drops'], () => import('#web/features/drops/components/drop-form.tsx')),
);

/**
 * The partner studio: create collections, mint, and create drops (partners only; the chain
 * checks the role).
 */
export function Component() {
  return (
    <StudioScreen
      extra={(ctx) => (
        <Suspense fallback={null}>
          <DropStudio ctx={ctx} />
        </Suspense>
      )}
    />
  );
}
