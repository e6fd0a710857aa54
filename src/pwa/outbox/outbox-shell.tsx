import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { outboxState } from './outbox.ts';

const OutboxToast = lazy(() => import('./outbox-toast.tsx'));

/**
 * How many actions wait in the outbox (a link to it), and the results as they arrive (a toast,
 * loaded only then). Nothing renders, and nothing more loads, while the outbox is empty.
 */
export function OutboxShell() {
  const { waiting, settled } = useSnapshot(outboxState);
  const { t } = useTranslation('pwa');
  return (
    <>
      {waiting > 0 ? (
        <a className="pwa-outbox-chip" href="/outbox" data-testid="outbox-chip">
          {t('outbox.chip', { count: waiting })}
        </a>
      ) : null}
      {settled.length > 0 ? (
        <Suspense fallback={null}>
          <OutboxToast ids={[...settled]} />
        </Suspense>
      ) : null}
    </>
  );
}
