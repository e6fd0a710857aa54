import { expect } from 'vitest';
import type { App } from '#server/app.ts';

/**
 * `url` read twice: from SQL (the cache not listening: no answer, no read model) and through the
 * cache for `reader` (its `isLiked` laid over a shared answer); the two bodies must be equal, the
 * reader's likes shown as none. Answers whether the cached read was a kept answer.
 */
export async function sameThroughCache(
  app: App,
  url: string,
  reader: string,
  round: string,
): Promise<boolean> {
  const cache = app.answerCache;
  cache.listening = false;
  const direct = await app.inject({ method: 'GET', url });
  cache.listening = true;
  expect(direct.statusCode, url).toBe(200);
  const cached = await app.inject({
    method: 'GET',
    url: `${url}${url.includes('?') ? '&' : '?'}likeAddress=${reader}`,
  });
  const how = cached.headers['x-cache'];
  const body = cached.body.replaceAll('"isLiked":true', '"isLiked":false');
  expect(body, `${round}: ${url} (${how})`).toBe(direct.body);
  return how === 'hit';
}
