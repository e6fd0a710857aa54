import { useTranslation } from 'react-i18next';
import { usePageTitle } from '#web/components/ui/page-title.tsx';
import { CreateWalletScreen } from '#web/features/wallet/components/create-wallet-screen.tsx';

/** /create-wallet: a platform wallet made in the browser (its own lazy route chunk). */
export function Component() {
  // The screen's own strings (a lazy namespace) come with it: nothing is shown before them.
  const { t, ready } = useTranslation(['account', 'wallet']);
  usePageTitle(ready ? t('createWallet.title') : undefined);
  if (!ready) return null;
  return (
    <>
      <h1>{t('createWallet.title')}</h1>
      <p>{t('createWallet.intro')}</p>
      <CreateWalletScreen />
    </>
  );
}
