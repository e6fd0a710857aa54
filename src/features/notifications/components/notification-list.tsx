import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { NotificationType } from '#shared/schemas/notifications.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FailureState } from '#web/components/ui/states.tsx';
import { formatDateTime } from '#web/lib/format.ts';
import { isLanguage } from '#web/lib/i18n.ts';
import { useLiveStatus } from '#web/lib/live.ts';
import { useNetworks } from '#web/lib/networks.ts';
import { useOnline } from '#web/pwa/online.ts';
import {
  NOTIFICATION_PAGE_SIZE,
  type Notification,
  useMarkAllRead,
  useMarkRead,
  useNotifications,
} from '../api/notifications.ts';
import { notificationLink, notificationText } from '../text.ts';
import './notifications.css';

/** The list's filters: each a set of types (or unread only). */
const FILTERS = {
  all: [],
  unread: [],
  bids: ['OUTBID', 'BID_RECEIVED'],
  auctions: ['ENDING_SOON', 'AUCTION_WON'],
  sales: ['SOLD', 'BUNDLE_ITEM_SOLD'],
  listings: ['LOCK_RELEASED', 'LISTING_EXPIRED'],
} as const satisfies Record<string, readonly NotificationType[]>;
type FilterName = keyof typeof FILTERS;

function Item({ n }: { n: Notification }) {
  const { t, i18n } = useTranslation('notifications');
  const markRead = useMarkRead();
  const networks = useNetworks().data;
  const lang = isLanguage(i18n.language) ? i18n.language : 'vi';
  const unread = n.readAt === null;
  return (
    <li className={`notif-item${unread ? ' notif-item--unread' : ''}`} data-testid="notif-item">
      <p className="notif-item__text">
        {unread && <span className="visually-hidden">{t('unread')}: </span>}
        <Link to={notificationLink(n)} onClick={() => unread && markRead.mutate([n.id])}>
          {notificationText(t, n, networks)}
        </Link>{' '}
        <time dateTime={n.createdAt}>{formatDateTime(n.createdAt, lang)}</time>
      </p>
      {unread && (
        <Button
          variant="secondary"
          busy={markRead.isPending}
          onClick={() => markRead.mutate([n.id])}
        >
          {t('markRead')}
        </Button>
      )}
    </li>
  );
}

function Filters({ value, onChange }: { value: FilterName; onChange: (f: FilterName) => void }) {
  const { t } = useTranslation('notifications');
  return (
    <fieldset className="notif-filters">
      <legend className="visually-hidden">{t('filter.label')}</legend>
      {(Object.keys(FILTERS) as FilterName[]).map((name) => (
        <label key={name}>
          <input
            type="radio"
            name="notif-filter"
            checked={value === name}
            onChange={() => onChange(name)}
          />
          {t(`filter.${name}`)}
        </label>
      ))}
    </fieldset>
  );
}

function Pager({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage: (p: number) => void;
}) {
  const { t } = useTranslation('notifications');
  if (pages <= 1) return null;
  return (
    <nav className="notif-toolbar" aria-label={t('pager.page', { page, pages })}>
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('pager.previous')}
      </Button>
      <span>{t('pager.page', { page, pages })}</span>
      <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('pager.next')}
      </Button>
    </nav>
  );
}

/** The list with its filters, pages, mark-read actions and the stream's state. */
export function NotificationList({ token }: { token: string }) {
  const { t } = useTranslation('notifications');
  const [filter, setFilter] = useState<FilterName>('all');
  const [page, setPage] = useState(1);
  const query = useNotifications(token, {
    page,
    unread: filter === 'unread',
    types: FILTERS[filter],
  });
  const markAll = useMarkAllRead();
  const live = useLiveStatus();
  const online = useOnline();
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / NOTIFICATION_PAGE_SIZE)) : 1;
  return (
    <div>
      <div className="notif-toolbar">
        <p role="status">
          {!online
            ? t('offline')
            : live === 'reconnecting'
              ? t('live.reconnecting')
              : live === 'open'
                ? t('live.connected')
                : ''}
        </p>
        {/* Nothing to mark on an empty list: no action that does nothing. */}
        {data && data.data.length > 0 ? (
          <Button
            variant="secondary"
            busy={markAll.isPending}
            onClick={() => markAll.mutate(undefined)}
          >
            {t('markAllRead')}
          </Button>
        ) : null}
      </div>
      <Filters
        value={filter}
        onChange={(f) => {
          setFilter(f);
          setPage(1);
        }}
      />
      {query.isError && !data ? (
        <FailureState error={query.error} onRetry={() => void query.refetch()} />
      ) : !data ? (
        <div className="notif-loading" aria-busy="true">
          <p className="visually-hidden">{t('loading')}</p>
          <span className="skeleton" />
          <span className="skeleton" />
          <span className="skeleton" />
        </div>
      ) : data.data.length === 0 ? (
        <p className="state">{filter === 'all' ? t('empty') : t('emptyFiltered')}</p>
      ) : (
        <ul className="notif-list" data-testid="notif-list">
          {data.data.map((n) => (
            <Item key={n.id} n={n} />
          ))}
        </ul>
      )}
      <Pager page={page} pages={pages} onPage={setPage} />
    </div>
  );
}
