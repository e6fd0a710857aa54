import { useTranslation } from 'react-i18next';
import { usePageTitle } from '#web/components/ui/page-title.tsx';
import { InspectionPanel } from '#web/features/nft/components/inspection-panel.tsx';
import { WithParams } from '../route-params.tsx';

/** /nft/inspection/{id}: the inspection report history of one NFT (id = item_id). */
export function Component() {
  const { t } = useTranslation('market');
  usePageTitle(t('inspection.title'));
  return (
    <WithParams route="nftInspection">
      {({ id }) =>
        /^\d+$/.test(id) ? (
          <>
            <h1>{t('inspection.title')}</h1>
            <h2>{t('inspection.history')}</h2>
            <InspectionPanel itemId={Number(id)} />
          </>
        ) : null
      }
    </WithParams>
  );
}
