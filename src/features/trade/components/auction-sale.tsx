import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { weiFromWire } from '#shared/money.ts';
import { claimWindow } from '#shared/orders.ts';
import type { Order as StoredOrder } from '#shared/schemas/entities.ts';
import { CountdownAnnouncer } from '#web/components/panels/countdown-announcer.tsx';
import { Amount } from '#web/components/ui/amount.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { TextField } from '#web/components/ui/field.tsx';
import type { ErrorKey } from '#web/lib/errors.ts';
import { formatDateTime } from '#web/lib/format.ts';
import { currentLanguage } from '#web/lib/i18n.ts';
import { BID_PLACED_EVENT } from '#web/lib/live.ts';
import { CHANGES } from '#web/lib/query-changes.ts';
import { isOnline, useOnline } from '#web/pwa/online.ts';
import { amountText } from '#web/wallet/amounts.ts';
import { useWrite } from '#web/wallet/write/use-write.ts';
import { WriteStatus } from '#web/wallet/write/write-status.tsx';
import {
  approveWrapper,
  bid,
  bidAllowanceShort,
  claim,
  recordMyBid,
  type TradeContext,
  wrapForBid,
} from '../actions.ts';
import { allowanceQueryOptions, bidsQueryOptions } from '../api/queries.ts';
import type { Target } from '../api/trade.ts';
import { auctionPhase, bidFunding, checkPrice, leastBid } from '../pricing.ts';
import { sameAddress, TakeOffSale } from './fixed-sale.tsx';
import { useBalances, useChainClock } from './use-trade.ts';
import { WrapOffer } from './wrap-offer.tsx';

type Props = {
  ctx: TradeContext;
  order: StoredOrder;
  collection: string;
  target: Target;
  /** The item's id for the bid list (NFT item id or set id). */
  itemId: number;
  symbol: string;
};

const signedEnd = (order: StoredOrder) =>
  BigInt(String((order.message as { endTime?: string }).endTime ?? '0'));
const effectiveEnd = (order: StoredOrder) =>
  BigInt(Math.floor(new Date(order.endTime ?? 0).getTime() / 1000));
const dateOf = (seconds: bigint) => formatDateTime(Number(seconds) * 1000, currentLanguage());

/** Re-renders every second (the countdown). */
function useTick(): void {
  const [, setTick] = useState(0);
  useEffect(() => {
    const id = setInterval(() => setTick((n) => n + 1), 1000);
    return () => clearInterval(id);
  }, []);
}

function Countdown({ seconds }: { seconds: bigint }) {
  const { t } = useTranslation('trade');
  const s = Number(seconds);
  const time = t('countdown', {
    d: Math.floor(s / 86_400),
    h: Math.floor((s % 86_400) / 3600),
    m: Math.floor((s % 3600) / 60),
    s: s % 60,
  });
  return (
    <>
      <p>{t('bid.endsIn', { time })}</p>
      <CountdownAnnouncer seconds={s} />
    </>
  );
}

/**
 * A re-bid from the outbox: its one tap opens this page with the amount to bid (wei) in the
 * history entry's state, which a link from elsewhere cannot set, and the form places it at once;
 * the wallet's signature prompt is the confirmation. Null when the page was opened otherwise.
 */
function useRebid(): bigint | null {
  const raw = (useLocation().state as { rebid?: unknown } | null)?.rebid;
  return typeof raw === 'string' && /^\d+$/.test(raw) ? BigInt(raw) : null;
}

/**
 * Places the outbox's re-bid (useRebid) once `ready` (the balances known): the state is dropped
 * first, so a reload or a step back does not bid again.
 */
function usePlaceRebid(rebid: bigint | null, ready: boolean, place: (amount: bigint) => void) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const done = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, when it is ready
  useEffect(() => {
    if (rebid === null || !ready || done.current) return;
    done.current = true;
    void navigate(`${pathname}${search}`, { replace: true, state: null });
    place(rebid);
  }, [rebid, ready]);
}

/**
 * Whether the WVBC allowance as last read online covers `amount`: offline, a bid it does not
 * cover (a first bid: the allowance is a transaction) is told so before signing, not queued to
 * be refused later. Never read: assumed to cover (the server has the last word).
 */
function useAllowanceCovers(ctx: TradeContext, online: boolean): (amount: bigint) => boolean {
  const allowance = useQuery({
    ...allowanceQueryOptions(ctx.network, ctx.address),
    enabled: online,
  });
  return (amount) => allowance.data === undefined || allowance.data >= amount;
}

