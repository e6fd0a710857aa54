/**
 * States of a detail screen (an NFT, a collection, a set, a bundle, a user), imported by those
 * lazy screens only, so none of it weighs on the first screen's JavaScript:
 * - an address that names nothing gets a calm "This item does not exist" with the way back to the
 *   marketplace, not the red failure and a retry that cannot help (src/components/ui/states.tsx);
 * - the placeholders have the screen's own shape (picture beside or above the facts, or a banner
 *   over a grid of cards), so the page does not jump when the data comes.
 */
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '#web/config/paths.ts';
import { errorKeyOf } from '#web/lib/errors.ts';
import { QueryView } from './query-view.tsx';
import { CardGridSkeleton, Skeleton } from './skeleton.tsx';

/** True when the server answered that the thing asked for does not exist. */
function isNotFound(error: unknown): boolean {
  const key = errorKeyOf(error);
  return key === 'notFound' || key === 'noDataFound';
}

/** "This item does not exist" and a link to the marketplace. */
export function NotFoundState() {
  const { t } = useTranslation(['errors', 'common']);
  return (
    <div className="state state--empty" role="status">
      <p>{t('errors:notFound')}</p>
      <Link className="btn btn--secondary" to={paths.marketplace.build({})}>
        {t('common:nav.marketplace')}
      </Link>
    </div>
  );
}

/** QueryView of a detail screen: as QueryView, with NotFoundState for an unknown address. */
export function DetailQueryView<T>(props: ComponentProps<typeof QueryView<T>>) {
  const { query } = props;
  if (query.isError && query.data === undefined && isNotFound(query.error)) {
    return <NotFoundState />;
  }
  return <QueryView {...props} />;
}

/** A detail page's placeholder: picture and facts side by side (stacked on a phone). */
export function DetailSkeleton() {
  return (
    <div className="detail" aria-busy="true">
      <div className="img-box skeleton" style={{ aspectRatio: '1 / 1' }} />
      <div className="detail-skeleton__facts">
        <Skeleton width="60%" height="2rem" />
        <Skeleton width="40%" />
        <Skeleton width="80%" />
        <Skeleton width="70%" />
        <Skeleton width="50%" />
      </div>
    </div>
  );
}

/** A collection's placeholder: its 4:1 banner, its name, then a grid of cards. */
export function BannerSkeleton() {
  return (
    <div aria-busy="true">
      <div className="img-box skeleton hero-banner" style={{ aspectRatio: '4 / 1' }} />
      <div className="page-head">
        <Skeleton width="50%" height="2rem" />
      </div>
      <CardGridSkeleton count={4} />
    </div>
  );
}
