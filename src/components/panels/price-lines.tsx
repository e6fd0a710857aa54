import { useTranslation } from 'react-i18next';
import { bpsPercent } from '#shared/orders.ts';
import { Amount } from '../ui/amount.tsx';

/** An all-in price: the buyer pays `youPay`, the fee (basis points `feeBps`) comes off the seller. */
export type PriceBreakdown = {
  youPay: bigint;
  fee: bigint;
  sellerReceives: bigint;
  feeBps: bigint;
};

/**
 * The all-in price, the same on every trading screen (NFTs and shares): you pay, the fee (even
 * 0), seller gets. Its strings are the `trade` namespace's.
 */
export function PriceLines({ price, symbol }: { price: PriceBreakdown; symbol: string }) {
  const { t } = useTranslation('trade');
  const percent = bpsPercent(price.feeBps);
  return (
    <dl className="facts trade__price" data-testid="price-lines">
      <dt>{t('price.youPay')}</dt>
      <dd>
        <Amount wei={price.youPay} symbol={symbol} />
      </dd>
      <dt>{t('price.fee', { percent })}</dt>
      <dd>
        <Amount wei={price.fee} symbol={symbol} />
      </dd>
      <dt>{t('price.sellerReceives')}</dt>
      <dd>
        <Amount wei={price.sellerReceives} symbol={symbol} />
      </dd>
    </dl>
  );
}
