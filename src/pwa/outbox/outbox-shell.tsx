import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { outboxState } from './state.ts';

const OutboxToast = lazy(() => import('./outbox-toast.tsx'));

/** How many actions wait in the outbox: a link to it (nothing while it is empty). */
export function OutboxChip() {
  const { waiting } = useSnapshot(outboxState);
  const { t } = useTranslation('pwa');
  if (waiting === 0) return null;
  return (
    <a className="pwa-outbox-chip" href="/outbox" data-testid="outbox-chip">
      {t('outbox.chip', { count: waiting })}
    </a>
  );
}

/** The results as they arrive: a toast, whose code loads only then. */
export function OutboxResults() {
  const { settled } = useSnapshot(outboxState);
  if (settled.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <OutboxToast ids={[...settled]} />
    </Suspense>
  );
}
