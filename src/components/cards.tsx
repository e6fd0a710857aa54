import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { weiFromWire } from '#shared/money.ts';
import type { Bundle, Collection, Nft, NftSet, User } from '#shared/schemas/entities.ts';
import { paths } from '../config/paths.ts';
import { useLiveShown } from '../lib/live.ts';
import { useChainName, useNetworkSymbols } from '../lib/networks.ts';
import { Amount } from './ui/amount.tsx';
import { Img } from './ui/image.tsx';

/** Card titles are h3 under a section's h2, h2 directly under a page's h1 (no skipped level). */
type TitleTag = 'h2' | 'h3';

type CardProps = { priority?: boolean; titleAs?: TitleTag };

/**
 * The frame every card shares: the image, the title linking to the item, its chain (`networkId`,
 * named while the catalogue spans more than one network), then `children`.
 */
function Card({
  image,
  name,
  to,
  ratio,
  priority,
  titleAs: H = 'h3',
  live = null,
  networkId,
  children,
}: CardProps & {
  image: string | null;
  name: string;
  to: string;
  ratio?: string;
  /** The item's live topic (`nft:1`): its changes refresh the list it is in (src/lib/live.ts). */
  live?: string | null;
  networkId?: number;
  children: ReactNode;
}) {
  useLiveShown(live);
  const chain = useChainName(networkId ?? 0);
  return (
    <article className="card">
      <Img src={image} alt={name} ratio={ratio} priority={priority} className="card__media" />
      <div className="card__body">
        <H className="card__title">
          <Link className="card__link" to={to}>
            {name}
          </Link>
        </H>
        {chain ? <span className="badge">{chain}</span> : null}
        {children}
      </div>
    </article>
  );
}

type PriceProps = {
  networkId: number;
  saleType: 'FIXED' | 'AUCTION' | null;
  price: string | null;
  highestBid: string | null;
};

/** A fixed price in the native coin; an auction's highest bid (or reserve) in the wrapped token. */
function PriceLine({ networkId, saleType, price, highestBid }: PriceProps) {
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

/** An NFT in a vault: says so, and leads to its fractional page (its shares, buyout, cash-out). */
export function FractionalLink({ link }: { link: { networkId: number; vault: string } }) {
  const { t } = useTranslation();
  return (
    <Link
      className="badge"
      data-testid="fractional-link"
      to={paths.fractionalDetail.build({ networkId: link.networkId, vault: link.vault })}
    >
      {t('fractionalized')}
    </Link>
  );
}

export function NftCard({ nft, ...card }: CardProps & { nft: Nft }) {
  const { t } = useTranslation();
  return (
    <Card
      {...card}
      image={nft.image}
      name={nft.name}
      live={`nft:${nft.item_id}`}
      networkId={nft.networkId}
      to={paths.nftDetail.build({
        collectionAddr: nft.collectionAddr,
        tokenId: nft.tokenId,
        networkId: nft.networkId,
      })}
    >
      <div className="card__meta">
        <span className="badge">{t(`status.${nft.status}`)}</span>
        <span>{t('social.likes', { count: nft.likeCount })}</span>
      </div>
      {nft.fractional ? <FractionalLink link={nft.fractional} /> : null}
      <div className="card__meta">
        <PriceLine
          networkId={nft.networkId}
          saleType={nft.saleType}
          price={nft.buyPrice}
          highestBid={nft.highestBid}
        />
      </div>
    </Card>
  );
}

export function CollectionCard({ collection, ...card }: CardProps & { collection: Collection }) {
  const { t } = useTranslation(['market', 'common']);
  return (
    <Card
      {...card}
      image={collection.image}
      name={collection.name}
      networkId={collection.networkId}
      to={paths.collectionDetail.build({ id: String(collection.id) })}
    >
      <div className="card__meta">
        <span>{t('collection.items', { count: collection.itemsCount })}</span>
        <span>{t('common:social.likes', { count: collection.likeCount })}</span>
      </div>
    </Card>
  );
}

export function SetCard({ set, ...card }: CardProps & { set: NftSet }) {
  const { t } = useTranslation(['market', 'common']);
  return (
    <Card
      {...card}
      image={set.image}
      name={set.name}
      live={`set:${set.id}`}
      networkId={set.networkId}
      to={paths.setDetail.build({ id: String(set.id) })}
    >
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
    </Card>
  );
}

export function BundleCard({ bundle, ...card }: CardProps & { bundle: Bundle }) {
  const { t } = useTranslation(['market', 'common']);
  return (
    <Card
      {...card}
      image={bundle.image}
      name={bundle.name}
      live={`bundle:${bundle.id}`}
      networkId={bundle.networkId}
      to={paths.bundleDetail.build({ id: String(bundle.id) })}
    >
      <div className="card__meta">
        <span>{t('card.items', { count: bundle.itemsCount })}</span>
        {bundle.discountBps > 0 ? (
          <span className="badge">{t('card.discount', { percent: bundle.discountBps / 100 })}</span>
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
    </Card>
  );
}

export function UserCard({ user, titleAs }: { user: User; titleAs?: TitleTag }) {
  const { t } = useTranslation();
  return (
    <Card
      titleAs={titleAs}
      image={user.banner ?? user.avatar}
      name={user.username}
      ratio="16 / 9"
      to={paths.userDetail.build({ id: String(user.id) })}
    >
      <div className="card__meta">
        <span>{t('social.followers', { count: user.followersCount })}</span>
      </div>
    </Card>
  );
}
