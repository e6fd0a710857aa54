/**
 * The signed-in user's notifications: the paged list (filters), the unread count, mark read
 * (one or all) and the e-mail preferences. New ones arrive on the live stream
 * (src/lib/live.ts), which invalidates these keys. Shapes: shared/schemas/notifications.ts.
 */
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  Notification,
  NotificationList,
  NotificationPrefs,
  NotificationType,
  UnreadCount,
} from '#shared/schemas/notifications.ts';
import { api, type DataBody } from '#web/lib/api-client.ts';
import { ApiError } from '#web/lib/errors.ts';
import { onCleanStore } from '#web/stores/session.ts';

export type { Notification, NotificationPrefs, NotificationType };

/** The root of every notification key (per signed-in user: the token is part of the key). */
const NOTIFICATIONS_ROOT = ['notifications'] as const;

/** Something happened to the account (a live event): its notifications and counts refetch. */
export const invalidateNotifications = (client: QueryClient) =>
  client.invalidateQueries({ queryKey: NOTIFICATIONS_ROOT });

export interface ListFilter {
  page: number;
  unread: boolean;
  types: readonly NotificationType[];
}

export const NOTIFICATION_PAGE_SIZE = 12;

/**
 * A page of the list; each loaded page is kept in IndexedDB (offline-copy.ts, loaded lazily) and
 * shown instead when the network fails, so the list survives a reload while offline.
 */
async function listPage(token: string, filter: ListFilter, signal: AbortSignal) {
  const copies = import('./offline-copy.ts');
  const pageKey = JSON.stringify(filter);
  try {
    const body = await api.get<NotificationList>('/api/v1/notification', {
      query: {
        page: filter.page,
        size: NOTIFICATION_PAGE_SIZE,
        unread: filter.unread || undefined,
        types: filter.types.length ? filter.types : undefined,
      },
      signal,
    });
    const { saveCopy, userOfToken } = await copies;
    const user = userOfToken(token);
    if (user) void saveCopy(user, pageKey, body).catch(() => undefined);
    return body;
  } catch (error) {
    if (!(error instanceof ApiError) || (error.status !== 0 && error.status < 500)) throw error;
    const { loadCopy, userOfToken } = await copies;
    const user = userOfToken(token);
    const copy = user ? await loadCopy(user, pageKey).catch(() => null) : null;
    if (!copy) throw error;
    return copy;
  }
}

onCleanStore(() => import('./offline-copy.ts').then((m) => m.clearCopies()));

export function useNotifications(token: string | null, filter: ListFilter) {
  return useQuery({
    queryKey: [...NOTIFICATIONS_ROOT, 'list', token, filter] as const,
    enabled: token !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
    // offline, still try once: the kept copy answers
    networkMode: 'offlineFirst',
    queryFn: ({ signal }) => listPage(token ?? '', filter, signal),
  });
}

export function useUnreadCount(token: string | null) {
  return useQuery({
    queryKey: [...NOTIFICATIONS_ROOT, 'unread', token] as const,
    enabled: token !== null,
    staleTime: 60_000,
    queryFn: ({ signal }) =>
      api
        .get<UnreadCount>('/api/v1/notification/unread-count', { signal })
        .then((b) => b.data.unread),
  });
}

function useInvalidating<T>(call: (arg: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => client.invalidateQueries({ queryKey: NOTIFICATIONS_ROOT }),
  });
}

export const useMarkRead = () =>
  useInvalidating((ids: string[]) => api.post('/api/v1/notification/read', { ids }));

export const useMarkAllRead = () =>
  useInvalidating((_: undefined) => api.post('/api/v1/notification/read-all', {}));

export function usePrefs(token: string | null) {
  return useQuery({
    queryKey: [...NOTIFICATIONS_ROOT, 'prefs', token] as const,
    enabled: token !== null,
    queryFn: ({ signal }) =>
      api
        .get<DataBody<NotificationPrefs>>('/api/v1/notification/preferences', { signal })
        .then((b) => b.data),
  });
}

export const useSavePrefs = () =>
  useInvalidating((prefs: NotificationPrefs) =>
    api.put<DataBody<NotificationPrefs>>('/api/v1/notification/preferences', prefs),
  );
