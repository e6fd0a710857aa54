import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import Type from 'typebox';
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
      await sql`select 1`.execute(app.db);
      return { data: { ok: true, database: app.dbBackend } };
    },
  );
};
export default plugin;
