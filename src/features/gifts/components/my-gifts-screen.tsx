/**
 * /gifts: the NFTs the account gave with a link on every network, newest first, each with its
 * state and (while several networks are listed) its network; an open gift of the wallet in use
 * on the wallet's network can be taken back (through the wallet pipeline) until someone claims it.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Gift } from '#shared/schemas/gifts.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Img } from '#web/components/ui/image.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { paths } from '#web/config/paths.ts';
import { useChainName } from '#web/lib/networks.ts';
import { CHANGES } from '#web/lib/query-changes.ts';
import { useWrite } from '#web/wallet/write/use-write.ts';
import { WriteStatus } from '#web/wallet/write/write-status.tsx';
import { type Stage, takeBackGift } from '../actions.ts';
import { myGiftsQueryOptions } from '../api/gifts.ts';
import { sameAddress, useGiftContext } from './use-gifts.ts';
import './gifts.css';

const nameOf = (g: Gift) => g.nft?.name || `#${g.tokenId}`;

function GiftRow({ gift, onTakeBack }: { gift: Gift; onTakeBack: (() => void) | null }) {
  const { t } = useTranslation('gifts');
  const chain = useChainName(gift.networkId);
  const to = paths.nftDetail.build({
    collectionAddr: gift.collectionAddress,
    tokenId: gift.tokenId,
  });
  return (
    <li>
      <Img src={gift.nft?.image} alt="" width={240} />
      <div className="gift-list__body">
        <Link to={to}>{nameOf(gift)}</Link>
        {chain ? <span className="badge">{chain}</span> : null}
        <span>{t(`mine.status.${gift.status}`)}</span>
        {onTakeBack ? (
          <Button variant="secondary" onClick={onTakeBack}>
            {t('mine.takeBack', { name: nameOf(gift) })}
          </Button>
        ) : null}
      </div>
    </li>
  );
}

export function MyGiftsScreen() {
  const { t } = useTranslation('gifts');
  const query = useQuery(myGiftsQueryOptions());
  const ctx = useGiftContext();
  const { state, run } = useWrite<Stage>(CHANGES.gift);
  const takeBack = (gift: Gift) => async () => {
    if (ctx) await run((onStage) => takeBackGift(ctx, gift, onStage));
  };
  return (
    <>
      <p>{t('mine.intro')}</p>
      <WriteStatus state={state} stages="gifts:stage" done={t('mine.takenBack')} />
      <QueryView query={query}>
        {(gifts) =>
          gifts.length === 0 ? (
            <p className="state">{t('mine.empty')}</p>
          ) : (
            <ul className="gift-list">
              {gifts.map((g) => (
                <GiftRow
                  key={`${g.networkId}:${g.giftId}`}
                  gift={g}
                  onTakeBack={
                    g.status === 'OPEN' &&
                    ctx?.network.networkId === g.networkId &&
                    sameAddress(g.giver, ctx.address)
                      ? takeBack(g)
                      : null
                  }
                />
              ))}
            </ul>
          )
        }
      </QueryView>
    </>
  );
}
