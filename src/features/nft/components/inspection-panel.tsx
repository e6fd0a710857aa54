import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Table } from '#web/components/ui/table.tsx';
import { paths } from '#web/config/paths.ts';
import { formatDate } from '#web/lib/format.ts';
import { currentLanguage } from '#web/lib/i18n.ts';
import { useInspection } from '../api/nft.ts';

/** The NFT's inspection reports: its Inspection tab, and the /nft/inspection page. */
export function InspectionPanel({ itemId }: { itemId: number }) {
  const { t } = useTranslation('market');
  const query = useInspection(itemId);
  const language = currentLanguage();
  return (
    <>
      <QueryView
        query={query}
        isEmpty={(d) => d.length === 0}
        empty="noDataFound"
        skeleton={<Skeleton width="100%" height="6rem" />}
      >
        {(reports) => (
          <Table
            head={[
              t('field.date'),
              t('inspection.inspector'),
              t('inspection.result'),
              t('inspection.note'),
            ]}
          >
            {reports.map((r) => (
              <tr key={r.id}>
                <td>{formatDate(r.inspectedAt, language)}</td>
                <td>{r.inspector}</td>
                <td>{r.result}</td>
                <td className="wrap">
                  {r.summary}
                  {r.documentUrl ? (
                    <>
                      {' '}
                      <a href={r.documentUrl} rel="noopener noreferrer" target="_blank">
                        {t('nft.openInspection')}
                      </a>
                    </>
                  ) : null}
                </td>
              </tr>
            ))}
          </Table>
        )}
      </QueryView>
      <p>
        <Link to={paths.nftInspection.build({ id: String(itemId) })}>
          {t('nft.openInspection')}
        </Link>
      </p>
    </>
  );
}
