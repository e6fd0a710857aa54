/**
 * The gift part of an NFT's page (lazy, with ethers): its holder writes a message and makes a
 * gift link; the NFT goes into the gifts contract through the wallet pipeline (the approval view
 * shows 'Give as a gift'), then the link is shown to copy or share.
 */
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GIFT_MESSAGE_MAX_LENGTH } from '#shared/rules.ts';
import type { NftDetail } from '#shared/schemas/entities.ts';
import { Button } from '#web/components/ui/button.tsx';
import { TextAreaField } from '#web/components/ui/field.tsx';
import { paths } from '#web/config/paths.ts';
import { CHANGES } from '#web/lib/query-changes.ts';
import { useWrite } from '#web/wallet/write/use-write.ts';
import { WriteStatus } from '#web/wallet/write/write-status.tsx';
import { giveNft, type Stage } from '../actions.ts';
import { sameAddress, useGiftContext } from './use-gifts.ts';
import './gifts.css';

export function GiftLink({ link }: { link: string }) {
  const { t } = useTranslation('gifts');
  const [copied, setCopied] = useState(false);
  const share = typeof navigator.share === 'function';
  return (
    <section className="gift" aria-labelledby="gift-ready">
      <h2 id="gift-ready">{t('panel.title')}</h2>
      <p>{t('panel.ready')}</p>
      <label className="gift__link">
        {t('panel.link')}
        <input readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
      </label>
      <div className="gift__actions">
        <Button
          onClick={() => {
            void navigator.clipboard?.writeText(link).then(() => setCopied(true));
          }}
        >
          {t('panel.copy')}
        </Button>
        {share ? (
          <Button variant="secondary" onClick={() => void navigator.share({ url: link })}>
            {t('panel.share')}
          </Button>
        ) : null}
      </div>
      <p role="status">{copied ? t('panel.copied') : ''}</p>
      <Link to={paths.gifts.build({})}>{t('panel.myGifts')}</Link>
    </section>
  );
}

export default function GiftPanel({ nft }: { nft: NftDetail }) {
  const { t } = useTranslation('gifts');
  const ctx = useGiftContext(nft.networkId);
  const [message, setMessage] = useState('');
  const [link, setLink] = useState<string | null>(null);
  const { state, busy, run } = useWrite<Stage>(CHANGES.gift);
  if (link) return <GiftLink link={link} />;
  if (!ctx || !sameAddress(nft.owner, ctx.address) || nft.order?.status === 'pending') return null;
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const target = { collection: nft.collectionAddr, tokenId: BigInt(nft.tokenId) };
    const outcome = await run((onStage) => giveNft(ctx, target, message, onStage));
    if (outcome.ok) setLink(outcome.value);
  };
  return (
    <section className="gift" aria-labelledby="gift-title">
      <h2 id="gift-title">{t('panel.title')}</h2>
      <p>{t('panel.intro')}</p>
      <form className="form" onSubmit={onSubmit}>
        <TextAreaField
          label={t('panel.message')}
          name="message"
          value={message}
          maxLength={GIFT_MESSAGE_MAX_LENGTH}
          onChange={(e) => setMessage(e.target.value)}
        />
        <Button type="submit" busy={busy}>
          {t('panel.submit')}
        </Button>
      </form>
      <WriteStatus state={state} stages="gifts:stage" />
      <Link to={paths.gifts.build({})}>{t('panel.myGifts')}</Link>
    </section>
  );
}
