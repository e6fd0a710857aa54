/**
 * Listing from the owner's profile (loaded lazily with ethers): under each of their NFTs not on
 * sale, a button that opens the same listing form as the NFT's page (approval step, fixed price
 * or auction, expiry). Shown only to the connected wallet that owns the NFT.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Nft } from '#shared/schemas/entities.ts';
import { Button } from '#web/components/ui/button.tsx';
import { useSwitchFirst } from '#web/wallet/use-switch-first.ts';
import { sameAddress } from './fixed-sale.tsx';
import { ListForm } from './list-form.tsx';
import { SwitchFirst } from './switch-first.tsx';
import { useTradeContext } from './use-trade.ts';
import './trade.css';

export default function ProfileListPanel({ nft }: { nft: Nft }) {
  const { t } = useTranslation('trade');
  const ctx = useTradeContext(nft.networkId);
  const switchTo = useSwitchFirst(nft.networkId);
  const [open, setOpen] = useState(false);
  if (!ctx || !sameAddress(nft.owner, ctx.address)) return null;
  // Once opened it stays: listed, the NFT is ONSALE and the form shows the outcome.
  if (!open && nft.status !== 'NOTFORSALE') return null;
  return (
    <div className="trade__from-profile">
      <Button variant="secondary" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        {t('list.fromProfile', { name: nft.name })}
      </Button>
      {open && switchTo ? <SwitchFirst network={switchTo} /> : null}
      {open && !switchTo ? (
        <ListForm
          ctx={ctx}
          target={{ collection: nft.collectionAddr, tokenId: BigInt(nft.tokenId) }}
        />
      ) : null}
    </div>
  );
}
