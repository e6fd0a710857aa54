/**
 * /gift-claim#<link key>: the gift a link holds, its NFT and message; the recipient signs in or
 * creates an account and a wallet (the existing screens; the key waits in this tab's
 * sessionStorage meanwhile), then claims: the link key signs the claim for the account's address
 * and the server relays it, so a new wallet needs no coins. A used, taken-back or forged link says
 * so. The key never leaves the browser (docs/decisions/085-gift-escrow-with-a-link-key.md).
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSnapshot } from 'valtio';
import { giftMessageId } from '#contracts/typed-data/gifts.ts';
import type { Network } from '#shared/schemas/entities.ts';
import type { Gift } from '#shared/schemas/gifts.ts';
import { Button, ButtonLink } from '#web/components/ui/button.tsx';
import { FormError } from '#web/components/ui/field.tsx';
import { Img } from '#web/components/ui/image.tsx';
import { paths } from '#web/config/paths.ts';
import { errorKeyOf } from '#web/lib/errors.ts';
import { shortenAddress } from '#web/lib/format.ts';
import { CHANGES } from '#web/lib/query-changes.ts';
import { session } from '#web/stores/session.ts';
import { useWrite } from '#web/wallet/write/use-write.ts';
import { WriteStatus } from '#web/wallet/write/write-status.tsx';
import { claimWithLink, type Stage } from '../actions.ts';
import { giftByKeyQueryOptions, giftMessageQueryOptions } from '../api/gifts.ts';
import { linkKeyAddress } from '../chain.ts';
import { useGiftNetwork } from './use-gifts.ts';
import './gifts.css';

const STASH = 'vbc.gift-link';

/**
 * The link key from the fragment (kept for this tab while the visitor signs up), else the stash.
 * The stash is read once per visit of the page: a claim removes it, and a render after it must still show the
 * claimed gift rather than "open the link".
 */
function useLinkKey(): string | null {
  const { hash } = useLocation();
  const fromLink = decodeURIComponent(hash.replace(/^#/, ''));
  const [stashed] = useState(() => sessionStorage.getItem(STASH));
  if (fromLink) {
    sessionStorage.setItem(STASH, fromLink);
    return fromLink;
  }
  return stashed;
}

function NextStep({ onClaim, busy }: { onClaim: (recipient: string) => void; busy: boolean }) {
  const { t } = useTranslation('gifts');
  const snap = useSnapshot(session);
  const next = `${paths.signIn.build({})}?next=${encodeURIComponent(paths.giftClaim.build({}))}`;
  if (!snap.account.isSignedIn) {
    return (
      <>
        <p>{t('claim.needAccount')}</p>
        <div className="gift__actions">
          <ButtonLink to={next}>{t('claim.signIn')}</ButtonLink>
          <ButtonLink variant="secondary" to={paths.signUp.build({})}>
            {t('claim.signUp')}
          </ButtonLink>
        </div>
      </>
    );
  }
  const recipient = snap.chainAddress ?? snap.profile?.bc_address_mints[0] ?? null;
  if (!recipient) {
    return (
      <>
        <p>{t('claim.needWallet')}</p>
        <ButtonLink to={paths.createWallet.build({})}>{t('claim.createWallet')}</ButtonLink>
      </>
    );
  }
  return (
    <Button busy={busy} onClick={() => onClaim(recipient)}>
      {t('claim.submit')}
    </Button>
  );
}

function GiftView({ gift, network, linkKey }: { gift: Gift; network: Network; linkKey: string }) {
  const { t } = useTranslation('gifts');
  const message = useQuery(giftMessageQueryOptions(giftMessageId(linkKey)));
  const { state, busy, run } = useWrite<Stage>(CHANGES.gift);
  const [claimed, setClaimed] = useState(false);
  const name = gift.nft?.name || `#${gift.tokenId}`;
  const nftPath = paths.nftDetail.build({
    collectionAddr: gift.collectionAddress,
    tokenId: gift.tokenId,
  });
  const claim = async (recipient: string) => {
    const outcome = await run(async (onStage) => {
      onStage('claiming');
      return claimWithLink(network, linkKey, gift.giftId, recipient);
    });
    if (outcome.ok) {
      sessionStorage.removeItem(STASH);
      setClaimed(true);
    }
  };
  return (
    <section className="gift" aria-labelledby="gift-name">
      <Img className="gift-claim__nft" src={gift.nft?.image} alt={name} priority />
      <h2 id="gift-name">{name}</h2>
      <p>{t('claim.from', { giver: shortenAddress(gift.giver) })}</p>
      {message.data ? (
        <figure>
          <figcaption>{t('claim.message')}</figcaption>
          <blockquote className="gift__message">{message.data}</blockquote>
        </figure>
      ) : null}
      {claimed ? (
        <>
          <p role="status">{t('claim.done')}</p>
          <Link to={nftPath}>{t('claim.view')}</Link>
        </>
      ) : gift.status === 'OPEN' ? (
        <>
          <NextStep onClaim={(r) => void claim(r)} busy={busy} />
          <WriteStatus state={state} stages="gifts:stage" />
        </>
      ) : (
        <FormError error={gift.status === 'CLAIMED' ? 'giftClaimed' : 'giftTakenBack'} />
      )}
    </section>
  );
}

export function GiftClaimScreen() {
  const { t } = useTranslation('gifts');
  const linkKey = useLinkKey();
  const claimKey = linkKey ? linkKeyAddress(linkKey) : null;
  const gift = useQuery({ ...giftByKeyQueryOptions(claimKey ?? ''), enabled: claimKey !== null });
  const network = useGiftNetwork(gift.data?.networkId);
  if (!linkKey) return <p>{t('claim.noLink')}</p>;
  if (!claimKey) return <FormError error="giftNotFound" />;
  if (gift.isError) return <FormError error={errorKeyOf(gift.error)} />;
  if (gift.data === null) return <FormError error="giftNotFound" />;
  if (!gift.data || !network) return <p role="status">{t('claim.loading')}</p>;
  return <GiftView gift={gift.data} network={network} linkKey={linkKey} />;
}
