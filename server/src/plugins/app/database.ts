/** Decorates the app with `db` (Kysely) and closes the database with the app when it owns it. */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DatabaseHandle } from '#server/db/create-database.ts';
import type { Database } from '#server/db/types.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    dbBackend: DatabaseHandle['backend'];
  }
}

export function registerDatabase(app: FastifyInstance, handle: DatabaseHandle, owned: boolean) {
  app.decorate('db', handle.db);
  app.decorate('dbBackend', handle.backend);
  if (owned) app.addHook('onClose', async () => handle.close());
}
