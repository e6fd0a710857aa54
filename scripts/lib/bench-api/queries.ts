/**
 * The SQL half of the API benchmark: every list the web app offers (each category or none, each
 * sort, pages 1 and 100), search for a frequent, a rare and an absent word and the activity
 * list (all and by type, pages 1 and 50) read through the server's own repository code on a
 * Kysely whose log times each statement; then p95 per statement shape, and an EXPLAIN of each shape: the indexes
 * it uses, and whether it scans or sorts a whole table.
 */
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from '#server/db/types.ts';
import { listActivities, parseActivityTypes } from '#server/repositories/activities.ts';
import { listCollections } from '#server/repositories/collections.ts';
import { nftListPage } from '#server/repositories/nfts.ts';
import { searchByName } from '#server/repositories/search.ts';
import { LIST_SORTS, type ListSort } from '#shared/enums.ts';

export interface ShapeResult {
  /** The statement with parameters as $n, whitespace folded. */
  sql: string;
  runs: number;
  p95: number;
  max: number;
  indexes: string[];
  /** Seq Scan on a large table, or a Sort over more than a page's worth of rows. */
  wholeTable: string | null;
}

interface Logged {
  sql: string;
  parameters: readonly unknown[];
  ms: number;
}

type Variant = (db: Kysely<Database>) => Promise<unknown>;

function variants(labels: number[]): Variant[] {
  const list: Variant[] = [];
  for (const sort of LIST_SORTS as readonly ListSort[]) {
    for (const page of [1, 2, 100]) {
      for (const labelId of [undefined, ...labels]) {
        list.push((db) => nftListPage(db, { page, size: 24, sort, labelId }));
        list.push((db) =>
          listCollections(db, { labelId }, sort, { page: Math.min(page, 2), size: 24 }),
        );
      }
      list.push((db) => nftListPage(db, { page, size: 24, sort, status: 'ONSALE', labelId: 3 }));
    }
  }
  // "lotus" opens a twelfth of the names, "temple" is inside a tenth, the numbers are in a few
  // (scripts/lib/bench-api/load.ts), "zebra" in none.
  for (const word of ['lotus', 'temple', '4242', '99999', 'zebra']) {
    list.push((db) => searchByName(db, word, 6));
  }
  for (const page of [1, 50]) {
    for (const types of [undefined, parseActivityTypes('purchase')]) {
      list.push((db) => listActivities(db, { types }, { page, size: 20 }));
    }
  }
  return list;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Plan Rows'?: number;
  'Actual Rows'?: number;
  Plans?: PlanNode[];
}

function summarize(node: PlanNode, out: { indexes: Set<string>; whole: string[] }): void {
  if (node['Index Name']) out.indexes.add(node['Index Name']);
  const rows = node['Actual Rows'] ?? node['Plan Rows'] ?? 0;
  if (node['Node Type'] === 'Seq Scan' && rows > 1000) {
    out.whole.push(`Seq Scan on ${node['Relation Name']} (${rows} rows)`);
  }
  if (node['Node Type'] === 'Sort') {
    const input = node.Plans?.[0]?.['Actual Rows'] ?? 0;
    if (input > 5000) out.whole.push(`Sort of ${input} rows`);
  }
  for (const child of node.Plans ?? []) summarize(child, out);
}

interface Explained {
  ms: number;
  indexes: string[];
  whole: string[];
}

/** EXPLAIN ANALYZE of one statement: planning + execution time in the server, and the plan. */
async function explain(client: pg.Client, q: Logged): Promise<Explained> {
  const { rows } = await client.query(`explain (analyze, format json) ${q.sql}`, [...q.parameters]);
  const top = rows[0]['QUERY PLAN'][0];
  const out = { indexes: new Set<string>(), whole: [] as string[] };
  summarize(top.Plan as PlanNode, out);
  return {
    ms: top['Planning Time'] + top['Execution Time'],
    indexes: [...out.indexes],
    whole: out.whole,
  };
}

/** Runs every variant once through the repositories, then times and explains what they sent. */
export async function measureQueries(url: string, rounds = 5): Promise<ShapeResult[]> {
  const logged: Logged[] = [];
  let recording = false;
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      if (!recording || event.level !== 'query') return;
      const { sql, parameters } = event.query;
      logged.push({ sql, parameters, ms: event.queryDurationMillis });
    },
  });
  try {
    recording = true;
    for (const run of variants([3, 17])) await run(db);
  } finally {
    await db.destroy();
  }
  return shapes(url, logged, rounds);
}

/**
 * Groups the logged statements by shape; each distinct statement (with its parameters) is
 * explained `rounds` times in the server, so the times are the database's, not the client's.
 */
async function shapes(url: string, logged: Logged[], rounds: number): Promise<ShapeResult[]> {
  const byShape = new Map<string, Map<string, Logged>>();
  for (const q of logged) {
    const key = q.sql.replace(/\s+/g, ' ').replace(/\$\d+(, \$\d+)*/g, '$n');
    const distinct = byShape.get(key) ?? new Map<string, Logged>();
    distinct.set(JSON.stringify([q.sql, q.parameters]), q);
    byShape.set(key, distinct);
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const results: ShapeResult[] = [];
    for (const [sql, distinct] of byShape) {
      const times: number[] = [];
      const indexes = new Set<string>();
      const whole = new Set<string>();
      for (const q of distinct.values()) {
        for (let i = 0; i < rounds; i++) {
          const e = await explain(client, q);
          times.push(e.ms);
          for (const x of e.indexes) indexes.add(x);
          for (const x of e.whole) whole.add(x);
        }
      }
      times.sort((a, b) => a - b);
      const wholeTable = [...whole].join('; ') || null;
      results.push({
        sql,
        runs: times.length,
        p95: percentile(times, 95),
        max: times.at(-1) ?? 0,
        indexes: [...indexes],
        wholeTable,
      });
    }
    return results.sort((a, b) => b.p95 - a.p95);
  } finally {
    await client.end();
  }
}
