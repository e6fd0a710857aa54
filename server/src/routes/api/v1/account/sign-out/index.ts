import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { errorResponses, OkBody } from '#shared/schemas/common.ts';

/**
 * POST /api/v1/account/sign-out (bearer): ends the caller's session on the server. The token's id
 * goes to `revoked_sessions` until the token would have expired, so every route that checks a
 * session (server/src/plugins/app/auth.ts, the live stream too) refuses it from now on; a token
 * without an id (signed before ids existed) is ended by moving the account's session epoch on.
 * Expired ids are dropped on the way.
 */
const plugin: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/',
    {
      config: { auth: 'user' },
      schema: { tags: ['account'], response: { 200: OkBody, ...errorResponses } },
    },
    async (request) => {
      const user = request.user!;
      await app.db.transaction().execute(async (tx) => {
        await tx.deleteFrom('revoked_sessions').where('expires_at', '<', new Date()).execute();
        if (user.jti) {
          await tx
            .insertInto('revoked_sessions')
            .values({
              jti: user.jti,
              user_id: user.id,
              expires_at: new Date(user.expiresAt * 1000),
            })
            .onConflict((oc) => oc.column('jti').doNothing())
            .execute();
        } else {
          await tx
            .updateTable('users')
            .set({ session_epoch: sql<number>`session_epoch + 1` })
            .where('id', '=', user.id)
            .execute();
        }
      });
      return { data: true };
    },
  );
};
export default plugin;
