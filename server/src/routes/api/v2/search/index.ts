import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import search from '../show/search/index.ts';

/** GET /api/v2/search?q=: the same search as /api/v2/show/search (the web app calls that one). */
const plugin: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(search);
};
export default plugin;
