/**
 * Buying part of a bundle (loaded lazily with ethers): the chosen items priced by the
 * exchange's own quote (shared/orders.ts quoteBundle, the discount once the count reaches the
 * minimum), shown as you pay / fee / seller receives before paying; the account balance is
 * checked first; no choice is 'Please select items'.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { orderFromJson } from '#contracts/typed-data/index.ts';
import type { OrderJson } from '#shared/orders.ts';
import type { Bundle } from '#shared/schemas/entities.ts';
import { PriceLines } from '#web/components/panels/price-lines.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { useNetworkSymbols } from '#web/lib/networks.ts';
import { CHANGES } from '#web/lib/query-changes.ts';
import { useSwitchFirst } from '#web/wallet/use-switch-first.ts';
import { useWrite } from '#web/wallet/write/use-write.ts';
import { WriteStatus } from '#web/wallet/write/write-status.tsx';
import { buy } from '../actions.ts';
import { orderQueryOptions } from '../api/queries.ts';
import { buyQuote, checkAccountBalance } from '../pricing.ts';
import { sameAddress, TakeOffSale } from './fixed-sale.tsx';
import { SwitchFirst } from './switch-first.tsx';
import { accountShortfall, useBalances, useFeeBps, useTradeContext } from './use-trade.ts';
import './trade.css';

export default function BundleBuyPanel({
  bundle,
  chosenTokenIds,
}: {
  bundle: Bundle;
  /** Token ids of the chosen items. */
  chosenTokenIds: readonly string[];
}) {
  const { t } = useTranslation('trade');
  const ctx = useTradeContext(bundle.networkId);
  const switchTo = useSwitchFirst(bundle.networkId);
  const symbols = useNetworkSymbols(bundle.networkId);
  const fee = useFeeBps(ctx?.network ?? null);
  const balances = useBalances(ctx);
  const runner = useWrite(CHANGES.order);
  const stored = useQuery(orderQueryOptions(bundle.orderHash));
  if (!ctx) return <p className="trade">{t('connect')}</p>;
  const live = stored.data?.status === 'pending' ? stored.data : null;
  if (live && switchTo) return <SwitchFirst network={switchTo} />;
  // Bought the last items, or refused because they sold meanwhile: the outcome stays in view.
  if (!live) {
    return runner.state.done || runner.state.error ? (
      <WriteStatus state={runner.state} done={t('buy.bought')} />
    ) : null;
  }
  const order = orderFromJson(live.message as OrderJson);
  const indexes = chosenTokenIds
    .map((id) => order.tokenIds.indexOf(BigInt(id)))
    .filter((i) => i >= 0);
  const quote = buyQuote(order, indexes, fee.data ?? 0n);
  const seller = sameAddress(order.maker, ctx.address);
  const onBuy = () => {
    if ('error' in quote) return runner.refuse(quote.error);
    const account = balances.data?.account;
    const short =
      account === undefined ? null : checkAccountBalance(quote.breakdown.youPay, account);
    if (short) return runner.refuse(short.error, short.hint);
    const tokenIds = indexes.map((i) => order.tokenIds[i]!.toString());
    const youPay = quote.breakdown.youPay;
    return runner.run(
      async (s) =>
        (await accountShortfall(balances, youPay)) ??
        buy(
          ctx,
          {
            target: 'BUNDLE',
            orderHash: live.orderHash,
            collection: order.collection,
            tokenIds,
          },
          s,
        ),
    );
  };
  return (
    <section className="trade" aria-labelledby="trade-bundle-heading">
      <h2 id="trade-bundle-heading">{t('heading')}</h2>
      {'breakdown' in quote ? <PriceLines price={quote.breakdown} symbol={symbols.native} /> : null}
      {/* The seller is offered no Buy now on their own bundle, only taking it off sale. */}
      {seller ? (
        <>
          <p>{t('sale.yours')}</p>
          <TakeOffSale ctx={ctx} order={live} collection={order.collection} />
        </>
      ) : (
        <>
          <Button busy={runner.busy} onClick={onBuy}>
            {t('buy.submit')}
          </Button>
          <WriteStatus state={runner.state} done={t('buy.bought')} />
        </>
      )}
    </section>
  );
}
