import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { resumePending, txState } from '#web/wallet/tracker.ts';

const ENDED_SHOWN_MS = 15_000;

/**
 * The header's count of pending transactions (kept in IndexedDB, so they survive a reload):
 * loaded after the first screen, it follows each one to its receipt or replacement, then says
 * how the last one ended (confirmed, failed, replaced) until the next one.
 */
export default function PendingBadge() {
  const { t } = useTranslation('wallet');
  const { pending, ended } = useSnapshot(txState);
  useEffect(() => {
    void resumePending().catch(() => undefined);
  }, []);
  // the outcome is said for a while, then the header is quiet again
  useEffect(() => {
    if (!ended) return;
    const id = setTimeout(() => {
      if (txState.ended?.hash === ended.hash) txState.ended = null;
    }, ENDED_SHOWN_MS);
    return () => clearTimeout(id);
  }, [ended]);
  return (
    <span role="status" className="tx-status" data-testid="tx-status">
      {pending.length > 0 ? (
        <span className="badge">{t('tx.pendingCount', { count: pending.length })}</span>
      ) : ended ? (
        <span className="badge">{t(`tx.${ended.status}`)}</span>
      ) : null}
    </span>
  );
}
