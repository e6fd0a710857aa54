import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { shortenAddress } from '#web/lib/format.ts';
import { withStrings } from '#web/lib/i18n.ts';
import { session } from '#web/stores/session.ts';
import { ui, uiActions } from '#web/stores/ui.ts';

const WalletSidebar = lazy(() =>
  withStrings(['wallet'], () => import('#web/features/wallet/components/wallet-sidebar.tsx')),
);
const PendingBadge = lazy(() =>
  withStrings(['wallet'], () => import('#web/features/wallet/components/pending-badge.tsx')),
);

/**
 * Mounted once opened, so its chunk loads only on demand; also as soon as a platform wallet is
 * in use, because its signing approval dialog lives there (a trade started from a page, e.g.
 * right after /create-wallet, must be able to ask for approval).
 */
export function WalletSlot() {
  const { walletOpen } = useSnapshot(ui);
  const { walletType, chainAddress } = useSnapshot(session);
  const platform = walletType === 'platform' && chainAddress !== null;
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    if (walletOpen || platform) setOpened(true);
  }, [walletOpen, platform]);
  return opened ? (
    <Suspense fallback={null}>
      <WalletSidebar />
    </Suspense>
  ) : null;
}

/** Opens the wallet sidebar; shows the connected address, shortened. */
export function WalletButton() {
  const { t } = useTranslation();
  const { chainAddress } = useSnapshot(session);
  return (
    <>
      <button
        type="button"
        className="btn btn--secondary wallet-btn"
        data-replay="wallet"
        onClick={uiActions.OPEN_WALLET}
      >
        {chainAddress ? (
          <span title={chainAddress}>{shortenAddress(chainAddress)}</span>
        ) : (
          t('wallet.connect')
        )}
      </button>
      {chainAddress ? (
        <Suspense fallback={null}>
          <PendingBadge />
        </Suspense>
      ) : null}
    </>
  );
}
