/**
 * The gifts' server calls (server/src/routes/api/v1/gifts): a gift by its link key's address,
 * the account's gifts, the giver's message (kept under an id derived from the link key) and the
 * relayed claim. The link key itself is never sent.
 */
import { queryOptions } from '@tanstack/react-query';
import type { Gift, GiftClaimBody } from '#shared/schemas/gifts.ts';
import { api, type DataBody } from '#web/lib/api-client.ts';

/** The gift made with the link key of address `claimKey`; null when there is none. */
const giftByKey = (claimKey: string, signal?: AbortSignal) =>
  api
    .get<DataBody<Gift | null>>(`/api/v1/gifts/by-key/${claimKey}`, signal ? { signal } : {})
    .then((b) => b.data);

export const giftByKeyQueryOptions = (claimKey: string) =>
  queryOptions({
    queryKey: ['gifts', 'by-key', claimKey.toLowerCase()],
    queryFn: ({ signal }) => giftByKey(claimKey, signal),
  });

export const myGiftsQueryOptions = () =>
  queryOptions({
    queryKey: ['gifts', 'mine'],
    queryFn: ({ signal }) =>
      api.get<DataBody<Gift[]>>('/api/v1/gifts/mine', { signal }).then((b) => b.data),
  });

/** The giver's message, or null when the gift has none. */
export const giftMessageQueryOptions = (messageId: string) =>
  queryOptions({
    queryKey: ['gifts', 'message', messageId],
    queryFn: ({ signal }) =>
      api
        .get<DataBody<{ message: string | null }>>(`/api/v1/gifts/messages/${messageId}`, {
          signal,
        })
        .then((b) => b.data.message),
  });

export async function storeGiftMessage(messageId: string, message: string): Promise<void> {
  await api.post('/api/v1/gifts/messages', { messageId, message });
}

export async function claimGift(giftId: string, body: GiftClaimBody): Promise<string> {
  const answer = await api.post<DataBody<{ txHash: string }>>(
    `/api/v1/gifts/${giftId}/claim`,
    body,
  );
  return answer.data.txHash;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resolves once the indexer recorded the gift made with `claimKey` in `status`. */
export async function giftIndexed(claimKey: string, status: Gift['status'], timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const gift = await giftByKey(claimKey).catch(() => null);
    if (gift?.status === status) return;
    await sleep(500);
  }
}
