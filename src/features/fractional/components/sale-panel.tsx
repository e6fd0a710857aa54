import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PriceLines } from '#web/components/panels/price-lines.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { TextField } from '#web/components/ui/field.tsx';
import { formatDateTime } from '#web/lib/format.ts';
import { currentLanguage } from '#web/lib/i18n.ts';
import { useNetworkSymbols } from '#web/lib/networks.ts';
import { CHANGES } from '#web/lib/query-changes.ts';
import { RequiresNetwork } from '#web/pwa/requires-network.tsx';
import { useWrite } from '#web/wallet/write/use-write.ts';
import { WriteStatus } from '#web/wallet/write/write-status.tsx';
import { buyShares, type FracContext } from '../actions.ts';
import type { FractionalVault } from '../api/fractional.ts';
import type { VaultAccount, VaultChain } from '../chain.ts';
import { checkSaleQuantity, saleCap, shareQuote } from '../rules.ts';

/**
 * The primary sale: how many the user may still buy (their limit less what they bought, at most
 * what is left), the all-in price of the chosen quantity, Buy shares. A quantity above the limit
 * is refused in the user's language before anything is signed.
 */
export function SalePanel({
  ctx,
  v,
  chain,
  account,
}: {
  ctx: FracContext | null;
  v: FractionalVault;
  chain: VaultChain;
  account: VaultAccount | null;
}) {
  const { t } = useTranslation('fractional');
  const id = useId();
  const symbols = useNetworkSymbols(v.networkId);
  const runner = useWrite(CHANGES.fractional);
  const [text, setText] = useState('1');
  const purchased = account?.purchased ?? 0n;
  const sale = { purchaseLimit: chain.purchaseLimit, purchased, left: chain.left };
  const cap = saleCap(sale);
  const parsed = /^\d{1,13}$/.test(text.trim()) ? BigInt(text.trim()) : 0n;
  const price = shareQuote(parsed, chain.pricePerShare, 0n, 0n);
  const curator = ctx && ctx.address.toLowerCase() === chain.curator.toLowerCase();
  const heading = `${id}-h`;
  if (chain.now < chain.saleStart) {
    return (
      <section className="frac" aria-labelledby={heading}>
        <h2 id={heading}>{t('sale.heading')}</h2>
        <p>
          {t('sale.notOpen', {
            date: formatDateTime(Number(chain.saleStart) * 1000, currentLanguage()),
          })}
        </p>
      </section>
    );
  }
  const onBuy = () => {
    const checked = checkSaleQuantity(text, sale);
    if (!checked.ok) return runner.refuse(checked.error);
    if (!ctx) return undefined;
    return runner.run((s) =>
      buyShares(
        ctx,
        { vault: v.vault, shares: checked.value, pricePerShare: chain.pricePerShare },
        s,
      ),
    );
  };
  return (
    <section className="frac" aria-labelledby={heading} data-testid="share-sale">
      <h2 id={heading}>{t('sale.heading')}</h2>
      {curator ? (
        <p>{t('sale.curator')}</p>
      ) : (
        <>
          <p>
            {t('sale.cap', {
              count: String(cap),
              limit: String(chain.purchaseLimit),
              left: String(chain.left),
            })}
          </p>
          <div className="frac__row">
            <TextField
              label={t('sale.quantity')}
              inputMode="numeric"
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
            <Button variant="secondary" onClick={() => setText(String(cap))}>
              {t('sale.max')}
            </Button>
          </div>
          <PriceLines price={price} symbol={symbols.native} />
          {ctx ? (
            <RequiresNetwork>
              {(offline) => (
                <Button busy={runner.busy} disabled={offline} onClick={onBuy}>
                  {t('sale.submit')}
                </Button>
              )}
            </RequiresNetwork>
          ) : null}
          <WriteStatus state={runner.state} done={t('sale.bought')} />
        </>
      )}
    </section>
  );
}
