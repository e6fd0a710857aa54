import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { Network } from '#shared/schemas/entities.ts';
import { Button } from '#web/components/ui/button.tsx';
import { ERROR_VALUES } from '#web/lib/errors.ts';
import { networksQueryOptions } from '#web/lib/networks.ts';
import { session } from '#web/stores/session.ts';
import { selectedNetwork } from '#web/wallet/chains.ts';
import { setProcess, walletUi } from '#web/wallet/connection.ts';
import { SwitchNetworkPrompt } from '#web/wallet/switch-network.tsx';
import './wallet.css';
import { ConnectView } from './connect-view.tsx';
import { ConnectedView } from './connected-view.tsx';
import { NetworkPicker } from './network-picker.tsx';

// Loaded with the body (src/app/layouts/wallet.tsx): the platform wallet's signing approval.
export { ApprovalDialog } from './approval-dialog.tsx';

/**
 * The process alert: error, warning (no cancel: one OK that closes it), chooseNw (the wallet is on
 * a network we do not use: 'Please switch to' the chosen network, or another from the picker).
 */
function ProcessAlert({ network }: { network: Network | null }) {
  const { t } = useTranslation(['wallet', 'errors']);
  const { process, message, hint } = useSnapshot(walletUi);
  if (process !== 'error' && process !== 'warning' && process !== 'chooseNw') return null;
  return (
    <div className={`wallet__alert wallet__alert--${process}`} role="alert">
      <p>{message ? t(`errors:${message}`, ERROR_VALUES) : t('alert.failed')}</p>
      {hint ? <p>{t(`errors:${hint}`)}</p> : null}
      {process === 'chooseNw' ? <p>{t('network.wrongChain')}</p> : null}
      {process === 'chooseNw' && network ? <SwitchNetworkPrompt network={network} /> : null}
      {process !== 'chooseNw' ? (
        <Button variant="secondary" onClick={() => setProcess('closeAlert')}>
          {t('alert.ok')}
        </Button>
      ) : null}
    </div>
  );
}

/**
 * The wallet sidebar's body: network picker, then the connect view or the connected view. Its
 * frame (the dialog, its title and close button) is the header's, on the first screen
 * (src/app/layouts/wallet.tsx), so that a tap opens it before this chunk, with the whole wallet
 * layer, has loaded.
 */
export default function WalletSidebar() {
  const { selectedNetworkId, chainAddress } = useSnapshot(session);
  const { connector } = useSnapshot(walletUi);
  const networks = useQuery(networksQueryOptions());
  const list = networks.data ?? [];
  const network = selectedNetwork(list, selectedNetworkId);
  return (
    <div className="wallet">
      {list.length > 0 ? <NetworkPicker networks={list} /> : null}
      <ProcessAlert network={network} />
      {connector && chainAddress && network ? (
        <ConnectedView network={network} />
      ) : (
        <ConnectView networks={list} />
      )}
    </div>
  );
}
