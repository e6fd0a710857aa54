import { useTranslation } from 'react-i18next';
import { usePageTitle } from '#web/components/ui/page-title.tsx';
import { EmptyState } from '#web/components/ui/states.tsx';

/**
 * spec §2 /pre-order/detail (no id in the route, no pre-order entity in spec §3): pre-orders are
 * a product line named in the help text, not yet sold here, so the screen says 'Coming soon'.
 */
export function Component() {
  const { t } = useTranslation('pages');
  usePageTitle(t('preOrder.title'));
  return (
    <>
      <h1>{t('preOrder.title')}</h1>
      <p>{t('preOrder.intro')}</p>
      <EmptyState kind="comingSoon" />
    </>
  );
}
