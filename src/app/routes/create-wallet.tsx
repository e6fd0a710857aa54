import { useTranslation } from 'react-i18next';
import { usePageTitle } from '#web/components/ui/page-title.tsx';
import { EmptyState } from '#web/components/ui/states.tsx';

/**
 * spec §2 /create-wallet. Wallet creation (passphrase, secret phrase confirmation, 60 s fake
 * passphrase flag) belongs to the wallets issue; until then the screen says so ('Improving feature').
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
