import { useTranslation } from 'react-i18next';
import { usePageTitle } from '#web/components/ui/page-title.tsx';
import { EmptyState } from '#web/components/ui/states.tsx';

/**
 * /create-wallet. Creating a platform wallet (passphrase, secret phrase confirmation) is not
 * offered yet: the screen says 'Improving feature'.
 */
export function Component() {
  const { t } = useTranslation('account');
  usePageTitle(t('createWallet.title'));
  return (
    <>
      <h1>{t('createWallet.title')}</h1>
      <p>{t('createWallet.intro')}</p>
      <EmptyState kind="improvingFeature" />
    </>
  );
}
