/**
 * Buying several listed NFTs of a collection at once (matchOrderNFTs; loaded lazily with ethers):
 * the collection's fixed-price NFTs on sale, each with a checkbox; the all-in price of the chosen
 * ones (the sum of each order's quote, the fee of each as the exchange takes it) before paying;
 * the account balance checked first; no choice is 'Please select items'. The server checks the
 * buyer can pay them all, then each is its own transaction.
 */
import { useQueries, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { weiFromWire } from '#shared/money.ts';
import type { Collection, Nft } from '#shared/schemas/entities.ts';
import { PriceLines } from '#web/components/panels/price-lines.tsx';
import { Amount } from '#web/components/ui/amount.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { useNetworkSymbols } from '#web/lib/networks.ts';
import { CHANGES } from '#web/lib/query-changes.ts';
import { useSwitchFirst } from '#web/wallet/use-switch-first.ts';
import { useWrite } from '#web/wallet/write/use-write.ts';
import { WriteStatus } from '#web/wallet/write/write-status.tsx';
import { buyMany } from '../actions.ts';
import { onSaleQueryOptions, orderQueryOptions } from '../api/queries.ts';
import { checkAccountBalance, type PriceBreakdown, priceBreakdown } from '../pricing.ts';
import { sameAddress } from './fixed-sale.tsx';
import { SwitchFirst } from './switch-first.tsx';
import { accountShortfall, useBalances, useFeeBps, useTradeContext } from './use-trade.ts';
import './trade.css';

/** The sum of the chosen orders' breakdowns (each fee the lower of today's and the signed one). */
function sumBreakdowns(parts: readonly PriceBreakdown[], feeBps: bigint): PriceBreakdown {
  const sum = (pick: (p: PriceBreakdown) => bigint) => parts.reduce((s, p) => s + pick(p), 0n);
  // biome-ignore lint/complexity/useMathMinMax: bigint (Math.min takes numbers)
  const bps = parts.reduce((m, p) => (p.feeBps < m ? p.feeBps : m), feeBps);
  return {
    youPay: sum((p) => p.youPay),
    fee: sum((p) => p.fee),
    sellerReceives: sum((p) => p.sellerReceives),
    feeBps: bps,
  };
}

const buyable = (n: Nft) =>
  n.saleType === 'FIXED' && !n.isSet && !n.isBundle && n.orderHash !== null && n.buyPrice !== null;

export default function BuySeveralPanel({ collection }: { collection: Collection }) {
  const { t } = useTranslation('trade');
  const ctx = useTradeContext(collection.networkId);
  const switchTo = useSwitchFirst(collection.networkId);
  const symbols = useNetworkSymbols(collection.networkId);
  const fee = useFeeBps(ctx?.network ?? null);
  const balances = useBalances(ctx);
  const runner = useWrite(CHANGES.order);
  const [chosen, setChosen] = useState<readonly string[]>([]);
  const listed = useQuery(onSaleQueryOptions(collection.collectionAddr));
  const orders = useQueries({ queries: chosen.map(orderQueryOptions) });
  if (!ctx) return null;
  const items = (listed.data?.data ?? []).filter(
    (n) => buyable(n) && !sameAddress(n.owner, ctx.address),
  );
  if (items.length === 0 && !runner.state.done) return null;
  if (switchTo) return <SwitchFirst network={switchTo} />;
  const parts = orders.flatMap((o) =>
    o.data
      ? [
          priceBreakdown(
            weiFromWire(o.data.price),
            fee.data ?? 0n,
            BigInt(String((o.data.message as { maxFeeBps?: string }).maxFeeBps ?? '0')),
          ),
        ]
      : [],
  );
  const ready = parts.length === chosen.length;
  const price = sumBreakdowns(parts, fee.data ?? 0n);
  const toggle = (hash: string, on: boolean) =>
    setChosen((c) => (on ? [...c, hash] : c.filter((h) => h !== hash)));
  const onBuy = () => {
    if (chosen.length === 0) return runner.refuse('selectItems');
    const account = balances.data?.account;
    const short = account === undefined ? null : checkAccountBalance(price.youPay, account);
    if (short) return runner.refuse(short.error, short.hint);
    const collectionOf = () => collection.collectionAddr;
    return runner.run(async (s) => {
      const late = await accountShortfall(balances, price.youPay);
      if (late) return late;
      const outcome = await buyMany(ctx, { orderHashes: [...chosen], collectionOf }, s);
      if (outcome.ok) setChosen([]);
      return outcome;
    });
  };
  return (
    <section className="trade" aria-labelledby="trade-several-heading">
      <h2 id="trade-several-heading">{t('several.heading')}</h2>
      <fieldset className="trade__items">
        <legend>{t('several.choose')}</legend>
        {items.map((n) => (
          <label key={n.orderHash} className="trade__choice">
            <input
              type="checkbox"
              checked={chosen.includes(n.orderHash!)}
              onChange={(e) => toggle(n.orderHash!, e.currentTarget.checked)}
            />
            <span>
              {n.name} <Amount wei={weiFromWire(n.buyPrice!)} symbol={symbols.native} />
            </span>
          </label>
        ))}
      </fieldset>
      {chosen.length > 0 && ready ? <PriceLines price={price} symbol={symbols.native} /> : null}
      <Button busy={runner.busy} onClick={onBuy}>
        {t('several.submit', { count: chosen.length })}
      </Button>
      <WriteStatus state={runner.state} done={t('several.bought')} />
    </section>
  );
}
