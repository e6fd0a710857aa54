import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { resumePending, txState } from '#web/wallet/tracker.ts';

/**
 * The header's count of pending transactions (kept in IndexedDB, so they survive a reload):
 * loaded after the first screen, it follows each one to its receipt or replacement.
 */
export default function PendingBadge() {
  const { t } = useTranslation('wallet');
  const { pending } = useSnapshot(txState);
  useEffect(() => {
    void resumePending().catch(() => undefined);
  }, []);
  if (pending.length === 0) return null;
  return (
    <span className="badge" role="status">
      {t('tx.pendingCount', { count: pending.length })}
    </span>
  );
}
