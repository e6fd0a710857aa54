import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { networkParam } from '#shared/first-screen.ts';
import { NftDetailScreen } from '#web/features/nft/components/nft-detail-screen.tsx';
import { withStrings } from '#web/lib/i18n.ts';
import { ActionCodeGate } from '../action-code-gate.tsx';
import { WithParams } from '../route-params.tsx';

/** Buying, selling and bidding load with their chain code (ethers) only on an NFT's page. */
const NftTradePanel = lazy(() =>
  withStrings(
    ['trade', 'wallet', 'outbox'],
    () => import('#web/features/trade/components/nft-trade-panel.tsx'),
  ),
);
/** Fractionalizing it (its owner, a partner): its own chunk, with the trade panel's gate. */
const FractionalizePanel = lazy(() =>
  withStrings(
    ['fractional', 'wallet'],
    () => import('#web/features/fractional/components/fractionalize-panel.tsx'),
  ),
);
/** Giving it with a link (its holder): its own chunk, with the trade panel's gate. */
const GiftPanel = lazy(() =>
  withStrings(['gifts'], () => import('#web/features/gifts/components/gift-panel.tsx')),
);

export function Component() {
  const [search] = useSearchParams();
  const networkId = networkParam(search);
  return (
    <WithParams route="nftDetail">
      {(p) => (
        <NftDetailScreen
          collectionAddr={p.collectionAddr}
          tokenId={p.tokenId}
          mode={p.mode}
          networkId={networkId}
          trade={(nft) => (
            <ActionCodeGate>
              <Suspense fallback={null}>
                <NftTradePanel nft={nft} />
                <GiftPanel nft={nft} />
                <FractionalizePanel nft={nft} />
              </Suspense>
            </ActionCodeGate>
          )}
        />
      )}
    </WithParams>
  );
}
