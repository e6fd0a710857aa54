/**
 * Two rules of biome.json, proved to fire: `process.env` is read only in the configuration modules
 * (noProcessEnv); a route file runs no SQL, neither Kysely's builder nor an import of kysely
 * (biome-plugins/no-sql-in-routes.grit, noRestrictedImports on server/src/routes/**). Each row
 * writes one file at a path of the repository's layout, lints it with the repository's own
 * biome.json (./biome-probe.ts) and expects the rule's diagnostic or none. A change to biome.json
 * that stops enforcing a rule fails here.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { lintProbes } from './biome-probe.ts';

const READS_ENV = 'export const port = process.env.PORT;\n';
const RUNS_SQL = `export const users = (db: { selectFrom(t: string): unknown }) =>
  db.selectFrom('users');
`;
const IMPORTS_KYSELY = "import { sql } from 'kysely';\n\nexport const one = sql`select 1`;\n";
const CALLS_REPOSITORY =
  "import { listCategories } from '#server/repositories/reference.ts';\n\nexport const x = listCategories;\n";
const ROUTE = 'server/src/routes/api/v1/x/index.ts';
const PLUGIN = 'plugin';
const IMPORT_RULE = 'lint/style/noRestrictedImports';

// file → contents → the diagnostic category expected (null: none of the rules under test)
const CASES: [string, string, string | null][] = [
  ['server/src/routes/api/v1/x/index.ts', READS_ENV, 'lint/style/noProcessEnv'],
  ['server/src/services/x.ts', READS_ENV, 'lint/style/noProcessEnv'],
  ['scripts/x.ts', READS_ENV, 'lint/style/noProcessEnv'],
  ['scripts/lib/stack/x.ts', READS_ENV, 'lint/style/noProcessEnv'],
  ['shared/x.ts', READS_ENV, 'lint/style/noProcessEnv'],
  ['server/src/config.ts', READS_ENV, null],
  ['scripts/lib/config.ts', READS_ENV, null],
  ['server/src/walletconnect-relay/config.ts', READS_ENV, null],
  ['server/tests/helpers/x.ts', READS_ENV, null],
  ['tests/e2e/x.ts', READS_ENV, null],
  [ROUTE.replace('x', 'sql-builder'), RUNS_SQL, PLUGIN],
  [ROUTE.replace('x', 'sql-import'), IMPORTS_KYSELY, IMPORT_RULE],
  [ROUTE.replace('x', 'sql-tag'), IMPORTS_KYSELY, PLUGIN],
  ['server/src/routes/api/v2/x/y/index.ts', RUNS_SQL, PLUGIN],
  [ROUTE.replace('x', 'thin'), CALLS_REPOSITORY, null],
  ['server/src/repositories/x.ts', RUNS_SQL, null],
  ['server/src/repositories/y.ts', IMPORTS_KYSELY, null],
  // no route and no entry point is allowed by name any more
  ['server/src/routes/api/v1/account/sign-up/index.ts', RUNS_SQL, PLUGIN],
  ['server/src/routes/api/v1/ETHwallets/switchActive/index.ts', RUNS_SQL, PLUGIN],
  ['server/src/server.ts', READS_ENV, 'lint/style/noProcessEnv'],
  ['scripts/test-all.ts', READS_ENV, 'lint/style/noProcessEnv'],
];

const RULES = ['lint/style/noProcessEnv', PLUGIN, IMPORT_RULE];

describe('lint rules of biome.json fire where they should', () => {
  let found: Map<string, string[]>;
  beforeAll(() => {
    found = lintProbes(Object.fromEntries(CASES.map(([file, contents]) => [file, contents])));
  });

  it.each(CASES)('%s: %j → %s', (file, _contents, expected) => {
    const hits = (found.get(file) ?? []).filter((c) => RULES.includes(c));
    if (expected === null) expect(hits).toEqual([]);
    else expect(hits).toContain(expected);
  });
});
