/**
 * The home page's drops (mounted when scrolled near, loaded apart from the first screen): the
 * live ones first, then the upcoming, four at most, with the way to all drops.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CardGridSkeleton } from '#web/components/ui/skeleton.tsx';
import { paths } from '#web/config/paths.ts';
import { dropsQueryOptions } from '../api/drops.ts';
import { DropCard } from './drop-card.tsx';
import { useChainNow } from './use-drops.ts';

const COUNT = 4;

export default function DropsHome({ title }: { title: string }) {
  const { t } = useTranslation('drops');
  const live = useQuery(dropsQueryOptions({ state: 'live', size: COUNT }));
  const upcoming = useQuery(dropsQueryOptions({ state: 'upcoming', size: COUNT }));
  const now = useChainNow(null);
  const drops = [...(live.data?.data ?? []), ...(upcoming.data?.data ?? [])].slice(0, COUNT);
  const pending = live.isPending || upcoming.isPending;
  // Nothing live or coming: the section leaves the page rather than show an empty shelf.
  if (!pending && drops.length === 0) return null;
  return (
    <section className="section" aria-label={title} data-testid="home-drops">
      <div className="section__head">
        <h2>{title}</h2>
        <Link to={paths.preOrderDetail.build({})}>{t('home.more')}</Link>
      </div>
      {pending ? (
        <CardGridSkeleton count={COUNT} />
      ) : (
        <div className="card-grid">
          {drops.map((d) => (
            <DropCard key={`${d.networkId}-${d.dropId}`} drop={d} now={now} />
          ))}
        </div>
      )}
    </section>
  );
}
