/**
 * Fractionalize (partners, from /studio or the NFT's page): the terms (shares, sale price per
 * share, limit per buyer, sale window, buyout reserve) checked per field as the factory checks
 * them, a sentence of what will happen, then two steps the wallet shows: allow the factory to take
 * this NFT, create the vault. Then a link to the new fractional page.
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { TextField } from '#web/components/ui/field.tsx';
import { paths } from '#web/config/paths.ts';
import type { ErrorKey } from '#web/lib/errors.ts';
import { useNetworkSymbols } from '#web/lib/networks.ts';
import { CHANGES } from '#web/lib/query-changes.ts';
import { RequiresNetwork } from '#web/pwa/requires-network.tsx';
import { amountText } from '#web/wallet/amounts.ts';
import { useWrite } from '#web/wallet/write/use-write.ts';
import { WriteStatus } from '#web/wallet/write/write-status.tsx';
import { approveForVault, type FracContext, fractionalize } from '../actions.ts';
import { partnerQueryOptions } from '../api/chain-queries.ts';
import { factoryOf } from '../chain.ts';
import { checkTerms, parseShares, type TermsInput } from '../rules.ts';
import './fractional.css';

export type FractionalizeTarget = { collectionAddr: string; tokenId: string; name: string };

/** A datetime-local value ('2026-11-27T10:00') of `ms` in the user's zone. */
export function localInput(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

const WEEK_MS = 7 * 24 * 3600 * 1000;

/** The share token's name and symbol, from the NFT's name (the wallet shows them). */
const tokenNames = (name: string) => ({ name: `${name.slice(0, 56)} shares`, symbol: 'SHARE' });

export function FractionalizeForm({ ctx, nft }: { ctx: FracContext; nft: FractionalizeTarget }) {
  const { t } = useTranslation('fractional');
  const partner = useQuery(partnerQueryOptions(ctx.network, ctx.address));
  if (!factoryOf(ctx.network)) return <p className="frac">{t('fractionalize.notOnNetwork')}</p>;
  if (partner.data === false) return <p className="frac">{t('fractionalize.partnersOnly')}</p>;
  if (!partner.data) return null;
  return <TermsForm ctx={ctx} nft={nft} />;
}

function TermsForm({ ctx, nft }: { ctx: FracContext; nft: FractionalizeTarget }) {
  const { t } = useTranslation('fractional');
  const id = useId();
  const symbols = useNetworkSymbols(ctx.network.networkId);
  const approve = useWrite(CHANGES.fractional);
  const create = useWrite(CHANGES.fractional);
  const [vault, setVault] = useState<string | null>(null);
  const [errors, setErrors] = useState<Partial<Record<keyof TermsInput, ErrorKey>>>({});
  const [input, setInput] = useState<TermsInput>(() => ({
    shares: '1000',
    pricePerShare: '',
    purchaseLimit: '100',
    saleStart: localInput(Date.now()),
    saleEnd: localInput(Date.now() + WEEK_MS),
    reservePrice: '',
  }));
  const set = (k: keyof TermsInput) => (e: { target: { value: string } }) =>
    setInput((i) => ({ ...i, [k]: e.target.value }));
  const now = BigInt(Math.floor(Date.now() / 1000));
  const checked = checkTerms(input, now);
  const target = { collection: nft.collectionAddr, tokenId: BigInt(nft.tokenId) };
  const onSubmit = async () => {
    const c = checkTerms(input, BigInt(Math.floor(Date.now() / 1000)));
    if (!c.ok) return setErrors(c.errors);
    setErrors({});
    const ok = await approve.run((s) => approveForVault(ctx, target, s));
    if (!ok.ok) return undefined;
    const made = await create.run((s) =>
      fractionalize(ctx, { ...target, terms: c.value, ...tokenNames(nft.name) }, s),
    );
    if (made.ok) setVault(made.value);
    return undefined;
  };
  const shares = parseShares(input.shares);
  const price = /^\d+([.,]\d+)?$/.test(input.pricePerShare.trim()) ? input.pricePerShare : null;
  const min = checked.ok ? checked.value.supply * checked.value.pricePerShare : null;
  return (
    <section className="frac" aria-labelledby={`${id}-h`} data-testid="fractionalize">
      <h2 id={`${id}-h`}>{t('fractionalize.heading')}</h2>
      <p>{t('fractionalize.intro')}</p>
      <TermsFields
        input={input}
        set={set}
        errors={errors}
        min={min}
        networkId={ctx.network.networkId}
      />
      <p className="muted">{t('fractionalize.unsold')}</p>
      {checked.ok && shares !== null && price ? (
        <p data-testid="fractionalize-summary">
          {t('fractionalize.summary', {
            shares: String(checked.value.supply),
            price: amountText(checked.value.pricePerShare),
            symbol: symbols.native,
            limit: String(checked.value.purchaseLimit),
            total: amountText(checked.value.supply * checked.value.pricePerShare),
          })}
        </p>
      ) : null}
      <p className="muted">{t('fractionalize.approveStep')}</p>
      <WriteStatus state={approve.state} done={t('fractionalize.approved')} kept={false} />
      <p className="muted">{t('fractionalize.submitStep')}</p>
      <RequiresNetwork>
        {(offline) => (
          <Button
            busy={approve.busy || create.busy}
            disabled={offline}
            onClick={() => void onSubmit()}
          >
            {t('fractionalize.submit')}
          </Button>
        )}
      </RequiresNetwork>
      <WriteStatus state={create.state} done={t('fractionalize.done')} />
      {vault ? (
        <Link to={paths.fractionalDetail.build({ networkId: ctx.network.networkId, vault })}>
          {t('fractionalize.view')}
        </Link>
      ) : null}
    </section>
  );
}

function TermsFields({
  input,
  set,
  errors,
  min,
  networkId,
}: {
  input: TermsInput;
  set: (k: keyof TermsInput) => (e: { target: { value: string } }) => void;
  errors: Partial<Record<keyof TermsInput, ErrorKey>>;
  /** The least reserve (shares x price) once both are valid. */
  min: bigint | null;
  networkId: number;
}) {
  const { t } = useTranslation('fractional');
  const symbols = useNetworkSymbols(networkId);
  return (
    <>
      <TextField
        label={t('fractionalize.shares')}
        inputMode="numeric"
        required
        value={input.shares}
        onChange={set('shares')}
        error={errors.shares}
      />
      <TextField
        label={t('fractionalize.pricePerShare', { symbol: symbols.native })}
        inputMode="decimal"
        required
        value={input.pricePerShare}
        onChange={set('pricePerShare')}
        error={errors.pricePerShare}
      />
      <TextField
        label={t('fractionalize.purchaseLimit')}
        inputMode="numeric"
        required
        value={input.purchaseLimit}
        onChange={set('purchaseLimit')}
        error={errors.purchaseLimit}
      />
      <TextField
        label={t('fractionalize.saleStart')}
        type="datetime-local"
        required
        value={input.saleStart}
        onChange={set('saleStart')}
        error={errors.saleStart}
      />
      <TextField
        label={t('fractionalize.saleEnd')}
        type="datetime-local"
        required
        value={input.saleEnd}
        onChange={set('saleEnd')}
        error={errors.saleEnd}
      />
      <TextField
        label={t('fractionalize.reserve', { wrapped: symbols.wrapped })}
        inputMode="decimal"
        required
        value={input.reservePrice}
        onChange={set('reservePrice')}
        error={errors.reservePrice}
        hint={t('fractionalize.reserveHint', {
          minimum: min === null ? '…' : amountText(min),
          wrapped: symbols.wrapped,
        })}
      />
    </>
  );
}
