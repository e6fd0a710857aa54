import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { pingDatabase } from '#server/repositories/reference.ts';
import { Data, errorResponses, Nullable } from '#shared/schemas/common.ts';

const NetworkHealth = Type.Object({
  networkId: Type.Integer(),
  /** False while its node fails to answer or its indexer's last step failed. */
  ok: Type.Boolean(),
  leader: Type.Boolean(),
  lastBlock: Nullable(Type.Integer()),
  head: Nullable(Type.Integer()),
  /** Blocks between the head last seen and the last indexed one. */
  lag: Nullable(Type.Integer()),
  error: Nullable(Type.String()),
});

/**
 * GET /api/health: liveness + database reachability (load balancers, the start script), and each
 * indexed network's state: a network whose node is down says so here while the rest keeps serving
 * (`ok` stays true: one chain's node does not take the server out of a load balancer).
 */
const plugin: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['system'],
        response: {
          200: Data(
            Type.Object({
              ok: Type.Boolean(),
              database: Type.String(),
              networks: Type.Array(NetworkHealth),
            }),
          ),
          ...errorResponses,
        },
      },
    },
    async () => {
      await pingDatabase(app.db);
      const networks = [...app.indexers].map(([networkId, indexer]) => {
        const s = indexer.status();
        const lag =
          s.head !== null && s.lastBlock !== null ? Math.max(0, s.head - s.lastBlock) : null;
        const ok = s.lastError === null;
        return {
          networkId,
          ok,
          leader: s.leader,
          lastBlock: s.lastBlock,
          head: s.head,
          lag,
          error: s.lastError,
        };
      });
      return { data: { ok: true, database: app.dbBackend, networks } };
    },
  );
};
export default plugin;
