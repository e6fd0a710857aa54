import { useTranslation } from 'react-i18next';

/** A page (or section) never loaded while online: it needs a connection. */
export function NeedsConnection({ onRetry }: { onRetry?: () => void }) {
  const { t } = useTranslation('pwa');
  return (
    <div className="state state--offline" role="status" data-offline-state="">
      <p>{t('offline.needsConnection')}</p>
      {onRetry ? (
        <button type="button" className="btn btn--secondary" onClick={onRetry}>
          {t('offline.retry')}
        </button>
      ) : null}
    </div>
  );
}
