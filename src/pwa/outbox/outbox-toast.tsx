import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormInUse } from '#web/lib/form-in-use.ts';
import { reasonOf } from './reason.ts';
import { outboxState } from './state.ts';
import { itemsById, markSeen, type OutboxItem } from './store.ts';

/**
 * The result of each item settled while the app was open: accepted, or refused and why. Waits
 * while a form is in use (src/lib/form-in-use.ts) rather than cover it.
 */
export default function OutboxToast({ ids }: { ids: number[] }) {
  const { t } = useTranslation(['outbox', 'errors']);
  const [items, setItems] = useState<OutboxItem[]>([]);
  const busy = useFormInUse();
  const key = ids.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-read when the ids change
  useEffect(() => {
    void itemsById(ids).then(setItems);
  }, [key]);
  const close = () =>
    void markSeen(ids).then(() => {
      outboxState.settled = [];
    });
  const line = (item: OutboxItem) => {
    const kind = t(`outbox:kind.${item.kind}`);
    if (item.state === 'accepted') return t('outbox:toast.accepted', { kind, title: item.title });
    const r = reasonOf(item.code);
    const reason = r.ns === 'outbox' ? t(`outbox:${r.key}`) : t(`errors:${r.key}`, r.values);
    return t('outbox:toast.refused', { kind, reason });
  };
  if (items.length === 0 || busy) return null;
  return (
    <div className="pwa-toast" role="status" data-testid="outbox-toast">
      <ul className="pwa-toast__list">
        {items.map((item) => (
          <li key={item.id} data-state={item.state}>
            {line(item)}
          </li>
        ))}
      </ul>
      <div className="pwa-toast__actions">
        <a className="btn btn--primary" href="/outbox" onClick={() => void markSeen(ids)}>
          {t('outbox:toast.view')}
        </a>
        <button type="button" className="btn btn--ghost" onClick={close}>
          {t('outbox:toast.dismiss')}
        </button>
      </div>
    </div>
  );
}
