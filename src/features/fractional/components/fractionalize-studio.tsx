/**
 * The studio's Fractionalize (lazy, with ethers): the partner picks one of their NFTs that is
 * neither on sale nor in a vault, then fills the terms (./fractionalize-form.tsx).
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOwnedNfts } from '#web/lib/catalogue-lists.ts';
import type { FracContext } from '../actions.ts';
import { FractionalizeForm } from './fractionalize-form.tsx';

export default function FractionalizeStudio({ ctx }: { ctx: FracContext }) {
  const { t } = useTranslation('fractional');
  const id = useId();
  const owned = useOwnedNfts({ owner: ctx.address, page: 1, size: 24, status: 'NOTFORSALE' });
  const nfts = (owned.data?.data ?? []).filter(
    (n) => !n.fractional && n.networkId === ctx.network.networkId,
  );
  const [chosen, setChosen] = useState('');
  const nft = nfts.find((n) => `${n.collectionAddr}/${n.tokenId}` === chosen) ?? null;
  if (owned.isSuccess && nfts.length === 0) {
    return <p className="frac">{t('fractionalize.pickNone')}</p>;
  }
  return (
    <section className="frac" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('fractionalize.heading')}</h2>
      <div className="field">
        <label htmlFor={`${id}-pick`}>{t('fractionalize.pick')}</label>
        <select id={`${id}-pick`} value={chosen} onChange={(e) => setChosen(e.target.value)}>
          <option value="">—</option>
          {nfts.map((n) => (
            <option
              key={`${n.collectionAddr}/${n.tokenId}`}
              value={`${n.collectionAddr}/${n.tokenId}`}
            >
              {n.name}
            </option>
          ))}
        </select>
      </div>
      {nft ? (
        <FractionalizeForm
          key={chosen}
          ctx={ctx}
          nft={{ collectionAddr: nft.collectionAddr, tokenId: nft.tokenId, name: nft.name }}
        />
      ) : null}
    </section>
  );
}
