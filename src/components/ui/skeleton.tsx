import { useTranslation } from 'react-i18next';

export function Skeleton({ width, height = '1em' }: { width?: string; height?: string }) {
  return <span className="skeleton" style={{ width, height }} aria-hidden="true" />;
}

/**
 * A grid of card placeholders with the cards' own aspect ratio (no layout shift). `idle`: nothing
 * is loading yet (a home section below the fold, home-section.tsx), so it neither says "Loading…"
 * nor is busy: a page whose visible part has loaded is not busy for what waits to be scrolled to.
 */
export function CardGridSkeleton({ count = 6, idle = false }: { count?: number; idle?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="card-grid" aria-busy={idle ? undefined : 'true'}>
      {idle ? null : (
        <span className="visually-hidden" role="status">
          {t('state.loading')}
        </span>
      )}
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <div className="card card--skeleton" key={i} aria-hidden="true">
          <div className="card__media skeleton" />
          <div className="card__body">
            <Skeleton width="70%" />
            <Skeleton width="40%" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** Shown while a screen's chunk loads. */
export function PageSkeleton() {
  return (
    <div aria-busy="true">
      <Skeleton width="40%" height="2rem" />
      <CardGridSkeleton count={4} />
    </div>
  );
}
