import { useTranslation } from 'react-i18next';
import { weiFromWire } from '#shared/money.ts';
import type { Order as StoredOrder } from '#shared/schemas/entities.ts';
import { PriceLines } from '#web/components/panels/price-lines.tsx';
import { Amount } from '#web/components/ui/amount.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { CHANGES } from '#web/lib/query-changes.ts';
import { useWrite } from '#web/wallet/write/use-write.ts';
import { WriteStatus } from '#web/wallet/write/write-status.tsx';
import { buy, type TradeContext, takeOffSale } from '../actions.ts';
import type { Target } from '../api/trade.ts';
import { checkAccountBalance, priceBreakdown } from '../pricing.ts';
import { accountShortfall, useBalances, useFeeBps } from './use-trade.ts';

export const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Take off sale: the maker's on-chain cancel (REVOKE), for fixed prices and auctions alike. */
export function TakeOffSale(p: { ctx: TradeContext; order: StoredOrder; collection: string }) {
  const { t } = useTranslation('trade');
  const runner = useWrite(CHANGES.order);
  return (
    <div className="trade__step">
      <p>{t('sale.takeOffHint')}</p>
      <Button
        variant="secondary"
        busy={runner.busy}
        onClick={() => runner.run((s) => takeOffSale(p.ctx, p.order, p.collection, s))}
      >
        {t('sale.takeOff')}
      </Button>
      <WriteStatus state={runner.state} done={t('sale.takenOff')} />
    </div>
  );
}

/**
 * A fixed-price order (single NFT or a set, bought whole): the all-in price, the buyer's account
 * balance, Buy now. The balance is checked before anything is sent. The seller is offered no
 * Buy now on their own listing, only taking it off sale.
 */
export function FixedSale(p: {
  ctx: TradeContext;
  order: StoredOrder;
  collection: string;
  target: Target;
  symbol: string;
}) {
  const { t } = useTranslation('trade');
  const runner = useWrite(CHANGES.order, p.order.orderHash);
  const balances = useBalances(p.ctx);
  const fee = useFeeBps(p.ctx.network);
  const total = weiFromWire(p.order.price);
  const maxFee = BigInt(String((p.order.message as { maxFeeBps?: string }).maxFeeBps ?? '0'));
  const price = priceBreakdown(total, fee.data ?? 0n, maxFee);
  const seller = sameAddress(p.order.maker, p.ctx.address);
  const onBuy = () => {
    const account = balances.data?.account;
    const short = account === undefined ? null : checkAccountBalance(price.youPay, account);
    if (short) return runner.refuse(short.error, short.hint);
    return runner.run(
      async (s) =>
        (await accountShortfall(balances, price.youPay)) ??
        buy(p.ctx, { target: p.target, orderHash: p.order.orderHash, collection: p.collection }, s),
    );
  };
  return (
    <section className="trade" aria-labelledby="trade-buy-heading">
      <h2 id="trade-buy-heading">{t('heading')}</h2>
      <PriceLines price={price} symbol={p.symbol} />
      {seller ? (
        <>
          <p>{t('sale.yours')}</p>
          <TakeOffSale ctx={p.ctx} order={p.order} collection={p.collection} />
        </>
      ) : (
        <>
          {balances.data ? (
            <p>
              {t('buy.balance')}
              <Amount wei={balances.data.account} symbol={p.symbol} />
            </p>
          ) : null}
          <Button busy={runner.busy} onClick={onBuy}>
            {t('buy.submit')}
          </Button>
          <WriteStatus
            state={runner.state}
            done={p.target === 'SET' ? t('buy.boughtSet') : t('buy.bought')}
          />
        </>
      )}
    </section>
  );
}
