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
  /**
   * 'genesis-changed': the node now answers a chain with another block 0 than the one indexed;
   * its indexing stopped until the operator acts (README, Networks). Null otherwise.
   */
  halted: Nullable(Type.Literal('genesis-changed')),
});

/**
 * GET /api/health: liveness + database reachability (load balancers, the start script), whether
 * the node's catalogue rows are loaded (`nftRowsLoaded`, the API benchmark waits on it), and each
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
              /** Whether this node holds every NFT row in memory (decision 138) since its last drop. */
              nftRowsLoaded: Type.Boolean(),
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
        // Another chain's head says nothing about how far the indexed one is behind.
        const lag =
          s.head !== null && s.lastBlock !== null && !s.halted
            ? Math.max(0, s.head - s.lastBlock)
            : null;
        const ok = s.lastError === null;
        return {
          networkId,
          ok,
          leader: s.leader,
          lastBlock: s.lastBlock,
          head: s.head,
          lag,
          error: s.lastError,
          halted: s.halted,
        };
      });
      const nftRowsLoaded = app.answerCache.nfts.loaded;
      return { data: { ok: true, database: app.dbBackend, nftRowsLoaded, networks } };
    },
  );
};
export default plugin;
