import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { pingDatabase } from '#server/repositories/reference.ts';
import { Data, errorResponses } from '#shared/schemas/common.ts';

/** GET /api/health: liveness + database reachability (load balancers, the start script). */
const plugin: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['system'],
        response: {
          200: Data(Type.Object({ ok: Type.Boolean(), database: Type.String() })),
          ...errorResponses,
        },
      },
    },
    async () => {
      await pingDatabase(app.db);
      return { data: { ok: true, database: app.dbBackend } };
    },
  );
};
export default plugin;
