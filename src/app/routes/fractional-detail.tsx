import { lazy, Suspense } from 'react';
import { VaultScreen } from '#web/features/fractional/components/vault-screen.tsx';
import { withStrings } from '#web/lib/i18n.ts';
import { ActionCodeGate } from '../action-code-gate.tsx';
import { WithParams } from '../route-params.tsx';

/** The sale, listings, buyout, cash-out and redemption load with their chain code (ethers). */
const VaultActions = lazy(() =>
  withStrings(
    ['fractional', 'trade', 'wallet', 'outbox'],
    () => import('#web/features/fractional/components/vault-actions.tsx'),
  ),
);

/** One fractional item: its shares, listings, trades and buyout. */
export function Component() {
  return (
    <WithParams route="fractionalDetail">
      {(p) => (
        <VaultScreen
          networkId={p.networkId}
          vault={p.vault}
          actions={(v) => (
            <ActionCodeGate>
              <Suspense fallback={null}>
                <VaultActions vault={v} />
              </Suspense>
            </ActionCodeGate>
          )}
        />
      )}
    </WithParams>
  );
}
