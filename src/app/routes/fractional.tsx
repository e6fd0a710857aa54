import { useTranslation } from 'react-i18next';
import { usePageTitle } from '#web/components/ui/page-title.tsx';
import { EmptyState } from '#web/components/ui/states.tsx';

/** Fractional NFTs are announced, not yet offered: 'Coming soon'. */
export function Component() {
  const { t } = useTranslation('pages');
  usePageTitle(t('fractional.title'));
  return (
    <>
      <h1>{t('fractional.title')}</h1>
      <p>{t('fractional.intro')}</p>
      <EmptyState kind="comingSoon" />
    </>
  );
}
