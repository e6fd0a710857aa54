import { useTranslation } from 'react-i18next';
import { usePageTitle } from '#web/components/ui/page-title.tsx';
import { EmptyState } from '#web/components/ui/states.tsx';

/**
 * /pre-order/detail: pre-orders are a product line the help text names, not yet sold here (there
 * is no pre-order to show), so the screen says 'Coming soon'.
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
