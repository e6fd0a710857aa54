/**
 * The run's PostgreSQL cluster (./global-setup.ts) as seen from a test file: a database per test
 * app, cloned from the migrated template. `null` when the file runs without the global setup
 * (then a test starts a cluster of its own, as before).
 */
import pg from 'pg';
import { inject } from 'vitest';
import { TEMPLATE_DATABASE } from './backends.ts';
import type { PostgresCluster } from './postgres-cluster.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresCluster: { port: number } | undefined;
  }
}

/** A cluster this file did not start: it can create databases, not restart or stop the server. */
export type SharedCluster = PostgresCluster & {
  /** A new database holding the migrated schema (a copy of the template), and its URL. */
  createMigratedDatabase(name: string): Promise<string>;
};

export function sharedPostgres(): SharedCluster | null {
  const provided = inject('postgresCluster');
  if (!provided) return null;
  const { port } = provided;
  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const create = async (name: string, template?: string) => {
    if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad database name ${name}`);
    const client = new pg.Client({ connectionString: url() });
    await client.connect();
    try {
      await client.query(`create database ${name}${template ? ` template ${template}` : ''}`);
    } finally {
      await client.end();
    }
    return url(name);
  };
  return {
    port,
    url,
    createDatabase: (name) => create(name),
    createMigratedDatabase: (name) => create(name, TEMPLATE_DATABASE),
    restart: () => Promise.reject(new Error('the shared cluster is not restarted by a test')),
    // The global setup stops it when the run ends.
    stop: async () => undefined,
  };
}
