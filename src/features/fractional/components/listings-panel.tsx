/**
 * Share listings, cheapest first: each row's seller, shares left, price per share and end; Buy
 * opens the take form (how many, the all-in price with the fee line as for NFTs); the seller
 * cancels their own on chain. Holders list their shares with a signature (no gas; offline it
 * waits in the outbox).
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '#shared/languages.ts';
import { moneyText, weiFromWire } from '#shared/money.ts';
import { PriceLines } from '#web/components/panels/price-lines.tsx';
import { Address } from '#web/components/ui/address.tsx';
import { Amount } from '#web/components/ui/amount.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { TextField } from '#web/components/ui/field.tsx';
import { Table } from '#web/components/ui/table.tsx';
import { formatDateTime } from '#web/lib/format.ts';
import { currentLanguage } from '#web/lib/i18n.ts';
import { useNetworkSymbols } from '#web/lib/networks.ts';
import { CHANGES } from '#web/lib/query-changes.ts';
import { RequiresNetwork } from '#web/pwa/requires-network.tsx';
import { parseAmount } from '#web/wallet/amounts.ts';
import { useWrite } from '#web/wallet/write/use-write.ts';
import { WriteStatus } from '#web/wallet/write/write-status.tsx';
import { cancelListing, type FracContext, listShares, takeListing } from '../actions.ts';
import {
  type FractionalVault,
  listingsQueryOptions,
  type ShareListing,
  shareOrderFromJson,
} from '../api/fractional.ts';
import type { VaultChain } from '../chain.ts';
import { checkTakeQuantity, parseShares, shareQuote } from '../rules.ts';

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Cheapest first; equal prices, the oldest first. */
export function cheapestFirst(listings: readonly ShareListing[]): ShareListing[] {
  return [...listings].sort((a, b) => {
    const pa = BigInt(a.order.pricePerShare);
    const pb = BigInt(b.order.pricePerShare);
    if (pa !== pb) return pa < pb ? -1 : 1;
    return a.createdAt.localeCompare(b.createdAt);
  });
}

export function ShareListings({
  ctx,
  v,
  chain,
}: {
  ctx: FracContext | null;
  v: FractionalVault;
  chain: VaultChain | null;
}) {
  const { t } = useTranslation('fractional');
  const language = currentLanguage();
  const symbols = useNetworkSymbols(v.networkId);
  const query = useQuery(listingsQueryOptions(v.networkId, v.vault));
  const [open, setOpen] = useState<string | null>(null);
  const rows = cheapestFirst((query.data?.data ?? []).filter((l) => BigInt(l.sharesLeft) > 0n));
  const chosen = rows.find((l) => l.orderHash === open) ?? null;
  return (
    <section className="frac" aria-labelledby="share-listings" data-testid="share-listings">
      <h2 id="share-listings">{t('listings.heading')}</h2>
      {rows.length === 0 ? (
        <p className="muted">{t('listings.empty')}</p>
      ) : (
        <Table
          head={[
            t('listings.seller'),
            t('listings.shares'),
            t('listings.pricePerShare'),
            t('listings.ends'),
            '',
          ]}
        >
          {rows.map((l) => (
            <tr key={l.orderHash}>
              <td>
                <Address address={l.order.maker} copy={false} />
              </td>
              <td>{l.sharesLeft}</td>
              <td>
                <Amount wei={weiFromWire(l.order.pricePerShare)} symbol={symbols.native} />
              </td>
              <td>{formatDateTime(Number(l.order.endTime) * 1000, language)}</td>
              <td>
                {ctx && chain && same(l.order.maker, ctx.address) ? (
                  <CancelListing ctx={ctx} v={v} listing={l} />
                ) : ctx && chain ? (
                  <Button
                    variant="secondary"
                    aria-expanded={open === l.orderHash}
                    aria-label={t('listings.takeLabel', {
                      seller: l.order.maker,
                      price: formatPrice(l, symbols.native, language),
                    })}
                    onClick={() => setOpen(open === l.orderHash ? null : l.orderHash)}
                  >
                    {t('listings.take')}
                  </Button>
                ) : null}
              </td>
            </tr>
          ))}
        </Table>
      )}
      {ctx && chain && chosen ? (
        <TakeForm key={chosen.orderHash} ctx={ctx} v={v} chain={chain} listing={chosen} />
      ) : null}
    </section>
  );
}

/** A price per share as words for a screen reader's button name ('0.5 VBC'). */
function formatPrice(l: ShareListing, symbol: string, language: Language): string {
  return `${moneyText(weiFromWire(l.order.pricePerShare), language)} ${symbol}`;
}

