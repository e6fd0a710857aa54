/**
 * The actions on a fractional item (loaded lazily with ethers): buy in the share sale, the share
 * listings (take all or part, cancel one's own), list one's shares, the buyout (start, raise,
 * settle), cash out after a buyout, redeem with every share. The figures an action is signed
 * against are read from the chain (../api/chain-queries.ts); connect and switch network first.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SwitchNetworkPrompt } from '#web/wallet/switch-network.tsx';
import { useSwitchFirst } from '#web/wallet/use-switch-first.ts';
import { OutcomeScope } from '#web/wallet/write/outcome-scope.tsx';
import { vaultAccountQueryOptions, vaultChainQueryOptions } from '../api/chain-queries.ts';
import type { FractionalVault } from '../api/fractional.ts';
import { BuyoutPanel } from './buyout-panel.tsx';
import { CashOutPanel, RedeemPanel } from './holder-panels.tsx';
import { ListSharesForm, ShareListings } from './listings-panel.tsx';
import { SalePanel } from './sale-panel.tsx';
import { useFracContext, useFracNetwork } from './use-fractional.ts';
import './fractional.css';

export default function VaultActions({ vault }: { vault: FractionalVault }) {
  return (
    <OutcomeScope box="frac">
      <Actions v={vault} />
    </OutcomeScope>
  );
}

function Actions({ v }: { v: FractionalVault }) {
  const { t } = useTranslation('fractional');
  const network = useFracNetwork(v.networkId);
  const ctx = useFracContext(v.networkId);
  const switchTo = useSwitchFirst(v.networkId);
  const chain = useQuery(vaultChainQueryOptions(network, v.vault));
  const account = useQuery(vaultAccountQueryOptions(network, v.vault, ctx?.address ?? ''));
  const c = chain.data;
  const shares = account.data?.shares ?? 0n;
  const wallet = !ctx ? (
    <p className="frac">{t('page.connect')}</p>
  ) : switchTo ? (
    <div className="frac" data-testid="switch-first">
      <SwitchNetworkPrompt network={switchTo} />
    </div>
  ) : null;
  const ready = ctx && !switchTo && c ? ctx : null;
  return (
    <>
      {wallet}
      {ready && c && account.data ? (
        <p className="frac" data-testid="your-shares">
          {t('page.yourShares')}: <strong>{String(shares)}</strong>
        </p>
      ) : null}
      {c && c.state === 'IDLE' && c.now < c.saleEnd ? (
        <SalePanel ctx={ready} v={v} chain={c} account={account.data ?? null} />
      ) : null}
      <ShareListings ctx={ready} v={v} chain={c ?? null} />
      {ready && c && c.state === 'IDLE' && shares > 0n ? (
        <ListSharesForm ctx={ready} v={v} chain={c} shares={shares} />
      ) : null}
      {c ? <BuyoutPanel ctx={ready} v={v} chain={c} /> : null}
      {ready && c && c.state === 'SUCCEEDED' && shares > 0n && account.data ? (
        <CashOutPanel ctx={ready} v={v} account={account.data} />
      ) : null}
      {ready && c && c.state === 'IDLE' && shares > 0n && shares === c.outstanding ? (
        <RedeemPanel ctx={ready} v={v} />
      ) : null}
    </>
  );
}
