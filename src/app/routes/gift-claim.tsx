import { useTranslation } from 'react-i18next';
import { usePageTitle } from '#web/components/ui/page-title.tsx';
import { GiftClaimScreen } from '#web/features/gifts/components/gift-claim-screen.tsx';

/** /gift-claim#<link key>: claim an NFT given with a link (features/gifts, its own chunk). */
export function Component() {
  const { t } = useTranslation('pages');
  usePageTitle(t('gift.title'));
  return (
    <>
      <h1>{t('gift.title')}</h1>
      <p>{t('gift.intro')}</p>
      <GiftClaimScreen />
    </>
  );
}
