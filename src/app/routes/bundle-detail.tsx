import { lazy, Suspense } from 'react';
import { BundleDetailScreen } from '#web/features/bundle/components/bundle-detail-screen.tsx';
import { withStrings } from '#web/lib/i18n.ts';
import { ActionCodeGate } from '../action-code-gate.tsx';
import { WithParams } from '../route-params.tsx';

/** Buying the chosen items loads with its chain code (ethers) only on a bundle's page. */
const BundleBuyPanel = lazy(() =>
  withStrings(
    ['trade', 'wallet', 'outbox'],
    () => import('#web/features/trade/components/bundle-buy-panel.tsx'),
  ),
);

export function Component() {
  return (
    <WithParams route="bundleDetail">
      {({ id }) => (
        <BundleDetailScreen
          id={id}
          trade={(bundle, chosenTokenIds) => (
            <ActionCodeGate>
              <Suspense fallback={null}>
                <BundleBuyPanel bundle={bundle} chosenTokenIds={chosenTokenIds} />
              </Suspense>
            </ActionCodeGate>
          )}
        />
      )}
    </WithParams>
  );
}
