import { useTranslation } from 'react-i18next';
import { usePageTitle } from '#web/components/ui/page-title.tsx';
import { EmptyState } from '#web/components/ui/states.tsx';

/**
 * spec §2 gift claim screen (no route, no gift entity or call in the spec): the screen exists at
 * /gift-claim and says 'Improving feature' until gifts have a server model.
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
