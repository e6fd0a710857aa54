import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Amount } from '#web/components/ui/amount.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { useNetworkSymbols } from '#web/lib/networks.ts';
import { CHANGES } from '#web/lib/query-changes.ts';
import { RequiresNetwork } from '#web/pwa/requires-network.tsx';
import { useWrite } from '#web/wallet/write/use-write.ts';
import { WriteStatus } from '#web/wallet/write/write-status.tsx';
import { cashOut, type FracContext, redeem } from '../actions.ts';
import type { FractionalVault } from '../api/fractional.ts';
import type { VaultAccount } from '../chain.ts';

/** After a successful buyout: what the user's shares pay (the vault's own quote), Cash out. */
export function CashOutPanel({
  ctx,
  v,
  account,
}: {
  ctx: FracContext;
  v: FractionalVault;
  account: VaultAccount;
}) {
  const { t } = useTranslation('fractional');
  const id = useId();
  const symbols = useNetworkSymbols(v.networkId);
  const runner = useWrite(CHANGES.fractional);
  return (
    <section className="frac" aria-labelledby={`${id}-h`} data-testid="cash-out">
      <h2 id={`${id}-h`}>{t('cashOut.heading')}</h2>
      <p>
        {t('cashOut.quote', { count: String(account.shares) })}
        <Amount wei={account.cashOut} symbol={symbols.native} />
      </p>
      <RequiresNetwork>
        {(offline) => (
          <Button
            busy={runner.busy}
            disabled={offline}
            onClick={() => runner.run((s) => cashOut(ctx, v.vault, s))}
          >
            {t('cashOut.submit')}
          </Button>
        )}
      </RequiresNetwork>
      <WriteStatus state={runner.state} done={t('cashOut.done')} />
    </section>
  );
}

/** A holder of every share, no buyout running: Redeem takes the NFT out of the vault. */
export function RedeemPanel({ ctx, v }: { ctx: FracContext; v: FractionalVault }) {
  const { t } = useTranslation('fractional');
  const id = useId();
  const runner = useWrite(CHANGES.fractional);
  return (
    <section className="frac" aria-labelledby={`${id}-h`} data-testid="redeem">
      <h2 id={`${id}-h`}>{t('redeem.heading')}</h2>
      <p>{t('redeem.hint')}</p>
      <RequiresNetwork>
        {(offline) => (
          <Button
            busy={runner.busy}
            disabled={offline}
            onClick={() => runner.run((s) => redeem(ctx, v.vault, s))}
          >
            {t('redeem.submit')}
          </Button>
        )}
      </RequiresNetwork>
      <WriteStatus state={runner.state} done={t('redeem.done')} />
    </section>
  );
}
