import { useTranslation } from 'react-i18next';
import { useOnline } from './online.ts';

/** Fixed at the bottom (takes no layout space, so nothing shifts when it appears). */
export function OfflineBanner() {
  const online = useOnline();
  const { t } = useTranslation('pwa');
  if (online) return null;
  return (
    <div className="pwa-banner" role="status" data-testid="offline-banner">
      {t('offline.banner')}
    </div>
  );
}
