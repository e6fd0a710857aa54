import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { thumbnailUrl } from '#shared/image-url.ts';
import type { HistoryEntry } from '#web/lib/db/db.ts';
import { hasStored } from '#web/lib/db/presence.ts';

const loadHistory = () => import('#web/lib/db/history.ts');

/** The history list, re-read on every change; [] until IndexedDB answers. */
function useHistory(limit: number): HistoryEntry[] | null {
  const [items, setItems] = useState<HistoryEntry[] | null>(null);
  useEffect(() => {
    let live = true;
    let stop = () => {};
    if (!hasStored('history')) {
      setItems([]); // nothing viewed on this device yet: no IndexedDB needed
      return;
    }
    void loadHistory().then((m) => {
      if (!live) return;
      const read = () =>
        m.listHistory(limit).then(
          (list) => live && setItems(list),
          () => live && setItems([]),
        );
      stop = m.onHistoryChange(() => void read());
      void read();
    });
    return () => {
      live = false;
      stop();
    };
  }, [limit]);
  return items;
}

/**
 * Recently viewed NFTs, collections, sets and bundles, newest first; works offline.
 * Shown on home and profile; renders nothing until there is something to show (no layout shift
 * above the fold: it is placed below the page's own content).
 */
export function RecentlyViewed({ limit = 12 }: { limit?: number }) {
  const { t } = useTranslation('pwa');
  const items = useHistory(limit);
  if (!items || items.length === 0) return null;
  return (
    <section className="section history" aria-labelledby="recently-viewed-title">
      <div className="section__head">
        <h2 id="recently-viewed-title">{t('history.title')}</h2>
      </div>
      <ul className="history__list" data-testid="recently-viewed">
        {items.map((item) => (
          <li key={item.key}>
            <Link to={item.path} className="history__item">
              <span className="history__thumb">
                {item.image ? (
                  <img
                    src={thumbnailUrl(item.image, 240)}
                    alt=""
                    width="56"
                    height="56"
                    loading="lazy"
                  />
                ) : null}
              </span>
              <span className="history__text">
                <span className="history__name">{item.name}</span>
                <span className="history__kind">{t(`history.kind.${item.kind}`)}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
