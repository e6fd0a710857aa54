/**
 * The buyout of the whole item (a reserve auction in the wrapped coin, FractionalVault.bid): the
 * rules in one paragraph, the highest bid and who holds it, the countdown, the least next bid
 * (the reserve, then 5% more), Start or Raise; once the end has passed, Settle; then the outcome.
 * The user who led and was outbid is told so (their coin came back in the same transaction).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CountdownAnnouncer } from '#web/components/panels/countdown-announcer.tsx';
import { Address } from '#web/components/ui/address.tsx';
import { Amount } from '#web/components/ui/amount.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { TextField } from '#web/components/ui/field.tsx';
import { useNetworkSymbols } from '#web/lib/networks.ts';
import { CHANGES } from '#web/lib/query-changes.ts';
import { RequiresNetwork } from '#web/pwa/requires-network.tsx';
import { amountText } from '#web/wallet/amounts.ts';
import { useWrite } from '#web/wallet/write/use-write.ts';
import { WriteStatus } from '#web/wallet/write/write-status.tsx';
import { type FracContext, placeBuyout, settleBuyout } from '../actions.ts';
import type { FractionalVault } from '../api/fractional.ts';
import type { VaultChain } from '../chain.ts';
import { buyoutMinimum, checkBuyoutBid } from '../rules.ts';
import { useWalletBalances } from './use-fractional.ts';
import { TimeLeft } from './vault-screen.tsx';

const same = (a: string | null, b: string | undefined) =>
  a !== null && b !== undefined && a.toLowerCase() === b.toLowerCase();

/** True once the user led the buyout and someone else now does (seen while the page is open). */
function useOutbid(bidder: string | null, me: string | undefined): boolean {
  const led = useRef(false);
  const [outbid, setOutbid] = useState(false);
  useEffect(() => {
    if (same(bidder, me)) {
      led.current = true;
      setOutbid(false);
    } else if (led.current && bidder !== null) setOutbid(true);
  }, [bidder, me]);
  return outbid;
}

export function BuyoutPanel({
  ctx,
  v,
  chain,
}: {
  ctx: FracContext | null;
  v: FractionalVault;
  chain: VaultChain;
}) {
  const { t } = useTranslation('fractional');
  const id = useId();
  const symbols = useNetworkSymbols(v.networkId);
  const outbid = useOutbid(chain.bidder, ctx?.address);
  const live = chain.state === 'LIVE';
  return (
    <section className="frac" aria-labelledby={`${id}-h`} data-testid="buyout">
      <h2 id={`${id}-h`}>{t('buyout.heading')}</h2>
      <p className="muted">{t('buyout.explain', { wrapped: symbols.wrapped })}</p>
      {live || chain.state === 'SUCCEEDED' ? (
        <dl className="facts">
          <dt>{t('buyout.current')}</dt>
          <dd data-testid="buyout-bid">
            <Amount wei={chain.bid} symbol={symbols.wrapped} />
          </dd>
          <dt>{t('buyout.bidder')}</dt>
          <dd>
            {chain.bidder ? <Address address={chain.bidder} copy={false} /> : null}
            {same(chain.bidder, ctx?.address) ? ` (${t('buyout.you')})` : null}
          </dd>
        </dl>
      ) : null}
      {live && outbid ? (
        <p role="status" data-testid="outbid">
          {t('buyout.outbid', { wrapped: symbols.wrapped })}
        </p>
      ) : null}
      {live && same(chain.bidder, ctx?.address) ? <p>{t('buyout.leading')}</p> : null}
      <BuyoutBody ctx={ctx} v={v} chain={chain} />
    </section>
  );
}

