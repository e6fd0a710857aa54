import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Amount } from '#web/components/ui/amount.tsx';
import { Img } from '#web/components/ui/image.tsx';
import { paths } from '#web/config/paths.ts';
import { weiFromWire } from '#web/lib/money.ts';
import { useNetworkSymbols } from '#web/lib/networks.ts';
import type { Bundle, Collection, Nft, NftSet, User } from '../api/lists.ts';

/** Card titles are h3 under a section's h2, h2 directly under a page's h1 (no skipped level). */
export type TitleTag = 'h2' | 'h3';

type PriceProps = {
  networkId: number;
  saleType: 'FIXED' | 'AUCTION' | null;
  price: string | null;
  highestBid: string | null;
};

/** Fixed price in the native coin; auctions in the wrapped token (spec §1). */
export function PriceLine({ networkId, saleType, price, highestBid }: PriceProps) {
  const { t } = useTranslation(['market', 'common']);
  const symbols = useNetworkSymbols(networkId);
  if (saleType === 'AUCTION') {
    const shown = highestBid ?? price;
    return shown ? (
      <span>
        <span className="muted">{t(highestBid ? 'card.highestBid' : 'card.price')} </span>
        <Amount wei={weiFromWire(shown)} symbol={symbols.wrapped} />
      </span>
    ) : null;
  }
  return price ? (
    <span>
      <span className="muted">{t('card.price')} </span>
      <Amount wei={weiFromWire(price)} symbol={symbols.native} />
    </span>
  ) : null;
}

export function NftCard({
  nft,
  priority = false,
  titleAs: H = 'h3',
}: {
  nft: Nft;
  priority?: boolean;
  titleAs?: TitleTag;
}) {
  const { t } = useTranslation();
  return (
    <article className="card">
      <Img src={nft.image} alt={nft.name} priority={priority} className="card__media" />
      <div className="card__body">
        <H className="card__title">
          <Link
            className="card__link"
            to={paths.nftDetail.build({ collectionAddr: nft.collectionAddr, tokenId: nft.tokenId })}
          >
            {nft.name}
          </Link>
        </H>
        <div className="card__meta">
          <span className="badge">{t(`status.${nft.status}`)}</span>
          <span>{t('social.likes', { count: nft.likeCount })}</span>
        </div>
        <div className="card__meta">
          <PriceLine
            networkId={nft.networkId}
            saleType={nft.saleType}
            price={nft.buyPrice}
            highestBid={nft.highestBid}
          />
        </div>
      </div>
    </article>
  );
}

export function CollectionCard({
  collection,
  priority = false,
  titleAs: H = 'h3',
}: {
  collection: Collection;
  priority?: boolean;
  titleAs?: TitleTag;
}) {
  const { t } = useTranslation(['market', 'common']);
  return (
    <article className="card">
      <Img
        src={collection.image}
        alt={collection.name}
        priority={priority}
        className="card__media"
      />
      <div className="card__body">
        <H className="card__title">
          <Link
            className="card__link"
            to={paths.collectionDetail.build({ id: String(collection.id) })}
          >
            {collection.name}
          </Link>
        </H>
        <div className="card__meta">
          <span>{t('collection.items', { count: collection.itemsCount })}</span>
          <span>{t('common:social.likes', { count: collection.likeCount })}</span>
        </div>
      </div>
    </article>
  );
}

export function SetCard({
  set,
  priority = false,
  titleAs: H = 'h3',
}: {
  set: NftSet;
  priority?: boolean;
  titleAs?: TitleTag;
}) {
  const { t } = useTranslation(['market', 'common']);
  return (
    <article className="card">
      <Img src={set.image} alt={set.name} priority={priority} className="card__media" />
      <div className="card__body">
        <H className="card__title">
          <Link className="card__link" to={paths.setDetail.build({ id: String(set.id) })}>
            {set.name}
          </Link>
        </H>
        <div className="card__meta">
          <span>{t('card.items', { count: set.itemsCount })}</span>
          <span className="badge">{t(`common:status.${set.status}`)}</span>
        </div>
        <div className="card__meta">
          <PriceLine
            networkId={set.networkId}
            saleType={set.saleType}
            price={set.price}
            highestBid={set.highestBid}
          />
        </div>
      </div>
    </article>
  );
}

export function BundleCard({
  bundle,
  priority = false,
  titleAs: H = 'h3',
}: {
  bundle: Bundle;
  priority?: boolean;
  titleAs?: TitleTag;
}) {
  const { t } = useTranslation(['market', 'common']);
  return (
    <article className="card">
      <Img src={bundle.image} alt={bundle.name} priority={priority} className="card__media" />
      <div className="card__body">
        <H className="card__title">
          <Link className="card__link" to={paths.bundleDetail.build({ id: String(bundle.id) })}>
            {bundle.name}
          </Link>
        </H>
        <div className="card__meta">
          <span>{t('card.items', { count: bundle.itemsCount })}</span>
          {bundle.discountBps > 0 ? (
            <span className="badge">
              {t('card.discount', { percent: bundle.discountBps / 100 })}
            </span>
          ) : null}
        </div>
        <div className="card__meta">
          <PriceLine
            networkId={bundle.networkId}
            saleType="FIXED"
            price={bundle.priceTotal}
            highestBid={null}
          />
        </div>
      </div>
    </article>
  );
}

export function UserCard({ user, titleAs: H = 'h3' }: { user: User; titleAs?: TitleTag }) {
  const { t } = useTranslation();
  return (
    <article className="card">
      <Img
        src={user.banner ?? user.avatar}
        alt={user.username}
        ratio="16 / 9"
        className="card__media"
      />
      <div className="card__body">
        <H className="card__title">
          <Link className="card__link" to={paths.userDetail.build({ id: String(user.id) })}>
            {user.username}
          </Link>
        </H>
        <div className="card__meta">
          <span>{t('social.followers', { count: user.followersCount })}</span>
        </div>
      </div>
    </article>
  );
}
