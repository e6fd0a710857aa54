import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { formatAmount } from '#shared/money.ts';
import type { Network } from '#shared/schemas/entities.ts';
import { Address } from '#web/components/ui/address.tsx';
import { Amount } from '#web/components/ui/amount.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { useNetworkSymbols } from '#web/lib/networks.ts';
import { RequiresNetwork } from '#web/pwa/requires-network.tsx';
import { session } from '#web/stores/session.ts';
import { balancesQueryOptions } from '#web/wallet/balances.ts';
import { activeConnector, disconnectWallet, setProcess, walletUi } from '#web/wallet/connection.ts';
import { writeErrorKey } from '#web/wallet/pipeline.ts';
import { signInWithWallet } from '#web/wallet/sign-in.ts';
import { AmountForm, type AmountMode } from './amount-form.tsx';

function SignInWithWallet({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('wallet');
  const [busy, setBusy] = useState(false);
  const connector = activeConnector();
  if (!connector) return null;
  return (
    <RequiresNetwork>
      {(offline) => (
        <Button
          busy={busy}
          disabled={offline}
          onClick={() => {
            setBusy(true);
            signInWithWallet(connector)
              .then(() => {
                setProcess('success');
                onDone();
              })
              .catch((error: unknown) => setProcess('error', writeErrorKey(error)))
              .finally(() => setBusy(false));
          }}
        >
          {t('connected.signIn')}
        </Button>
      )}
    </RequiresNetwork>
  );
}

/**
 * Connected view: disconnect, the wallet's logo and name, the address (copy, 'Copied' for 2 s),
 * the balance cards (total, account, wrapper) with wrap, unwrap and withdraw (withdraw = unwrap
 * everything available, i.e. the wrapper balance minus the locked bid total).
 */
export function ConnectedView({ network }: { network: Network }) {
  const { t } = useTranslation('wallet');
  const { chainAddress, account } = useSnapshot(session);
  const { connector } = useSnapshot(walletUi);
  const symbols = useNetworkSymbols(network.networkId);
  const [mode, setMode] = useState<AmountMode | 'withdraw' | null>(null);
  // Signed in from this view: said where the button was (the header's side menu closes).
  const [signedIn, setSignedIn] = useState(false);
  const balances = useQuery({
    ...balancesQueryOptions({
      networkId: network.networkId,
      rpcUrl: network.rpcUrl,
      address: chainAddress ?? '',
    }),
    enabled: chainAddress !== null,
  });
  const b = balances.data;
  return (
    <div className="wallet__connected">
      <div className="wallet__head">
        {connector?.icon ? <img src={connector.icon} alt="" width="32" height="32" /> : null}
        <strong>{connector?.name}</strong>
        <Button variant="ghost" onClick={() => void disconnectWallet()}>
          {t('connected.disconnect')}
        </Button>
      </div>
      {chainAddress ? <Address address={chainAddress} /> : null}
      {!account.isSignedIn ? <SignInWithWallet onDone={() => setSignedIn(true)} /> : null}
      <p role="status" className={signedIn ? 'wallet__signed-in' : 'visually-hidden'}>
        {signedIn && account.isSignedIn ? t('connected.signedIn') : ''}
      </p>
      <section aria-label={t('connected.balances')} className="wallet__cards">
        <div className="wallet__card" data-testid="balance-total">
          <span>{t('connected.total')}</span>
          {b ? <Amount wei={b.account + b.wrapper} symbol={symbols.native} /> : '…'}
        </div>
        <div className="wallet__card" data-testid="balance-account">
          <span>{t('connected.account')}</span>
          {b ? <Amount wei={b.account} symbol={symbols.native} /> : '…'}
        </div>
        <div className="wallet__card" data-testid="balance-wrapper">
          <span>{t('connected.wrapper')}</span>
          {b ? <Amount wei={b.wrapper} symbol={symbols.wrapped} /> : '…'}
          {b && b.lockedBids > 0n ? (
            <small>
              {t('connected.locked', {
                amount: formatAmount(b.lockedBids).text,
                symbol: symbols.wrapped,
              })}
            </small>
          ) : null}
        </div>
      </section>
      <div className="wallet__actions">
        {(['wrap', 'unwrap', 'withdraw'] as const).map((m) => (
          <Button
            key={m}
            variant={mode === m ? 'primary' : 'secondary'}
            aria-pressed={mode === m}
            onClick={() => setMode(m)}
          >
            {t(`connected.${m}`)}
          </Button>
        ))}
      </div>
      {mode && b ? (
        <section className="wallet__dialog">
          <h3>{t(`amount.${mode}Title`, symbols)}</h3>
          {mode === 'withdraw' ? <p>{t('connected.withdrawHint', symbols)}</p> : null}
          <AmountForm
            key={mode}
            mode={mode === 'wrap' ? 'wrap' : 'unwrap'}
            fillMax={mode === 'withdraw'}
            balances={b}
            network={network}
            symbol={mode === 'wrap' ? symbols.native : symbols.wrapped}
          />
        </section>
      ) : null}
    </div>
  );
}
