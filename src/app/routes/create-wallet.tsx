import { useTranslation } from 'react-i18next';
import { usePageTitle } from '#web/components/ui/page-title.tsx';
import { CreateWalletScreen } from '#web/features/wallet/components/create-wallet-screen.tsx';

/** /create-wallet: a platform wallet made in the browser (its own lazy route chunk). */
export function Component() {
  const { t } = useTranslation('account');
  usePageTitle(t('createWallet.title'));
  return (
    <>
      <h1>{t('createWallet.title')}</h1>
      <p>{t('createWallet.intro')}</p>
      <CreateWalletScreen />
    </>
  );
}
