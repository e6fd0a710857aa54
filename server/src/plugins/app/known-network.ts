/**
 * A request naming a network (`networkId` in its query or body: every catalogue list, the bid
 * totals, listings, raw trades; `network_id` of the wrapper calls) must name one of ours (a `networks` row): else UNKNOWN_NETWORK
 * ('Wrong network', shared/errors.ts), not an empty list that looks like a network with nothing
 * on it. Known ids are remembered (networks are added, not removed); an unknown one is looked up
 * each time, so a network registered later is found at once.
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from '#server/errors.ts';
import { networkExists } from '#server/repositories/reference.ts';

function namedNetwork(part: unknown): number | undefined {
  if (!part || typeof part !== 'object') return undefined;
  const { networkId, network_id } = part as { networkId?: unknown; network_id?: unknown };
  const value = networkId ?? network_id;
  return typeof value === 'number' ? value : undefined;
}

export function registerKnownNetworkCheck(app: FastifyInstance): void {
  const known = new Set<number>();
  app.addHook('preHandler', async (request) => {
    const networkId = namedNetwork(request.query) ?? namedNetwork(request.body);
    if (networkId === undefined || known.has(networkId)) return;
    if (!(await networkExists(app.db, networkId))) throw new AppError('UNKNOWN_NETWORK');
    known.add(networkId);
  });
}
