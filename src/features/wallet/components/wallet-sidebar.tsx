import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSnapshot } from 'valtio';
import { Address } from '#web/components/ui/address.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { EmptyState } from '#web/components/ui/states.tsx';
import { paths } from '#web/config/paths.ts';
import { session } from '#web/stores/session.ts';
import { ui, uiActions } from '#web/stores/ui.ts';

/**
 * The wallet sidebar's place in the shell. Connecting a wallet (platform wallets, browser
 * extensions, WalletConnect) is not offered yet: it shows the connected address or says the
 * feature is being improved. Loaded only when opened (its own chunk).
 */
export default function WalletSidebar() {
  const { t } = useTranslation(['common', 'errors']);
  const { walletOpen } = useSnapshot(ui);
  const snap = useSnapshot(session);
  return (
    <Dialog open={walletOpen} onClose={uiActions.CLOSE_WALLET} title={t('wallet.connect')}>
      {snap.chainAddress ? (
        <Address address={snap.chainAddress} />
      ) : !snap.account.isSignedIn ? (
        <p>
          {t('errors:notSignedIn')}{' '}
          <Link to={paths.signIn.build({})} onClick={uiActions.CLOSE_WALLET}>
            {t('account.signIn')}
          </Link>
        </p>
      ) : (
        <EmptyState kind="improvingFeature" />
      )}
    </Dialog>
  );
}
