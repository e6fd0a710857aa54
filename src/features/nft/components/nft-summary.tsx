import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { weiFromWire } from '#shared/money.ts';
import { FractionalLink } from '#web/components/cards.tsx';
import { LikeButton } from '#web/components/like-button.tsx';
import { Address } from '#web/components/ui/address.tsx';
import { Amount } from '#web/components/ui/amount.tsx';
import { Img } from '#web/components/ui/image.tsx';
import { paths } from '#web/config/paths.ts';
import type { NftDetail } from '../api/nft.ts';

type Symbols = { native: string; wrapped: string; name: string };

/**
 * The NFT's image beside its collection, name, status and like, and its facts: the price (an
 * auction's highest bid in the wrapped token), sale type, owner, creator, network, description.
 */
export function NftSummary({ nft, symbols }: { nft: NftDetail; symbols: Symbols }) {
  const { t } = useTranslation(['market', 'common']);
  return (
    <div className="detail">
      <Img
        src={nft.image}
        alt={nft.name}
        priority
        ratio="1 / 1"
        className="hero-banner"
        width={960}
      />
      <div>
        {nft.collection ? (
          <Link to={paths.collectionDetail.build({ id: String(nft.collection.id) })}>
            {nft.collection.name}
          </Link>
        ) : null}
        <h1>{nft.name}</h1>
        <p>
          <span className="badge">{t(`common:status.${nft.status}`)}</span>{' '}
          {nft.edition ? (
            <>
              <span className="badge">{t('card.edition', nft.edition)}</span>{' '}
            </>
          ) : null}
          <LikeButton target="nft" id={nft.item_id} liked={nft.isLiked} count={nft.likeCount} />
        </p>
        {nft.fractional ? (
          <p>
            <FractionalLink link={nft.fractional} />
          </p>
        ) : null}
        <dl className="facts">
          <dt>{t('field.price')}</dt>
          <dd>
            <Price nft={nft} symbols={symbols} />
          </dd>
          <dt>{t('field.saleType')}</dt>
          <dd>
            {nft.saleType === 'AUCTION'
              ? t('card.auction')
              : nft.saleType === 'FIXED'
                ? t('card.fixedPrice')
                : '—'}
          </dd>
          <dt>{t('field.owner')}</dt>
          <dd>
            <UserOrAddress user={nft.ownerUser} address={nft.owner} />
          </dd>
          <dt>{t('field.creator')}</dt>
          <dd>
            <UserOrAddress user={nft.creatorUser} address={nft.creator} />
          </dd>
          <dt>{t('field.network')}</dt>
          <dd>{symbols.name}</dd>
        </dl>
        {nft.description ? (
          <>
            <h2>{t('field.description')}</h2>
            <p className="description">{nft.description}</p>
          </>
        ) : null}
      </div>
    </div>
  );
}

function Price({ nft, symbols }: { nft: NftDetail; symbols: Symbols }) {
  const { t } = useTranslation('market');
  if (nft.saleType === 'AUCTION' && nft.highestBid) {
    return (
      <>
        {t('card.highestBid')}:{' '}
        <Amount wei={weiFromWire(nft.highestBid)} symbol={symbols.wrapped} />
      </>
    );
  }
  if (!nft.buyPrice) return '—';
  return (
    <Amount
      wei={weiFromWire(nft.buyPrice)}
      symbol={nft.saleType === 'AUCTION' ? symbols.wrapped : symbols.native}
    />
  );
}

/** The user's name linking to their profile, then the address; the address alone without one. */
function UserOrAddress({
  user,
  address,
}: {
  user: { id: number; username: string } | null;
  address: string;
}) {
  return user ? (
    <>
      <Link to={paths.userDetail.build({ id: String(user.id) })}>{user.username}</Link>{' '}
      <Address address={address} />
    </>
  ) : (
    <Address address={address} />
  );
}
