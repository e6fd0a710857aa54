import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { weiFromWire } from '#shared/money.ts';
import { Amount } from '#web/components/ui/amount.tsx';
import { Img } from '#web/components/ui/image.tsx';
import { paths } from '#web/config/paths.ts';
import { useNetworkSymbols, useNetworks } from '#web/lib/networks.ts';
import type { FractionalVault } from '../api/fractional.ts';
import { percentSold } from '../rules.ts';

/** What a vault's card and page say of its state: the sale while it is to come or open, else the vault's. */
export function vaultStateKey(v: FractionalVault) {
  if (v.state === 'IDLE' && (v.salePhase === 'OPEN' || v.salePhase === 'UPCOMING')) {
    return v.salePhase === 'OPEN' ? ('SALE' as const) : ('UPCOMING' as const);
  }
  return v.state;
}

/** A fractional item: the NFT's picture and name, the share price, percent sold, holders, state. */
export function VaultCard({
  vault,
  priority = false,
  titleAs: H = 'h2',
}: {
  vault: FractionalVault;
  priority?: boolean;
  titleAs?: 'h2' | 'h3';
}) {
  const { t } = useTranslation('fractional');
  const symbols = useNetworkSymbols(vault.networkId);
  const networks = useNetworks().data;
  const chain = networks?.[1] && networks.find((n) => n.networkId === vault.networkId);
  const to = paths.fractionalDetail.build({ networkId: vault.networkId, vault: vault.vault });
  return (
    <article className="card" data-testid="vault-card">
      <Img src={vault.image} alt={vault.name} priority={priority} className="card__media" />
      <div className="card__body">
        <H className="card__title">
          <Link className="card__link" to={to}>
            {vault.name}
          </Link>
        </H>
        {chain ? <span className="badge">{chain.name}</span> : null}
        <div className="card__meta">
          <span>
            <span className="muted">{t('card.sharePrice')} </span>
            <Amount
              wei={weiFromWire(vault.lastPrice ?? vault.pricePerShare)}
              symbol={symbols.native}
            />
          </span>
        </div>
        <div className="card__meta">
          <span>
            {t('card.sold', {
              percent: percentSold(BigInt(vault.sharesSold), BigInt(vault.supply)),
            })}
          </span>
          <span>{t('card.holders', { count: vault.holdersCount })}</span>
        </div>
        <div className="card__meta">
          <span className="badge">{t(`state.${vaultStateKey(vault)}`)}</span>
        </div>
      </div>
    </article>
  );
}
