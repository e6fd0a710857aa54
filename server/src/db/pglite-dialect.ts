/**
 * A Kysely dialect for PGlite 0.5 (embedded WASM Postgres): Postgres adapter, query compiler and
 * introspector from Kysely, and this small driver. PGlite is one connection, so the driver hands
 * it out to one Kysely connection at a time (a FIFO mutex); a transaction keeps it until commit.
 */
import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

class Mutex {
  #tail: Promise<void> = Promise.resolve();

  /** Resolves with the release function once every earlier holder has released. */
  lock(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => {
      release = resolve;
    });
    const previous = this.#tail;
    this.#tail = previous.then(() => next);
    return previous.then(() => release);
  }
}

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    // Without parameters the simple protocol runs (so a migration file may hold many statements);
    // its last statement's result is the answer, as with `pg`.
    if (compiled.parameters.length === 0) {
      const results = await this.pglite.exec(compiled.sql);
      const last = results[results.length - 1];
      return toQueryResult<R>(last?.rows ?? [], last?.affectedRows, last?.command);
    }
    const result = await this.pglite.query<R>(compiled.sql, [...compiled.parameters]);
    return toQueryResult<R>(result.rows, result.affectedRows, result.command);
  }

  // PGlite has no cursors: one chunk with every row.
  async *streamQuery<R>(compiled: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    yield await this.executeQuery<R>(compiled);
  }
}

function toQueryResult<R>(rows: unknown[], affected?: number, command?: string): QueryResult<R> {
  const changes = command && ['INSERT', 'UPDATE', 'DELETE', 'MERGE'].includes(command);
  return {
    rows: rows as R[],
    ...(changes ? { numAffectedRows: BigInt(affected ?? 0) } : {}),
  };
}

class PGliteDriver implements Driver {
  readonly #mutex = new Mutex();
  readonly #connection: PGliteConnection;
  readonly #releases = new WeakMap<DatabaseConnection, () => void>();

  constructor(private readonly pglite: PGlite) {
    this.#connection = new PGliteConnection(pglite);
  }

  async init(): Promise<void> {
    await this.pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.#mutex.lock();
    // One connection object; the release for the current holder is kept beside it.
    this.#releases.set(this.#connection, release);
    return this.#connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    let text = 'begin';
    if (settings.isolationLevel || settings.accessMode) {
      text = 'start transaction';
      if (settings.isolationLevel) text += ` isolation level ${settings.isolationLevel}`;
      if (settings.accessMode) text += ` ${settings.accessMode}`;
    }
    await connection.executeQuery(CompiledQuery.raw(text));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const release = this.#releases.get(connection);
    this.#releases.delete(connection);
    release?.();
  }

  async destroy(): Promise<void> {
    // The owner of the PGlite instance closes it (see create-database.ts).
  }
}

export class PGliteDialect implements Dialect {
  constructor(private readonly pglite: PGlite) {}
  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pglite);
  }
  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
}
