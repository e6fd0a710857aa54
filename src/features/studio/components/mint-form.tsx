import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { paths } from '#web/config/paths.ts';
import { CHANGES } from '#web/lib/query-changes.ts';
import { useWrite } from '#web/wallet/write/use-write.ts';
import { WriteStatus } from '#web/wallet/write/write-status.tsx';
import { type Minted, type MintItem, mint, type Stage, type StudioContext } from '../actions.ts';
import { categoriesQueryOptions, partnerCollectionsQueryOptions } from '../api/studio.ts';
import {
  editionCount,
  emptyItem,
  type ItemDraft,
  ItemFields,
  inspectionStarted,
  itemProblems,
} from './item-fields.tsx';

/** A checked draft as what `mint` takes (empty property rows left out). */
function toItem(d: ItemDraft): MintItem {
  const attributes = d.properties
    .filter((p) => p.key.trim() !== '' && p.value.trim() !== '')
    .map((p) => ({ trait_type: p.key.trim(), value: p.value.trim() }));
  return {
    image: d.image!,
    name: d.name.trim(),
    description: d.description.trim(),
    editions: editionCount(d.editions) ?? 1,
    attributes,
    ...(inspectionStarted(d)
      ? {
          inspection_reports: [
            {
              inspector: d.inspector.trim(),
              result: d.result.trim(),
              summary: d.summary.trim(),
              inspected_at: d.inspectedAt,
              document_url: null,
            },
          ],
        }
      : {}),
  };
}

/** One or many items into one of the partner's collections, in one transaction. */
export function MintForm({ ctx }: { ctx: StudioContext }) {
  const { t } = useTranslation('studio');
  const headingId = useId();
  const selectId = useId();
  const collections = useQuery(partnerCollectionsQueryOptions(ctx.network.networkId, ctx.address));
  const categories = useQuery(categoriesQueryOptions());
  const [chosen, setChosen] = useState('');
  const [items, setItems] = useState<ItemDraft[]>(() => [emptyItem()]);
  const [checked, setChecked] = useState(false);
  const [minted, setMinted] = useState<{ collection: string; items: Minted[] } | null>(null);
  const { state, busy, run } = useWrite<Stage>(CHANGES.mint);
  const list = collections.data ?? [];
  const collection = list.find((c) => c.collectionAddr === chosen) ?? list[0];
  const count = items.reduce((n, d) => n + (editionCount(d.editions) ?? 1), 0);
  const change = (id: number) => (patch: Partial<ItemDraft>) =>
    setItems((all) => all.map((d) => (d.id === id ? { ...d, ...patch } : d)));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setChecked(true);
    if (!collection || items.some((d) => Object.values(itemProblems(d)).some(Boolean))) return;
    const category = categories.data?.find((c) => c.id === collection.labelId)?.key;
    const p = { collection: collection.collectionAddr, category, items: items.map(toItem) };
    const outcome = await run((onStage) => mint(ctx, p, onStage));
    if (outcome.ok) {
      setMinted({ collection: p.collection, items: outcome.value });
      setItems([emptyItem()]);
      setChecked(false);
    }
  };
  return (
    <section className="studio__card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('mint.heading')}</h2>
      {list.length === 0 ? (
        <p className="studio__notice">{t('mint.noCollection')}</p>
      ) : (
        <form className="studio__form" onSubmit={submit} noValidate>
          <div className="field">
            <label htmlFor={selectId}>{t('mint.collection')}</label>
            <select
              id={selectId}
              value={collection?.collectionAddr ?? ''}
              onChange={(e) => setChosen(e.target.value)}
            >
              {list.map((c) => (
                <option key={c.collectionAddr} value={c.collectionAddr}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
          {items.map((d, i) => (
            <ItemFields
              key={d.id}
              item={d}
              n={i + 1}
              checked={checked}
              change={change(d.id)}
              remove={
                items.length > 1 ? () => setItems((all) => all.filter((x) => x.id !== d.id)) : null
              }
            />
          ))}
          <Button variant="secondary" onClick={() => setItems((all) => [...all, emptyItem()])}>
            {t('mint.addItem')}
          </Button>
          <Button type="submit" busy={busy}>
            {t('mint.submit', { count })}
          </Button>
          <WriteStatus
            state={state}
            stages="studio:stage"
            done={minted ? t('mint.minted', { count: minted.items.length }) : undefined}
          />
        </form>
      )}
      {minted && !busy ? <MintedList {...minted} /> : null}
    </section>
  );
}

/** What was minted: each NFT's page opens its listing flow ("Put on sale"), or it is kept. */
function MintedList({ collection, items }: { collection: string; items: Minted[] }) {
  const { t } = useTranslation('studio');
  return (
    <ul className="studio__minted">
      {items.map((m) => (
        <li key={m.tokenId}>
          <Link to={paths.nftDetail.build({ collectionAddr: collection, tokenId: m.tokenId })}>
            {t('mint.list', { name: m.name })}
          </Link>
        </li>
      ))}
    </ul>
  );
}
