/**
 * The gifts' server calls (server/src/routes/api/v1/gifts): a gift by its link key's address,
 * the account's gifts, the giver's message (kept under an id derived from the link key) and the
 * relayed claim. The link key itself is never sent.
 */
import { queryOptions } from '@tanstack/react-query';
import type { Gift, GiftClaimBody } from '#shared/schemas/gifts.ts';
import { api, type DataBody } from '#web/lib/api-client.ts';
import { ApiError } from '#web/lib/errors.ts';

export const giftByKeyQueryOptions = (claimKey: string) =>
  queryOptions({
    queryKey: ['gifts', 'by-key', claimKey.toLowerCase()],
    queryFn: ({ signal }) =>
      api.get<DataBody<Gift>>(`/api/v1/gifts/by-key/${claimKey}`, { signal }).then((b) => b.data),
    retry: false,
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
    queryFn: async ({ signal }) => {
      try {
        const body = await api.get<DataBody<{ message: string }>>(
          `/api/v1/gifts/messages/${messageId}`,
          { signal },
        );
        return body.data.message;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    retry: false,
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
    const gift = await api
      .get<DataBody<Gift>>(`/api/v1/gifts/by-key/${claimKey}`)
      .then((b) => b.data)
      .catch(() => null);
    if (gift?.status === status) return;
    await sleep(500);
  }
}
