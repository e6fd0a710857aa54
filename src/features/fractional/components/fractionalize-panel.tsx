/**
 * On an NFT's page (lazy, with ethers): its owner, when a partner, may fractionalize it; the
 * form opens on request. An NFT already in a vault shows its link in the summary instead.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Nft } from '#shared/schemas/entities.ts';
import { Button } from '#web/components/ui/button.tsx';
import { OutcomeScope } from '#web/wallet/write/outcome-scope.tsx';
import { FractionalizeForm } from './fractionalize-form.tsx';
import { sameAddress, useFracContext } from './use-fractional.ts';

export default function FractionalizePanel({ nft }: { nft: Nft }) {
  // Once the vault exists the NFT's page shows its link: the confirmation stays in view.
  return (
    <OutcomeScope box="frac">
      <Panel nft={nft} />
    </OutcomeScope>
  );
}

function Panel({ nft }: { nft: Nft }) {
  const { t } = useTranslation('fractional');
  const ctx = useFracContext(nft.networkId);
  const [open, setOpen] = useState(false);
  if (!ctx || nft.fractional || !sameAddress(nft.owner, ctx.address)) return null;
  if (nft.status === 'ONSALE') return null;
  return (
    <div className="frac__open">
      <Button variant="secondary" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        {t('fractionalize.open')}
      </Button>
      {open ? (
        <FractionalizeForm
          ctx={ctx}
          nft={{ collectionAddr: nft.collectionAddr, tokenId: nft.tokenId, name: nft.name }}
        />
      ) : null}
    </div>
  );
}
