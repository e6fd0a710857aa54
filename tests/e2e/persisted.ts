/**
 * Waits on the query cache the app persists (src/lib/query-persist.tsx: localStorage
 * `vbc.query-cache`, written at most once a second), so that a journey reloads only once the
 * copy it means to test is there.
 */
import type { Page } from 'playwright-core';

/** Waits until the persisted query cache holds an item with this like state. */
export async function persistedLike(
  page: Page,
  isLiked: boolean,
  likeCount: number,
): Promise<void> {
  await page.waitForFunction(
    ([liked, count]) => {
      const found = (v: unknown): boolean =>
        typeof v === 'object' &&
        v !== null &&
        (((v as { isLiked?: unknown }).isLiked === liked &&
          (v as { likeCount?: unknown }).likeCount === count) ||
          Object.values(v).some(found));
      const raw = localStorage.getItem('vbc.query-cache');
      return raw !== null && found(JSON.parse(raw));
    },
    [isLiked, likeCount] as const,
    { timeout: 10_000 },
  );
}

/** Waits until the persisted query cache says whether the signed-in user follows `target`. */
export async function persistedFollow(
  page: Page,
  target: number,
  following: boolean,
): Promise<void> {
  await page.waitForFunction(
    ([id, answer]) => {
      const raw = localStorage.getItem('vbc.query-cache');
      if (raw === null) return false;
      const client = JSON.parse(raw) as {
        clientState?: { queries?: { queryKey: unknown[]; state: { data?: unknown } }[] };
      };
      return (client.clientState?.queries ?? []).some(
        (q) =>
          q.queryKey.includes('is-following') &&
          q.queryKey.at(-1) === id &&
          q.state.data === answer,
      );
    },
    [target, following] as const,
    { timeout: 10_000 },
  );
}
