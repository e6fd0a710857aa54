/**
 * vitest globalSetup of the server project: ONE PostgreSQL cluster for the whole run (instead of
 * one per test file), with the migrations applied once to a template database that each test
 * database is cloned from (`CREATE DATABASE x TEMPLATE y`, a file copy). Test files reach it
 * through `sharedPostgres()` (./shared-postgres.ts); the provided value's type is declared there. Not started when TEST_DB_BACKENDS leaves
 * PostgreSQL out; stopped when the run ends.
 */
import type { TestProject } from 'vitest/node';
import { createDatabase } from '#server/db/create-database.ts';
import { migrate } from '#server/db/migrate.ts';
import { selectedBackends, TEMPLATE_DATABASE } from './backends.ts';
import { type PostgresCluster, startPostgresCluster } from './postgres-cluster.ts';

let cluster: PostgresCluster | undefined;

export async function setup(project: TestProject): Promise<void> {
  if (!selectedBackends().includes('postgres')) return;
  cluster = await startPostgresCluster();
  const url = await cluster.createDatabase(TEMPLATE_DATABASE);
  const database = await createDatabase({ databaseUrl: url, poolMax: 1 });
  try {
    await migrate(database.db);
  } finally {
    await database.close();
  }
  project.provide('postgresCluster', { port: cluster.port });
}

export async function teardown(): Promise<void> {
  await cluster?.stop();
  cluster = undefined;
}
