import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, type Ref, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { CardGridSkeleton } from '#web/components/ui/skeleton.tsx';
import type { ListBody } from '#web/lib/api-client.ts';

/** How far below the viewport a section starts loading. */
const NEAR = '400px 0px';

/**
 * A section that mounts `children` (its query and cards) once it comes within NEAR of the
 * viewport. Until then it shows the same head and skeleton as a loading section, so nothing
 * moves when it mounts. Without IntersectionObserver it mounts after the first render.
 */
export function WhenNear({
  title,
  more,
  children,
}: {
  title: string;
  more?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLElement>(null);
  // Pending on the server and in the hydrating render alike (they must match).
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: NEAR },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  if (near) return <>{children}</>;
  return (
    <SectionFrame title={title} more={more} sectionRef={ref} pending>
      <CardGridSkeleton count={4} idle />
    </SectionFrame>
  );
}

function SectionFrame({
  title,
  more,
  sectionRef,
  pending = false,
  children,
}: {
  title: string;
  more?: string | undefined;
  sectionRef?: Ref<HTMLElement>;
  pending?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section
      className={pending ? 'section section--pending' : 'section'}
      aria-label={title}
      ref={sectionRef}
    >
      <div className="section__head">
        <h2>{title}</h2>
        {more ? <Link to={more}>{t('action.viewAll')}</Link> : null}
      </div>
      {children}
    </section>
  );
}

export function HomeSection<T>({
  title,
  more,
  query,
  grid = 'card-grid',
  count = 4,
  children,
}: {
  title: string;
  more?: string;
  query: UseQueryResult<ListBody<T>>;
  grid?: string;
  count?: number;
  children: (item: T, index: number) => ReactNode;
}) {
  return (
    <SectionFrame title={title} more={more}>
      <QueryView
        query={query}
        isEmpty={(b) => b.data.length === 0}
        empty="noDataFound"
        skeleton={<CardGridSkeleton count={count} />}
      >
        {(b) => <div className={grid}>{b.data.map((item, i) => children(item, i))}</div>}
      </QueryView>
    </SectionFrame>
  );
}