/**
 * The bid form: the least bid shown and prefilled; backed by WVBC minus the locked bids, and
 * when that falls short, an offer to wrap the difference (VBC kept for gas) before the bid. Offline
 * it checks against the last known highest bid and balance, says these may have changed, signs,
 * and leaves the bid waiting in the outbox; a bid the last known WVBC allowance does not cover
 * needs a connection (the allowance is a transaction).
 */
function BidForm(p: Props & { highest: bigint | null; end: bigint; mine: boolean }) {
  const { t } = useTranslation(['trade', 'outbox']);
  const online = useOnline();
  const least = leastBid(weiFromWire(p.order.price), p.highest);
  const rebid = useRebid();
  const [text, setText] = useState(() => amountText(rebid ?? least));
  useFollowLeast(least, text, setText);
  const [fieldError, setFieldError] = useState<ErrorKey | undefined>();
  const balances = useBalances(p.ctx);
  const allowanceCovers = useAllowanceCovers(p.ctx, online);
  const runner = useWrite(CHANGES.bid);
  const [allowing, setAllowing] = useState(false);
  const [offer, setOffer] = useState<{ amount: bigint; wrap: bigint } | null>(null);
  const place = async (typed: string) => {
    const checked = checkPrice(typed);
    setFieldError(checked.ok ? undefined : checked.error);
    if (!checked.ok) return;
    if (checked.value < least) return runner.refuse(p.highest ? 'bidTooLow' : 'bidBelowReserve');
    const funding = balances.data ? bidFunding(checked.value, balances.data) : null;
    setOffer(null);
    // Short of WVBC: wrap the difference in the same flow (a transaction: online only).
    if (funding && 'wrap' in funding && online) {
      runner.reset();
      return setOffer({ amount: checked.value, wrap: funding.wrap });
    }
    if (funding) return runner.refuse('notEnoughWrapper', 'wrapMore');
    await send(checked.value);
  };
  /** Wraps `wrap` first when given, asks the WVBC allowance if it was never given, then bids. */
  const send = async (amount: bigint, wrap?: bigint) => {
    setOffer(null);
    const b = balances.data;
    if (!(isOnline() || allowanceCovers(amount + (b?.lockedBids ?? 0n)))) {
      return runner.refuse('allowanceNeedsConnection');
    }
    const placed = await runner.run(async (onStage) => {
      if (wrap) {
        const wrapped = await wrapForBid(p.ctx, wrap, onStage);
        if (!wrapped.ok) return wrapped;
      }
      if (isOnline() && (await bidAllowanceShort(p.ctx, amount, b?.lockedBids ?? 0n))) {
        setAllowing(true);
        const allowed = await approveWrapper(p.ctx, onStage);
        setAllowing(false);
        if (!allowed.ok) return allowed;
      }
      onStage('signing');
      return bid(p.ctx, { ...p, amount, endsAt: p.end });
    });
    // the moment to offer system notifications (src/features/notifications)
    if (placed.ok) window.dispatchEvent(new Event(BID_PLACED_EVENT));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void place(text);
  };
  // Outbid again since the outbox offered it: the form shows the new least bid and says why.
  usePlaceRebid(rebid, !balances.isPending, (amount) => {
    if (amount >= least) return void place(amountText(amount));
    setText(amountText(least));
    runner.refuse(p.highest ? 'bidTooLow' : 'bidBelowReserve');
  });
  return (
    <form onSubmit={submit} noValidate className="trade__form">
      <p>
        {t('bid.minimum')}
        <Amount wei={least} symbol={p.symbol} />
      </p>
      {balances.data ? (
        <p>
          {t('bid.available')}
          <Amount wei={balances.data.wrapper - balances.data.lockedBids} symbol={p.symbol} />
        </p>
      ) : null}
      <TextField
        label={t('bid.amount', { symbol: p.symbol })}
        inputMode="decimal"
        autoComplete="off"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOffer(null);
        }}
        error={fieldError}
        required
      />
      {online ? null : (
        <p className="trade__stale">{t('outbox:bid.stale', { wrapped: p.symbol })}</p>
      )}
      <p>{t('bid.noCancel')}</p>
      {allowing ? <p>{t('bid.allowance', { wrapped: p.symbol })}</p> : null}
      {offer ? (
        <WrapOffer
          wrap={offer.wrap}
          networkId={p.ctx.network.networkId}
          busy={runner.busy}
          onAccept={() => void send(offer.amount, offer.wrap)}
        />
      ) : null}
      {/* One primary action: wrapping and bidding while WVBC is short, else the bid; none
          while the user's bid is the highest (raising it is possible, not the next step). */}
      <Button type="submit" variant={offer || p.mine ? 'secondary' : 'primary'} busy={runner.busy}>
        {p.mine ? t('bid.raise') : t('bid.submit')}
      </Button>
      <WriteStatus
        state={runner.state}
        done={runner.state.queued ? t('outbox:bid.queued') : t('bid.sent')}
      />
    </form>
  );
}

