/**
 * What the user holds of a drop, on its page and on their profile: pre-orders INCOMING until
 * delivered, or refundable from the deadline with a one-tap refund of exactly what is owed;
 * editions and tickets with their number ("No. 3 of 50"); magic bags sealed, then revealed with
 * the pool item each holds, opened with the server's proof, or refunded if still sealed at the
 * deadline.
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bagPoolIndex } from '#contracts/drops/pool.ts';
import { moneyText, weiFromWire } from '#shared/money.ts';
import type { DropDetail, DropPurchase } from '#shared/schemas/drops.ts';
import { Button } from '#web/components/ui/button.tsx';
import { currentLanguage } from '#web/lib/i18n.ts';
import { useNetworkSymbols } from '#web/lib/networks.ts';
import { CHANGES } from '#web/lib/query-changes.ts';
import { useWrite } from '#web/wallet/write/use-write.ts';
import { WriteStatus } from '#web/wallet/write/write-status.tsx';
import { type DropContext, openBag, refund, refundBag, type Stage } from '../actions.ts';
import { bagProof, holdingQueryOptions, purchasesQueryOptions } from '../api/drops.ts';
import { preOrderStatus } from '../rules.ts';
import { unix } from './use-drops.ts';

/** The serials the user bought of `drop` (editions, tickets, bags), from their ledger. */
function serialsOf(ledger: DropPurchase[] | undefined, drop: DropDetail, type = 'PURCHASE') {
  const out: number[] = [];
  for (const p of ledger ?? []) {
    if (p.type !== type || p.dropId !== drop.dropId || p.networkId !== drop.networkId) continue;
    if (p.firstTokenId === null) continue;
    const first = Number(BigInt(p.firstTokenId) & 0xffffffffn);
    for (let i = 0; i < (type === 'OPEN' ? 1 : p.quantity); i++) out.push(first + i);
  }
  return out.sort((a, b) => a - b);
}

export function MyItems({ ctx, drop, now }: { ctx: DropContext; drop: DropDetail; now: number }) {
  const { t } = useTranslation('drops');
  const id = useId();
  const holding = useQuery(holdingQueryOptions(drop, ctx.address));
  const ledger = useQuery(purchasesQueryOptions(ctx.address));
  const h = holding.data;
  if (!h || h.bought === 0) return null;
  return (
    <section className="drop__box" aria-labelledby={id} data-testid="drop-mine">
      <h2 id={id}>{t('mine.heading')}</h2>
      {drop.kind === 'PRE_ORDER' ? <PreOrderItems ctx={ctx} drop={drop} now={now} /> : null}
      {drop.kind === 'EDITION' || drop.kind === 'TICKET' ? (
        <ul className="drop__list">
          {serialsOf(ledger.data?.data, drop).map((s) => (
            <li key={s}>{t('mine.edition', { serial: s, total: drop.total })}</li>
          ))}
        </ul>
      ) : null}
      {drop.kind === 'MAGIC_BAG' ? (
        <Bags
          ctx={ctx}
          drop={drop}
          now={now}
          serials={serialsOf(ledger.data?.data, drop)}
          opened={serialsOf(ledger.data?.data, drop, 'OPEN')}
        />
      ) : null}
    </section>
  );
}

function PreOrderItems({ ctx, drop, now }: { ctx: DropContext; drop: DropDetail; now: number }) {
  const { t } = useTranslation(['drops', 'common']);
  const symbols = useNetworkSymbols(drop.networkId);
  const symbol = drop.wrapped ? symbols.wrapped : symbols.native;
  const holding = useQuery(holdingQueryOptions(drop, ctx.address));
  const runner = useWrite<Stage>(CHANGES.drop);
  const h = holding.data!;
  const status = preOrderStatus(h, unix(drop.deliveryDeadline), now);
  const owed = BigInt(status.waiting) * weiFromWire(drop.pricePerItem);
  const amount = `${moneyText(owed, currentLanguage())} ${symbol}`;
  return (
    <>
      {status.waiting > 0 && !status.refundable ? (
        <p>
          <span className="badge">{t('common:status.INCOMING')}</span>{' '}
          {t('mine.incoming', { count: status.waiting })}
        </p>
      ) : null}
      {status.delivered > 0 ? <p>{t('mine.delivered', { count: status.delivered })}</p> : null}
      {status.refunded > 0 ? <p>{t('mine.refunded', { count: status.refunded })}</p> : null}
      {status.refundable ? (
        <>
          <p>{t('mine.refundable', { amount })}</p>
          <Button busy={runner.busy} onClick={() => runner.run((s) => refund(ctx, drop, s))}>
            {t('mine.refund', { amount })}
          </Button>
        </>
      ) : null}
      <WriteStatus state={runner.state} stages="drops:stage" done={t('mine.refundedDone')} />
    </>
  );
}

function Bags(p: {
  ctx: DropContext;
  drop: DropDetail;
  now: number;
  serials: number[];
  opened: number[];
}) {
  const { t } = useTranslation('drops');
  const runner = useWrite<Stage>(CHANGES.drop);
  const [done, setDone] = useState('');
  const bag = p.drop.bag;
  const sealed = p.serials.filter((s) => !p.opened.includes(s));
  const late = p.now >= unix(p.drop.deliveryDeadline);
  const open = (serial: number) =>
    runner.run(async (s) => {
      setDone(t('bag.opened'));
      const proof = await bagProof(p.drop, serial);
      return openBag(p.ctx, proof, s);
    });
  const back = (serial: number) => {
    setDone(t('mine.refundedDone'));
    const tokenId = ((BigInt(p.drop.dropId) << 32n) | BigInt(serial)).toString();
    return runner.run((s) => refundBag(p.ctx, tokenId, s));
  };
  return (
    <>
      <p>{t('mine.sealed', { count: sealed.length })}</p>
      <ul className="drop__list">
        {p.serials.map((serial) => (
          <li key={serial}>
            {bag?.revealed && bag.offset !== null
              ? t('bag.yourBag', {
                  serial,
                  index: bagPoolIndex(serial, bag.offset, p.drop.total),
                })
              : t('mine.edition', { serial, total: p.drop.total })}
            {bag?.revealed && sealed.includes(serial) && !late ? (
              <Button variant="secondary" busy={runner.busy} onClick={() => open(serial)}>
                {t('bag.open', { serial })}
              </Button>
            ) : null}
            {sealed.includes(serial) && late ? (
              <Button variant="secondary" busy={runner.busy} onClick={() => back(serial)}>
                {t('bag.refundBag', { serial })}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      <WriteStatus state={runner.state} stages="drops:stage" done={done} />
    </>
  );
}
