import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { shortenAddress } from '#web/lib/format.ts';
import { withStrings } from '#web/lib/i18n.ts';
import { session } from '#web/stores/session.ts';
import { ui, uiActions } from '#web/stores/ui.ts';

/** The wallet sidebar's body with its strings (src/start.tsx starts it early for a kept tap). */
export const loadWalletPanel = () =>
  withStrings(['wallet'], () => import('#web/features/wallet/components/wallet-sidebar.tsx'));
const WalletSidebar = lazy(loadWalletPanel);
const ApprovalDialog = lazy(() => loadWalletPanel().then((m) => ({ default: m.ApprovalDialog })));
const PendingBadge = lazy(() =>
  withStrings(['wallet'], () => import('#web/features/wallet/components/pending-badge.tsx')),
);

/**
 * The wallet sidebar. Its frame is on the first screen (server-rendered, closed), so a tap opens
 * it at once, even before the app runs (index.html, src/lib/early-taps.ts); its body, with the
 * whole wallet layer, is a chunk loaded when it opens, "Loading…" until then. The platform
 * wallet's signing approval dialog comes with that chunk as soon as such a wallet is in use (a
 * trade started from a page, e.g. right after /create-wallet, must be able to ask for approval).
 */
export function WalletSlot() {
  const { t } = useTranslation();
  const { walletOpen } = useSnapshot(ui);
  const { walletType, chainAddress } = useSnapshot(session);
  const platform = walletType === 'platform' && chainAddress !== null;
  const loading = <p role="status">{t('state.loading')}</p>;
  return (
    <>
      <Dialog
        open={walletOpen}
        onClose={uiActions.CLOSE_WALLET}
        title={t('wallet.title')}
        early="wallet"
        placeholder={loading}
      >
        <Suspense fallback={loading}>
          <WalletSidebar />
        </Suspense>
      </Dialog>
      {platform ? (
        <Suspense fallback={null}>
          <ApprovalDialog />
        </Suspense>
      ) : null}
    </>
  );
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
