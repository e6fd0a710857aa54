/**
 * Named (prepared) statements for the `pg` pool: each distinct SQL text with parameters gets a
 * name, so a connection parses and analyses it once and afterwards only binds and executes it
 * (one round trip either way). Kysely sends the same few dozen texts for every catalogue call.
 * Texts without parameters (migrations, `begin`, several statements in one) stay on the simple
 * protocol, as `pg` sends them. Bounded: past MAX_NAMES distinct texts the rest go unnamed.
 * A table whose columns change while a node runs (a migration run by a newer node) makes
 * PostgreSQL refuse the prepared `select *` of the old shape; the connection then prepares its
 * statements again under new names and the statement is tried once more. A text that starts
 * with PLAN_EACH_TIME stays unnamed: PostgreSQL plans an unnamed statement for its values each
 * time, where a named one may settle on a generic plan after five runs (search by name: a
 * frequent and a rare word need different plans, repositories/search.ts).
 */
import type pg from 'pg';

const MAX_NAMES = 2000;
/**
 * Statements with more parameters stay unnamed: multi-row inserts (the indexer writes a range's
 * mints, logs and journal rows a batch at a time), whose texts change with the row count and
 * would use up the names the repeated reads need.
 */
const MAX_NAMED_PARAMETERS = 100;
const names = new Map<string, string>();

/** The comment a statement starts with to be planned for its own values every time. */
export const PLAN_EACH_TIME = '/* planned for its values */ ';

function nameOf(text: string, parameters: number): string | undefined {
  if (parameters > MAX_NAMED_PARAMETERS || text.startsWith(PLAN_EACH_TIME)) return undefined;
  let name = names.get(text);
  if (name === undefined && names.size < MAX_NAMES) {
    name = `k${names.size + 1}`;
    names.set(text, name);
  }
  return name;
}

const STALE_PLAN = 'cached plan must not change result type';

/** Makes the pool's clients name their parameterised statements. */
export function nameStatements(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
    let epoch = 0;
    const run = (text: string, values: unknown[]) => {
      const name = nameOf(text, values.length);
      return query(name ? { text, values, name: `${name}_${epoch}` } : { text, values });
    };
    const named = (text: unknown, values?: unknown, callback?: unknown) => {
      if (typeof text !== 'string' || !Array.isArray(values) || values.length === 0 || callback) {
        return query(text, values, callback);
      }
      return run(text, values).catch((error: unknown) => {
        if (!(error instanceof Error) || !error.message.includes(STALE_PLAN)) throw error;
        epoch += 1;
        return run(text, values);
      });
    };
    client.query = named as typeof client.query;
  });
}
