import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { applyUpdate, dismissUpdate, updateState } from '../stores/update.ts';

/** "A new version is ready": reload when the user chooses. */
export function UpdateToast() {
  const { needRefresh } = useSnapshot(updateState);
  const { t } = useTranslation('pwa');
  if (!needRefresh) return null;
  return (
    <div className="pwa-toast" role="alert" data-testid="update-toast">
      <p>{t('update.available')}</p>
      <div className="pwa-toast__actions">
        <button type="button" className="btn btn--primary" onClick={applyUpdate}>
          {t('update.reload')}
        </button>
        <button type="button" className="btn btn--ghost" onClick={dismissUpdate}>
          {t('update.later')}
        </button>
      </div>
    </div>
  );
}
