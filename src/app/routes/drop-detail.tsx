import { lazy, Suspense } from 'react';
import { DropDetailScreen } from '#web/features/drops/components/drop-detail-screen.tsx';
import { withStrings } from '#web/lib/i18n.ts';
import { ActionCodeGate } from '../action-code-gate.tsx';
import { WithParams } from '../route-params.tsx';

/** Buying, refunds, the reveal and its check load with their chain code (ethers) apart. */
const DropPanels = lazy(() =>
  withStrings(
    ['drops', 'wallet', 'outbox'],
    () => import('#web/features/drops/components/drop-panels.tsx'),
  ),
);

/** /pre-order/detail/{networkId}-{dropId}: one drop. */
export function Component() {
  return (
    <WithParams route="dropDetail">
      {(p) => (
        <DropDetailScreen
          id={p.id}
          panels={(drop, network) => (
            <ActionCodeGate>
              <Suspense fallback={null}>
                <DropPanels drop={drop} network={network} />
              </Suspense>
            </ActionCodeGate>
          )}
        />
      )}
    </WithParams>
  );
}