function TakeForm({
  ctx,
  v,
  chain,
  listing,
}: {
  ctx: FracContext;
  v: FractionalVault;
  chain: VaultChain;
  listing: ShareListing;
}) {
  const { t } = useTranslation('fractional');
  const symbols = useNetworkSymbols(v.networkId);
  const runner = useWrite(CHANGES.fractional, listing.orderHash);
  const left = BigInt(listing.sharesLeft);
  const [text, setText] = useState(listing.sharesLeft);
  const order = shareOrderFromJson(listing.order);
  const count = parseShares(text) ?? 0n;
  const price = shareQuote(count, order.pricePerShare, chain.feeBps, order.maxFeeBps);
  const onTake = () => {
    const checked = checkTakeQuantity(text, left);
    if (!checked.ok) return runner.refuse(checked.error);
    return runner.run((s) =>
      takeListing(
        ctx,
        { vault: v.vault, order, signature: listing.signature, shares: checked.value },
        s,
      ),
    );
  };
  return (
    <div className="frac__step" data-testid="take-form">
      <TextField
        label={t('listings.quantity')}
        inputMode="numeric"
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <PriceLines price={price} symbol={symbols.native} />
      <RequiresNetwork>
        {(offline) => (
          <Button busy={runner.busy} disabled={offline} onClick={onTake}>
            {t('listings.submit')}
          </Button>
        )}
      </RequiresNetwork>
      <WriteStatus state={runner.state} done={t('listings.taken')} />
    </div>
  );
}

function CancelListing({
  ctx,
  v,
  listing,
}: {
  ctx: FracContext;
  v: FractionalVault;
  listing: ShareListing;
}) {
  const { t } = useTranslation('fractional');
  const runner = useWrite(CHANGES.fractional);
  const order = shareOrderFromJson(listing.order);
  return (
    <>
      <span className="muted">{t('listings.yours')} </span>
      <Button
        variant="secondary"
        busy={runner.busy}
        onClick={() => runner.run((s) => cancelListing(ctx, { vault: v.vault, order }, s))}
      >
        {t('listings.cancel')}
      </Button>
      <WriteStatus state={runner.state} done={t('listings.cancelled')} />
    </>
  );
}

const DAYS = [1, 7, 30] as const;

/** A holder lists shares: how many, the price per share, for how long; signed, no gas. */
export function ListSharesForm({
  ctx,
  v,
  chain,
  shares,
}: {
  ctx: FracContext;
  v: FractionalVault;
  chain: VaultChain;
  shares: bigint;
}) {
  const { t } = useTranslation('fractional');
  const id = useId();
  const symbols = useNetworkSymbols(v.networkId);
  const runner = useWrite(CHANGES.fractional);
  const [count, setCount] = useState('');
  const [price, setPrice] = useState('');
  const [days, setDays] = useState<number>(7);
  const n = parseShares(count);
  const p = parseAmount(price);
  const onList = () => {
    const checked = checkTakeQuantity(count, shares);
    if (!checked.ok)
      return runner.refuse(checked.error === 'shareListingNotEnough' ? 'invalid' : checked.error);
    if (p === null || p === 0n) return runner.refuse('invalidSharePrice');
    return runner.run(async () =>
      listShares(ctx, {
        vault: v.vault,
        shares: checked.value,
        pricePerShare: p,
        startTime: chain.now - 60n,
        endTime: chain.now + BigInt(days) * 86_400n,
        maxFeeBps: chain.feeBps,
        symbol: symbols.native,
      }),
    );
  };
  return (
    <section className="frac" aria-labelledby={`${id}-h`} data-testid="list-shares">
      <h2 id={`${id}-h`}>{t('list.heading')}</h2>
      <TextField
        label={t('list.shares', { count: String(shares) })}
        inputMode="numeric"
        value={count}
        onChange={(e) => setCount(e.target.value)}
      />
      <TextField
        label={t('list.price', { symbol: symbols.native })}
        inputMode="decimal"
        value={price}
        onChange={(e) => setPrice(e.target.value)}
      />
      <div className="field">
        <label htmlFor={`${id}-days`}>{t('list.expiry')}</label>
        <select id={`${id}-days`} value={days} onChange={(e) => setDays(Number(e.target.value))}>
          {DAYS.map((d) => (
            <option key={d} value={d}>
              {t('list.days', { count: d })}
            </option>
          ))}
        </select>
      </div>
      {n && p ? (
        <PriceLines price={shareQuote(n, p, chain.feeBps, chain.feeBps)} symbol={symbols.native} />
      ) : null}
      <p className="muted">{t('list.hint')}</p>
      <Button busy={runner.busy} onClick={onList}>
        {t('list.submit')}
      </Button>
      <WriteStatus
        state={runner.state}
        done={runner.state.queued ? t('list.queued') : t('list.listed')}
      />
    </section>
  );
}
