/** Users (spec §7 /api/v2/user: first entry of data used), their follows, orders and bids. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BidEntry } from '#shared/schemas/catalogue.ts';
import type { Order, User } from '#shared/schemas/entities.ts';
import { api, type ListBody } from '#web/lib/api-client.ts';
import { ApiError } from '#web/lib/errors.ts';

export type { BidEntry, Order, User };

export const userKeys = {
  all: ['user'] as const,
  detail: (id: string) => [...userKeys.all, 'detail', id] as const,
  followers: (id: number, page: number) => [...userKeys.all, 'followers', id, page] as const,
  following: (id: number, page: number) => [...userKeys.all, 'following', id, page] as const,
  orders: (address: string, page: number) => [...userKeys.all, 'orders', address, page] as const,
  bids: (address: string, page: number) => [...userKeys.all, 'bids', address, page] as const,
};

/** spec §4: the user lookup fails if the first entry is missing. */
export function firstUser(body: ListBody<User>): User {
  const user = body.data[0];
  if (!user) throw new ApiError('user not found', { status: 404, code: 'NOT_FOUND' });
  return user;
}

export const userQueryOptions = (id: string) =>
  queryOptions({
    queryKey: userKeys.detail(id),
    queryFn: ({ signal }) =>
      api
        .get<ListBody<User>>('/api/v2/user', { query: { id, page: 1, size: 1 }, signal })
        .then(firstUser),
  });
export const useUser = (id: string) => useQuery(userQueryOptions(id));

export const useFollowers = (id: number, page: number, kind: 'followers' | 'following') =>
  useQuery({
    queryKey: kind === 'followers' ? userKeys.followers(id, page) : userKeys.following(id, page),
    queryFn: ({ signal }) =>
      api.get<ListBody<User>>(`/api/v2/user/${kind}`, {
        query: { userId: id, page, size: 12 },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** Whether `me` follows `target`: looks through my following list (at most 5 pages of 24). */
export const useIsFollowing = (me: number | undefined, target: number) =>
  useQuery({
    queryKey: [...userKeys.all, 'is-following', me ?? 0, target] as const,
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

/** Order history: the signed-in account's (every linked address) when `address` is 'mine'. */
export const useOrders = (address: string | undefined, page: number) =>
  useQuery({
    queryKey: userKeys.orders(address ?? '', page),
    queryFn: ({ signal }) =>
      api.get<ListBody<Order>>(
        address === 'mine' ? '/api/v2/user/my-orders' : `/api/v2/user/my-orders/${address}`,
        { query: { page, size: 12 }, signal },
      ),
    enabled: Boolean(address),
    placeholderData: keepPreviousData,
  });

/** Bid history (spec §7 bids-by-bidder): the signed-in account's when `address` is 'mine'. */
export const useBidsByBidder = (address: string | undefined, page: number) =>
  useQuery({
    queryKey: userKeys.bids(address ?? '', page),
    queryFn: ({ signal }) =>
      api.get<ListBody<BidEntry>>(
        address === 'mine' ? '/api/v2/bid/bids-by-bidder' : `/api/v2/bid/bids-by-bidder/${address}`,
        { query: { page, size: 12 }, signal },
      ),
    enabled: Boolean(address),
    placeholderData: keepPreviousData,
  });