function BuyoutBody({
  ctx,
  v,
  chain,
}: {
  ctx: FracContext | null;
  v: FractionalVault;
  chain: VaultChain;
}) {
  const { t } = useTranslation('fractional');
  const symbols = useNetworkSymbols(v.networkId);
  if (chain.state === 'SUCCEEDED') {
    return (
      <p data-testid="buyout-outcome">
        {t('buyout.succeeded', { amount: `${amountText(chain.bid)} ${symbols.wrapped}` })}
      </p>
    );
  }
  if (chain.state === 'FAILED') return <p data-testid="buyout-outcome">{t('buyout.failed')}</p>;
  if (chain.state === 'REDEEMED') return <p data-testid="buyout-outcome">{t('buyout.redeemed')}</p>;
  if (chain.state === 'IDLE' && chain.now < chain.saleEnd) return <p>{t('buyout.afterSale')}</p>;
  if (chain.state === 'LIVE' && chain.now >= chain.endsAt) {
    return (
      <>
        <p>{t('buyout.ended')}</p>
        {ctx ? <Settle ctx={ctx} vault={v.vault} /> : null}
      </>
    );
  }
  return (
    <>
      {chain.state === 'LIVE' ? <Countdown endsAt={chain.endsAt} now={chain.now} /> : null}
      {ctx ? <BidForm ctx={ctx} v={v} chain={chain} /> : null}
    </>
  );
}

function Countdown({ endsAt, now }: { endsAt: bigint; now: bigint }) {
  const { t } = useTranslation('fractional');
  const until = Date.now() + Number(endsAt - now) * 1000;
  return (
    <>
      <p>
        {t('buyout.endsIn', { time: '' })}
        <TimeLeft until={until} />
      </p>
      <CountdownAnnouncer seconds={Number(endsAt - now)} />
    </>
  );
}

function Settle({ ctx, vault }: { ctx: FracContext; vault: string }) {
  const { t } = useTranslation('fractional');
  const runner = useWrite(CHANGES.fractional);
  return (
    <>
      <RequiresNetwork>
        {(offline) => (
          <Button
            busy={runner.busy}
            disabled={offline}
            onClick={() => runner.run((s) => settleBuyout(ctx, vault, s))}
          >
            {t('buyout.settle')}
          </Button>
        )}
      </RequiresNetwork>
      <WriteStatus state={runner.state} done={t('buyout.settled')} />
    </>
  );
}

/** The amount, the least accepted, what the wallet will ask (wrap, allow, bid), Start or Raise. */
function BidForm({ ctx, v, chain }: { ctx: FracContext; v: FractionalVault; chain: VaultChain }) {
  const { t } = useTranslation('fractional');
  const symbols = useNetworkSymbols(v.networkId);
  const balances = useWalletBalances(ctx);
  const runner = useWrite(CHANGES.fractional);
  const current = chain.state === 'LIVE' ? chain.bid : null;
  const minimum = buyoutMinimum(chain.reservePrice, current);
  const [text, setText] = useState(amountText(minimum));
  const mine = same(chain.bidder, ctx.address);
  const onBid = () => {
    const checked = checkBuyoutBid(text, chain.reservePrice, current);
    if (!checked.ok) return runner.refuse(checked.error);
    const amount = checked.value;
    const pull = mine && current !== null ? amount - current : amount;
    const wrapper = balances.data?.wrapper ?? 0n;
    const wrap = wrapper >= pull ? 0n : pull - wrapper;
    if (wrap > 0n && (balances.data?.account ?? 0n) < wrap) {
      return runner.refuse('notEnoughWrapper', 'wrapMore');
    }
    return runner.run((s) => placeBuyout(ctx, { vault: v.vault, amount, pull, wrap }, s));
  };
  return (
    <div className="frac__step" data-testid="buyout-form">
      <p>
        {t('buyout.minimum')}
        <Amount wei={minimum} symbol={symbols.wrapped} />
      </p>
      <TextField
        label={t('buyout.amount', { symbol: symbols.wrapped })}
        inputMode="decimal"
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <p className="muted">
        {t('buyout.steps', { native: symbols.native, wrapped: symbols.wrapped })}
      </p>
      <RequiresNetwork>
        {(offline) => (
          <Button busy={runner.busy} disabled={offline} onClick={onBid}>
            {current === null ? t('buyout.start') : t('buyout.raise')}
          </Button>
        )}
      </RequiresNetwork>
      <WriteStatus state={runner.state} done={t('buyout.placed')} />
    </div>
  );
}
