/**
 * Which database backends the server tests run on. Plain data (no vitest import): the global
 * setup (./global-setup.ts) reads it in the main process too.
 */
import type { DatabaseBackend } from '#server/db/create-database.ts';

export const ALL_BACKENDS: DatabaseBackend[] = ['pglite', 'postgres'];
/**
 * Where a file's behaviour is the route's, not the SQL dialect's (validation, auth, wire shapes):
 * one backend, the product's default. The SQL behind those routes is run on both backends by the
 * repository, migration, locking, notification and indexer files.
 */
export const ROUTE_BACKENDS: DatabaseBackend[] = ['pglite'];

/** The migrated database every test database of the shared cluster is a copy of. */
export const TEMPLATE_DATABASE = 'marketplace_template';

/** Backends to run: TEST_DB_BACKENDS=pglite,postgres (default both). */
export function selectedBackends(): DatabaseBackend[] {
  const wanted = process.env.TEST_DB_BACKENDS?.split(',').map((s) => s.trim());
  return wanted?.length ? ALL_BACKENDS.filter((b) => wanted.includes(b)) : [...ALL_BACKENDS];
}

/**
 * The backends a block asks for that TEST_DB_BACKENDS selects; a block on one backend that is
 * not selected runs on the first selected one instead (it is never left out).
 */
export function backendsFor(wanted: DatabaseBackend[]): DatabaseBackend[] {
  const selected = selectedBackends();
  const chosen = selected.filter((b) => wanted.includes(b));
  return chosen.length || !selected[0] ? chosen : [selected[0]];
}
