import { useTranslation } from 'react-i18next';
import { usePageTitle } from '#web/components/ui/page-title.tsx';
import { EmptyState } from '#web/components/ui/states.tsx';

/**
 * The gift claim screen at /gift-claim says 'Improving feature': gifts have no server model
 * yet.
 */
export function Component() {
  const { t } = useTranslation('pages');
  usePageTitle(t('gift.title'));
  return (
    <>
      <h1>{t('gift.title')}</h1>
      <p>{t('gift.intro')}</p>
      <EmptyState kind="improvingFeature" />
    </>
  );
}
