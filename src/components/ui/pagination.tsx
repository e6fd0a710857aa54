import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Page numbers to show: first, last, current ±1, with gaps (null). */
export function pageWindow(page: number, pages: number): (number | null)[] {
  if (pages <= 7) return Array.from({ length: pages }, (_, i) => i + 1);
  const wanted = new Set([1, pages, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pages));
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((p, i) => {
    const prev = sorted[i - 1];
    if (prev !== undefined && p - prev > 1) out.push(null);
    out.push(p);
  });
  return out;
}

export function Pagination({
  page,
  total,
  size,
  href,
  onNavigate,
}: {
  page: number;
  total: number;
  size: number;
  /** Builds the link of a page (keeps filters). */
  href: (page: number) => string;
  /** In-page paging: called instead of following the link. */
  onNavigate?: (page: number) => void;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / size));
  if (pages <= 1) return null;
  const click = (p: number) => (e: MouseEvent) => {
    if (!onNavigate) return;
    e.preventDefault();
    onNavigate(p);
  };
  return (
    <nav className="pagination" aria-label={t('pagination.label')}>
      {page > 1 ? (
        <Link
          className="pagination__step"
          to={href(page - 1)}
          onClick={click(page - 1)}
          aria-label={t('pagination.previous')}
        >
          ‹
        </Link>
      ) : null}
      {pageWindow(page, pages).map((p, i) =>
        p === null ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity
          <span key={`gap-${i}`} className="pagination__gap" aria-hidden="true">
            …
          </span>
        ) : (
          <Link
            key={p}
            to={href(p)}
            onClick={click(p)}
            className="pagination__page"
            aria-current={p === page ? 'page' : undefined}
            aria-label={
              p === page ? t('pagination.current', { page: p }) : t('pagination.page', { page: p })
            }
          >
            {p}
          </Link>
        ),
      )}
      {page < pages ? (
        <Link
          className="pagination__step"
          to={href(page + 1)}
          onClick={click(page + 1)}
          aria-label={t('pagination.next')}
        >
          ›
        </Link>
      ) : null}
    </nav>
  );
}
