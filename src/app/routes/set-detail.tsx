import { lazy, Suspense } from 'react';
import { SetDetailScreen } from '#web/features/set/components/set-detail-screen.tsx';
import { withStrings } from '#web/lib/i18n.ts';
import { ActionCodeGate } from '../action-code-gate.tsx';
import { WithParams } from '../route-params.tsx';

/** Buying or bidding on a set loads with its chain code (ethers) only on a set's page. */
const SetTradePanel = lazy(() =>
  withStrings(
    ['trade', 'wallet', 'outbox'],
    () => import('#web/features/trade/components/set-trade-panel.tsx'),
  ),
);

export function Component() {
  return (
    <WithParams route="setDetail">
      {(p) => (
        <SetDetailScreen
          id={p.id}
          mode={p.mode}
          trade={(set) => (
            <ActionCodeGate>
              <Suspense fallback={null}>
                <SetTradePanel set={set} />
              </Suspense>
            </ActionCodeGate>
          )}
        />
      )}
    </WithParams>
  );
}
