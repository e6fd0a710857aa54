import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ItemsKind, SaleKind } from '#shared/orders.ts';
import { Button } from '#web/components/ui/button.tsx';
import { TextField } from '#web/components/ui/field.tsx';
import type { ErrorKey } from '#web/lib/errors.ts';
import { useNetworkSymbols } from '#web/lib/networks.ts';
import { approveCollection, list, needsApproval, type TradeContext } from '../actions.ts';
import { checkPrice, EXPIRY_PRESETS, type ExpiryPreset, expiryEnd } from '../pricing.ts';
import { RunStatus } from './run-status.tsx';
import { useChainClock, useRunner } from './use-trade.ts';

type Kind = 'fixed' | 'auction';

/** Sale type and expiry choices: native <select>s (keyboard and screen readers for free). */
function Choices(p: {
  kind: Kind;
  setKind: (k: Kind) => void;
  preset: ExpiryPreset;
  setPreset: (p: ExpiryPreset) => void;
}) {
  const { t } = useTranslation('trade');
  const kindId = useId();
  const presetId = useId();
  return (
    <>
      <div className="field">
        <label htmlFor={kindId}>{t('list.saleType')}</label>
        <select id={kindId} value={p.kind} onChange={(e) => p.setKind(e.target.value as Kind)}>
          <option value="fixed">{t('list.fixed')}</option>
          <option value="auction">{t('list.auction')}</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor={presetId}>
          {p.kind === 'auction' ? t('list.auctionEnd') : t('list.expiry')}
        </label>
        <select
          id={presetId}
          value={p.preset}
          onChange={(e) => p.setPreset(e.target.value as ExpiryPreset)}
        >
          {EXPIRY_PRESETS.map((x) => (
            <option key={x} value={x}>
              {t(`list.presets.${x}`)}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}

/** Step 1: the exchange's approval for the collection, asked once and shown as its own step. */
function ApprovalStep({ ctx, collection }: { ctx: TradeContext; collection: string }) {
  const { t } = useTranslation('trade');
  const runner = useRunner();
  const query = useQuery({
    queryKey: ['trade', 'approved', ctx.network.networkId, collection, ctx.address],
    queryFn: async () => !(await needsApproval(ctx, collection)),
  });
  if (query.data === undefined) return null;
  if (query.data) return <p className="trade__step">{t('list.approved')}</p>;
  return (
    <div className="trade__step">
      <p>{t('list.approveStep')}</p>
      <Button
        busy={runner.busy}
        onClick={() => runner.run((s) => approveCollection(ctx, collection, s))}
      >
        {t('list.approve')}
      </Button>
      <RunStatus state={runner.state} done={t('list.approved')} />
    </div>
  );
}

export type ListTarget = {
  collection: string;
  tokenIds: bigint[];
  itemsKind: ItemsKind;
  name?: string;
};

/**
 * Put on sale: fixed price in the native coin or an auction in the wrapped token with a
 * reserve; the end by preset (1 day, 7 days, 30 days, 6 months) or a custom date; then the
 * approval step (once per collection) and the listing signature.
 */
export function ListForm({ ctx, target }: { ctx: TradeContext; target: ListTarget }) {
  const { t } = useTranslation('trade');
  const symbols = useNetworkSymbols(ctx.network.networkId);
  const now = useChainClock(ctx.network);
  const [kind, setKind] = useState<Kind>('fixed');
  const [preset, setPreset] = useState<ExpiryPreset>('7d');
  const [price, setPrice] = useState('');
  const [custom, setCustom] = useState('');
  const [fieldError, setFieldError] = useState<{ price?: ErrorKey; date?: ErrorKey }>({});
  const runner = useRunner();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkPrice(price);
    const start = Number(now() ?? BigInt(Math.floor(Date.now() / 1000)));
    const end = expiryEnd(preset, start, custom);
    setFieldError({
      ...(checked.ok ? {} : { price: checked.error }),
      ...(end === null ? { date: custom ? 'invalid' : 'require' } : {}),
    });
    if (!checked.ok || end === null) return;
    await runner.run(() =>
      list(ctx, {
        collection: target.collection,
        tokenIds: target.tokenIds,
        itemsKind: target.itemsKind,
        saleKind: kind === 'auction' ? SaleKind.AUCTION : SaleKind.FIXED_PRICE,
        price: checked.value,
        startTime: BigInt(start - 60),
        endTime: end,
        ...(target.name ? { name: target.name } : {}),
      }),
    );
  };
  const symbol = kind === 'auction' ? symbols.wrapped : symbols.native;
  return (
    <section className="trade" aria-labelledby="trade-list-heading">
      <h2 id="trade-list-heading">{t('list.heading')}</h2>
      <ApprovalStep ctx={ctx} collection={target.collection} />
      <form onSubmit={submit} noValidate className="trade__form">
        <Choices kind={kind} setKind={setKind} preset={preset} setPreset={setPreset} />
        {preset === 'custom' ? (
          <TextField
            label={t('list.customDate')}
            type="datetime-local"
            value={custom}
            onChange={(e) => setCustom(e.target.value)}
            error={fieldError.date}
            required
          />
        ) : null}
        <TextField
          label={kind === 'auction' ? t('list.reserve', { symbol }) : t('list.price', { symbol })}
          inputMode="decimal"
          autoComplete="off"
          value={price}
          onChange={(e) => setPrice(e.target.value)}
          error={fieldError.price}
          required
        />
        <p>{t('list.signStep')}</p>
        <Button type="submit" busy={runner.busy}>
          {t('list.submit')}
        </Button>
        <RunStatus state={runner.state} done={t('list.listed')} />
      </form>
    </section>
  );
}
