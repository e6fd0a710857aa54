import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '#web/components/ui/field.tsx';
import { ownedNotForSaleQueryOptions } from '../api/queries.ts';
import type { GroupErrors, GroupInput, GroupKind } from '../pricing.ts';

/** The owner's other items of the collection that are not on sale (candidates for a group). */
function useOwnedOthers(owner: string, collection: string, tokenId: bigint) {
  return useQuery({
    ...ownedNotForSaleQueryOptions(owner, collection),
    select: (b) => b.data.filter((n) => BigInt(n.tokenId) !== tokenId && !n.isSet && !n.isBundle),
  });
}

/**
 * What to sell: this NFT, or it with other items of the owner in the collection as a set (sold
 * whole) or a bundle (the buyer picks; a discount percent from a minimum count).
 */
export function GroupFields(p: {
  owner: string;
  collection: string;
  tokenId: bigint;
  value: GroupInput;
  onChange: (next: GroupInput) => void;
  errors: GroupErrors;
}) {
  const { t } = useTranslation(['trade', 'errors']);
  const kindId = useId();
  const others = useOwnedOthers(p.owner, p.collection, p.tokenId);
  const set = (patch: Partial<GroupInput>) => p.onChange({ ...p.value, ...patch });
  const toggle = (id: bigint) =>
    set({
      others: p.value.others.includes(id)
        ? p.value.others.filter((x) => x !== id)
        : [...p.value.others, id],
    });
  return (
    <>
      <div className="field">
        <label htmlFor={kindId}>{t('list.what')}</label>
        <select
          id={kindId}
          value={p.value.kind}
          onChange={(e) => set({ kind: e.target.value as GroupKind })}
        >
          <option value="single">{t('list.single')}</option>
          <option value="set">{t('list.set')}</option>
          <option value="bundle">{t('list.bundle')}</option>
        </select>
      </div>
      {p.value.kind === 'single' ? null : (
        <>
          <fieldset className="trade__items">
            <legend>{t('list.withItems')}</legend>
            {(others.data ?? []).map((n) => (
              <label key={n.tokenId} className="field--inline">
                <input
                  type="checkbox"
                  checked={p.value.others.includes(BigInt(n.tokenId))}
                  onChange={() => toggle(BigInt(n.tokenId))}
                />{' '}
                {n.name}
              </label>
            ))}
            {p.errors.items ? (
              <p className="field__error">{t(`errors:${p.errors.items}`)}</p>
            ) : null}
          </fieldset>
          <TextField
            label={t('list.name')}
            value={p.value.name}
            onChange={(e) => set({ name: e.target.value })}
            error={p.errors.name}
            required
          />
        </>
      )}
      {p.value.kind === 'bundle' ? (
        <>
          <TextField
            label={t('list.discount')}
            inputMode="decimal"
            value={p.value.discount}
            onChange={(e) => set({ discount: e.target.value })}
            error={p.errors.discount}
          />
          <TextField
            label={t('list.minCount')}
            inputMode="numeric"
            value={p.value.minCount}
            onChange={(e) => set({ minCount: e.target.value })}
            error={p.errors.minCount}
          />
        </>
      ) : null}
    </>
  );
}