/**
 * The amount field follows the least bid when that moves (outbid, or the user's own bid now the
 * highest): an amount under the new least is replaced by it, a higher one typed is kept.
 */
function useFollowLeast(least: bigint, text: string, setText: (text: string) => void) {
  const previous = useRef(least);
  useEffect(() => {
    if (previous.current === least) return;
    previous.current = least;
    const typed = checkPrice(text);
    if (!typed.ok || typed.value < least) setText(amountText(least));
  }, [least, text, setText]);
}

/** The top bidder's protection: their bid on chain, in escrow, before claims open. */
function RecordBid(p: Props & { amount: bigint; receipt: string }) {
  const { t } = useTranslation('trade');
  const runner = useWrite(CHANGES.bid);
  return (
    <div className="trade__step">
      <p>{t('bid.recordHint', { wrapped: p.symbol })}</p>
      <Button
        variant="secondary"
        busy={runner.busy}
        onClick={() =>
          runner.run((s) =>
            recordMyBid(p.ctx, { order: p.order, amount: p.amount, receipt: p.receipt }, s),
          )
        }
      >
        {t('bid.record')}
      </Button>
      <WriteStatus state={runner.state} done={t('bid.recorded')} />
    </div>
  );
}

/** After the end: when claims open and close, and Claim for the winner or the seller. */
function ClaimBox(p: Props) {
  const { t } = useTranslation('trade');
  const runner = useWrite(CHANGES.order);
  const { opens, closes } = claimWindow(signedEnd(p.order));
  return (
    <div className="trade__step">
      <p>{t('bid.ended')}</p>
      <p>{t('bid.claimsOpenAt', { date: dateOf(opens) })}</p>
      <p>{t('bid.claimsCloseAt', { date: dateOf(closes) })}</p>
      <Button
        busy={runner.busy}
        onClick={() =>
          runner.run((s) =>
            claim(
              p.ctx,
              { target: p.target, orderHash: p.order.orderHash, collection: p.collection },
              s,
            ),
          )
        }
      >
        {t('bid.claim')}
      </Button>
      <WriteStatus state={runner.state} done={t('bid.claimed')} />
    </div>
  );
}

/**
 * An auction: the countdown to the effective end (late bids move it), the highest bid and
 * whether it is the user's, the bid form while bidding, recordBid for the top bidder until
 * claims open, then the claim window; the seller may take it off sale before the end.
 */
export function AuctionSale(p: Props) {
  const { t } = useTranslation('trade');
  useTick();
  const clock = useChainClock(p.ctx.network);
  const bids = useQuery(bidsQueryOptions(p.target, p.itemId));
  const now = clock();
  const top = bids.data?.data.find(
    (b) => b.isHighest && b.orderHash.toLowerCase() === p.order.orderHash.toLowerCase(),
  );
  const highest = top ? weiFromWire(top.amount) : null;
  const mine = top ? sameAddress(top.bidder, p.ctx.address) : false;
  const seller = sameAddress(p.order.maker, p.ctx.address);
  const end = effectiveEnd(p.order);
  const phase = now === null ? null : auctionPhase(signedEnd(p.order), end, now);
  return (
    <section className="trade" aria-labelledby="trade-auction-heading">
      <h2 id="trade-auction-heading">{t('bid.heading')}</h2>
      <p>{t('bid.endsAt', { date: dateOf(end) })}</p>
      {phase === 'bidding' && now !== null ? <Countdown seconds={end - now} /> : null}
      {mine ? <p className="badge">{t('bid.placed')}</p> : null}
      {phase === 'bidding' && !seller && bids.data ? (
        <BidForm {...p} highest={highest} end={end} mine={mine} />
      ) : null}
      {top?.onChain ? <p className="badge">{t('bid.onChain', { wrapped: p.symbol })}</p> : null}
      {mine &&
      highest !== null &&
      top?.receipt &&
      !top.onChain &&
      (phase === 'bidding' || phase === 'waiting') ? (
        <RecordBid {...p} amount={highest} receipt={top.receipt} />
      ) : null}
      {phase === 'waiting' || phase === 'claims' ? <ClaimBox {...p} /> : null}
      {phase === 'closed' ? <p>{t('bid.claimsClosed')}</p> : null}
      {seller && phase === 'bidding' ? (
        <TakeOffSale ctx={p.ctx} order={p.order} collection={p.collection} />
      ) : null}
    </section>
  );
}
