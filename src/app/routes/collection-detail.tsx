import { lazy, Suspense } from 'react';
import { CollectionDetailScreen } from '#web/features/collection/components/collection-detail-screen.tsx';
import { withStrings } from '#web/lib/i18n.ts';
import { ActionCodeGate } from '../action-code-gate.tsx';
import { WithParams } from '../route-params.tsx';

/** Buying several of its NFTs at once loads with its chain code (ethers) only on this page. */
const BuySeveralPanel = lazy(() =>
  withStrings(
    ['trade', 'wallet', 'outbox'],
    () => import('#web/features/trade/components/buy-several-panel.tsx'),
  ),
);

export function Component() {
  return (
    <WithParams route="collectionDetail">
      {({ id }) => (
        <CollectionDetailScreen
          id={id}
          trade={(collection) => (
            <ActionCodeGate>
              <Suspense fallback={null}>
                <BuySeveralPanel collection={collection} />
              </Suspense>
            </ActionCodeGate>
          )}
        />
      )}
    </WithParams>
  );
}
