import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { resumePending, txState } from '#web/wallet/tracker.ts';

const ENDED_SHOWN_MS = 15_000;

const MARKS: Record<string, string> = { success: '✓', failed: '!', replaced: '↻' };

/**
 * On a phone the pill shows its mark only, the words hidden visually (a sentence in the header
 * wrapped it onto two rows at 360 px); from 480 px the words (header.css).
 */
function Badge({ mark, text }: { mark: string; text: string }) {
  return (
    <span className="badge tx-badge" title={text}>
      <span className="tx-badge__mark" aria-hidden="true">
        {mark}
      </span>
      <span className="tx-badge__text">{text}</span>
    </span>
  );
}

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
        <Badge mark={`${pending.length}…`} text={t('tx.pendingCount', { count: pending.length })} />
      ) : ended ? (
        <Badge mark={MARKS[ended.status] ?? '•'} text={t(`tx.${ended.status}`)} />
      ) : null}
    </span>
  );
}
