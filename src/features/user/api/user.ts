/** Users (/api/v2/user: the first entry of `data`), their follows, orders and bids. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ACTIVITY_PAGE_SIZE } from '#shared/rules.ts';
import type { BidEntry } from '#shared/schemas/catalogue.ts';
import type { Activity, OrderHistoryEntry, User } from '#shared/schemas/entities.ts';
import { api, type ListBody } from '#web/lib/api-client.ts';
import { ApiError } from '#web/lib/errors.ts';

export type { User };

/** Page size of a profile's tabs and histories. */
export const PROFILE_PAGE_SIZE = 12;

/** The root of every key below: a follow refreshes them all. */
export const USER_QUERY_ROOT = ['user'] as const;
const userQueryKey = (id: string) => [...USER_QUERY_ROOT, 'detail', id] as const;
const followsQueryKey = (kind: 'followers' | 'following', id: number, page: number) =>
  [...USER_QUERY_ROOT, kind, id, page] as const;
const isFollowingQueryKey = (me: number, target: number) =>
  [...USER_QUERY_ROOT, 'is-following', me, target] as const;
const ordersQueryKey = (address: string, page: number) =>
  [...USER_QUERY_ROOT, 'orders', address, page] as const;
const bidsByBidderQueryKey = (address: string, page: number) =>
  [...USER_QUERY_ROOT, 'bids', address, page] as const;
const addressActivityQueryKey = (address: string) =>
  [...USER_QUERY_ROOT, 'activity', address] as const;

/** The user lookup fails when the list's first entry is missing. */
function firstUser(body: ListBody<User>): User {
  const user = body.data[0];
  if (!user) throw new ApiError('user not found', { status: 404, code: 'NOT_FOUND' });
  return user;
}

const userQueryOptions = (id: string) =>
  queryOptions({
    queryKey: userQueryKey(id),
    queryFn: ({ signal }) =>
      api
        .get<ListBody<User>>('/api/v2/user', { query: { id, page: 1, size: 1 }, signal })
        .then(firstUser),
  });
export const useUser = (id: string) => useQuery(userQueryOptions(id));

const followsQueryOptions = (kind: 'followers' | 'following', id: number, page: number) =>
  queryOptions({
    queryKey: followsQueryKey(kind, id, page),
    queryFn: ({ signal }) =>
      api.get<ListBody<User>>(`/api/v2/user/${kind}`, {
        query: { userId: id, page, size: PROFILE_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
export const useFollows = (kind: 'followers' | 'following', id: number, page: number) =>
  useQuery(followsQueryOptions(kind, id, page));

/** Whether `me` follows `target`: looks through my following list (at most 5 pages of 24). */
const isFollowingQueryOptions = (me: number | undefined, target: number) =>
  queryOptions({
    queryKey: isFollowingQueryKey(me ?? 0, target),
    queryFn: async ({ signal }) => {
      for (let page = 1; page <= 5; page++) {
        const body = await api.get<ListBody<User>>('/api/v2/user/following', {
          query: { userId: me, page, size: 24 },
          signal,
        });
        if (body.data.some((u) => u.id === target)) return true;
        if (page * 24 >= body.total) return false;
      }
      return false;
    },
    enabled: me !== undefined && me !== target,
  });
export const useIsFollowing = (me: number | undefined, target: number) =>
  useQuery(isFollowingQueryOptions(me, target));

/** Order history: the signed-in account's (every linked address) when `address` is 'mine'. */
const ordersQueryOptions = (address: string | undefined, page: number) =>
  queryOptions({
    queryKey: ordersQueryKey(address ?? '', page),
    queryFn: ({ signal }) =>
      api.get<ListBody<OrderHistoryEntry>>(
        address === 'mine' ? '/api/v2/user/my-orders' : `/api/v2/user/my-orders/${address}`,
        { query: { page, size: PROFILE_PAGE_SIZE }, signal },
      ),
    enabled: Boolean(address),
    placeholderData: keepPreviousData,
  });
export const useOrders = (address: string | undefined, page: number) =>
  useQuery(ordersQueryOptions(address, page));

/** Bid history: the signed-in account's when `address` is 'mine'. */
const bidsByBidderQueryOptions = (address: string | undefined, page: number) =>
  queryOptions({
    queryKey: bidsByBidderQueryKey(address ?? '', page),
    queryFn: ({ signal }) =>
      api.get<ListBody<BidEntry>>(
        address === 'mine' ? '/api/v2/bid/bids-by-bidder' : `/api/v2/bid/bids-by-bidder/${address}`,
        { query: { page, size: PROFILE_PAGE_SIZE }, signal },
      ),
    enabled: Boolean(address),
    placeholderData: keepPreviousData,
  });
export const useBidsByBidder = (address: string | undefined, page: number) =>
  useQuery(bidsByBidderQueryOptions(address, page));

/** Activity that involves an address (from or to), newest first. */
const addressActivityQueryOptions = (address: string) =>
  queryOptions({
    queryKey: addressActivityQueryKey(address),
    queryFn: ({ signal }) =>
      api.get<ListBody<Activity>>('/api/v2/activity', {
        query: { address, page: 1, size: ACTIVITY_PAGE_SIZE },
        signal,
      }),
  });
export const useAddressActivity = (address: string) =>
  useQuery(addressActivityQueryOptions(address));
