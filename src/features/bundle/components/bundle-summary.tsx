import { useTranslation } from 'react-i18next';
import { weiFromWire } from '#shared/money.ts';
import { LikeButton } from '#web/components/like-button.tsx';
import { Address } from '#web/components/ui/address.tsx';
import { Amount } from '#web/components/ui/amount.tsx';
import { Img } from '#web/components/ui/image.tsx';
import type { Bundle } from '../api/bundle.ts';
import type { BundleSelection } from '../selection.ts';

/** The bundle's image, name, status, like and facts, with its discount rule and description. */
export function BundleSummary({
  bundle,
  symbols,
}: {
  bundle: Bundle;
  symbols: { native: string; name: string };
}) {
  const { t } = useTranslation(['market', 'common']);
  return (
    <div className="detail">
      <Img src={bundle.image} alt={bundle.name} priority className="hero-banner" width={960} />
      <div>
        <h1>{bundle.name}</h1>
        <p>
          <span className="badge">{t(`common:status.${bundle.status}`)}</span>{' '}
          <LikeButton
            target="bundle"
            id={bundle.id}
            liked={bundle.isLiked}
            count={bundle.likeCount}
          />
        </p>
        <dl className="facts">
          <dt>{t('field.owner')}</dt>
          <dd>
            <Address address={bundle.owner} />
          </dd>
          <dt>{t('field.itemsQuantity')}</dt>
          <dd>{bundle.itemsCount}</dd>
          <dt>{t('field.price')}</dt>
          <dd>
            <Amount wei={weiFromWire(bundle.priceTotal)} symbol={symbols.native} />
          </dd>
          <dt>{t('field.network')}</dt>
          <dd>{symbols.name}</dd>
        </dl>
        {bundle.discountBps > 0 ? (
          <p>
            {t('bundle.discountRule', {
              percent: bundle.discountBps / 100,
              count: bundle.minCount,
            })}
          </p>
        ) : null}
        {bundle.description ? <p className="description">{bundle.description}</p> : null}
      </div>
    </div>
  );
}

/** What the chosen items come to: their count, total, and what the buyer pays. */
export function SelectionBar({ summary, symbol }: { summary: BundleSelection; symbol: string }) {
  const { t } = useTranslation('market');
  return (
    <section className="summary-bar" aria-label={t('bundle.selection')} aria-live="polite">
      <span data-testid="bundle-count">
        {t('bundle.itemsCount')}: <strong>{summary.count}</strong>
      </span>
      <span data-testid="bundle-total">
        {t('bundle.priceTotal')}: <Amount wei={summary.total} symbol={symbol} />
      </span>
      <span data-testid="bundle-discounted">
        {t('bundle.discountedTotal')}: <Amount wei={summary.discounted} symbol={symbol} />
      </span>
    </section>
  );
}
