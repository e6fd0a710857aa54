/**
 * The first screen's API answers: each query of `#shared/first-screen.ts` is called through
 * `app.inject` exactly as the client would call it (as a visitor), then the queries its answer
 * leads to. The answers are kept as the client's query functions keep them.
 */
import type { FastifyInstance } from 'fastify';
import type { FirstQuery, InitialData } from '#shared/first-screen.ts';
import { INTERNAL_HEADER, INTERNAL_KEY } from '../internal-request.ts';

export type FirstAnswers = {
  queries: InitialData['queries'];
  /** The first image the screen shows (its LCP element), if any. */
  image: string | null;
};

/** The kept value of one query, or undefined when the API did not answer 200. */
async function run(app: FastifyInstance, q: FirstQuery): Promise<unknown> {
  const response = await app.inject({
    method: 'GET',
    url: q.path,
    query: Object.fromEntries(Object.entries(q.params).map(([k, v]) => [k, String(v)])),
    headers: {
      accept: 'application/json',
      [INTERNAL_HEADER]: INTERNAL_KEY,
      ...(q.marketplaceKey ? { 'marketplace-key': app.config.marketplaceKey } : {}),
    },
  });
  if (response.statusCode !== 200) return undefined;
  const body = response.json() as Record<string, unknown>;
  return q.keep === 'data' ? body.data : body;
}

async function runAll(
  app: FastifyInstance,
  queries: FirstQuery[],
  into: InitialData['queries'],
  images: (string | null)[],
): Promise<void> {
  await Promise.all(
    queries.map(async (q) => {
      const value = await run(app, q);
      if (value === undefined || value === null) return;
      into.push({ key: q.key, value });
      if (q.image) images.push(q.image(value));
      if (q.next) await runAll(app, q.next(value), into, images);
    }),
  );
}

export async function firstAnswers(
  app: FastifyInstance,
  queries: FirstQuery[],
): Promise<FirstAnswers> {
  const answers: InitialData['queries'] = [];
  const images: (string | null)[] = [];
  await runAll(app, queries, answers, images);
  return { queries: answers, image: images.find((i) => i) ?? null };
}
