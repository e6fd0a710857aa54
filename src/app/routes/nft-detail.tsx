import { NftDetailScreen } from '#web/features/nft/components/nft-detail-screen.tsx';
import { WithParams } from '../route-params.tsx';

export function Component() {
  return (
    <WithParams route="nftDetail">
      {(p) => (
        <NftDetailScreen collectionAddr={p.collectionAddr} tokenId={p.tokenId} mode={p.mode} />
      )}
    </WithParams>
  );
}
