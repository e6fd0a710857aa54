/** What the outbox view reads from the server: the new least bid of an outbid bid. */
import { queryOptions } from '@tanstack/react-query';
import { weiFromWire } from '#shared/money.ts';
import { minimumBid } from '#shared/orders.ts';
import type { Bid, Order } from '#shared/schemas/entities.ts';
import { api, type DataBody, type ListBody } from '#web/lib/api-client.ts';
import type { OutboxItem } from '#web/pwa/outbox/store.ts';

/** The least bid now: 5% over the new highest (shared/orders.ts minimumBid), from the server. */
async function newMinimum(item: OutboxItem): Promise<bigint | null> {
  const body = item.body as { orderHash: string };
  const on = item.bidOn;
  if (!on) return null;
  const [order, bids] = await Promise.all([
    api.get<DataBody<Order>>(`/api/v2/orders/${body.orderHash}`).then((b) => b.data),
    api.get<ListBody<Bid>>(`/api/v2/bid/${on.kind === 'set' ? 'bid-set' : 'bid'}/${on.id}`, {
      query: { page: 1, size: 12 },
    }),
  ]);
  const top = bids.data.find((b) => b.isHighest && b.orderHash === order.orderHash);
  return minimumBid(weiFromWire(order.price), top ? weiFromWire(top.amount) : null);
}

export const newMinimumQueryOptions = (item: OutboxItem) =>
  queryOptions({
    queryKey: ['outbox', 'minimum', item.id],
    queryFn: () => newMinimum(item),
  });
