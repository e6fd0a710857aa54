/**
 * The API benchmark's HTTP budgets, each written once here, and the table that prints every
 * route's hot figures (answer cache on, as users run it) beside its cold ones (cache off) with
 * each budget that applies as pass or FAIL.
 */
import type { Route, RouteResult } from './drive.ts';

export interface Phase {
  db: 'postgres' | 'pglite';
  nfts: number;
  connections: number;
}

export type Mode = 'hot' | 'cold';

interface Budget {
  id: string;
  text: string;
  applies(phase: Phase, route: Route, mode: Mode): boolean;
  ratio?: number;
  p99?: number;
}

const atScale = (p: Phase, n: number) => p.db === 'postgres' && p.nfts >= n;
const below = (p: Phase, n: number) => p.db === 'postgres' && p.nfts < n;
const catalogue = (r: Route) => r.kind === 'list' || r.kind === 'detail';

export const BUDGETS: Budget[] = [
  {
    id: 'P1',
    text: 'PostgreSQL, 100,000 NFTs, hot: every catalogue route (details included) ≥ 0.25× health, p99 ≤ 50 ms',
    applies: (p, r, m) => below(p, 1_000_000) && m === 'hot' && catalogue(r),
    ratio: 0.25,
    p99: 50,
  },
  {
    id: 'P2',
    text: 'PostgreSQL, 100,000 NFTs, 50 connections: mixed (hot) ≥ 0.5× health, p99 ≤ 50 ms',
    applies: (p, r, m) => below(p, 1_000_000) && m === 'hot' && r.kind === 'mixed',
    ratio: 0.5,
    p99: 50,
  },
  {
    id: 'P3',
    text: 'PostgreSQL, 100,000 NFTs, 50 connections: mixed cold (cache off) ≥ 0.25× health, p99 ≤ 100 ms',
    applies: (p, r, m) => below(p, 1_000_000) && m === 'cold' && r.kind === 'mixed',
    ratio: 0.25,
    p99: 100,
  },
  {
    id: 'M1',
    text: 'PostgreSQL, 1,000,000 NFTs: mixed (hot) p99 ≤ 100 ms',
    applies: (p, r, m) => atScale(p, 1_000_000) && m === 'hot' && r.kind === 'mixed',
    p99: 100,
  },
  {
    id: 'M2',
    text: 'PostgreSQL, 1,000,000 NFTs: search p99 ≤ 100 ms',
    applies: (p, r, m) => atScale(p, 1_000_000) && m === 'hot' && r.name.startsWith('search'),
    p99: 100,
  },
  {
    id: 'M3',
    text: 'PostgreSQL, 1,000,000 NFTs: activity ≥ 0.25× health',
    applies: (p, r, m) => atScale(p, 1_000_000) && m === 'hot' && r.name === 'activity',
    ratio: 0.25,
  },
  {
    id: 'L1',
    text: 'PGlite, 10 connections: every catalogue route and mixed (hot) p99 ≤ 100 ms',
    applies: (p, r, m) =>
      p.db === 'pglite' &&
      m === 'hot' &&
      (catalogue(r) || r.kind === 'mixed') &&
      (r.connections ?? p.connections) <= 10,
    p99: 100,
  },
  {
    id: 'L2',
    text: 'PGlite, 50 connections: mixed (hot) p99 ≤ 300 ms',
    applies: (p, r, m) =>
      p.db === 'pglite' && m === 'hot' && r.kind === 'mixed' && (r.connections ?? 0) >= 50,
    p99: 300,
  },
];

const fmt = (n: number, d = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });

function verdicts(phase: Phase, r: RouteResult, mode: Mode, base: RouteResult | undefined) {
  const out: { id: string; pass: boolean }[] = [];
  for (const b of BUDGETS) {
    if (!b.applies(phase, r.route, mode)) continue;
    const ratio = base ? r.rps / base.rps : 0;
    const pass =
      r.errors === 0 &&
      (b.ratio === undefined || ratio >= b.ratio) &&
      (b.p99 === undefined || r.p99 <= b.p99);
    out.push({ id: b.id, pass });
  }
  return out;
}

const cells = (r: RouteResult | undefined, base: RouteResult | undefined) =>
  r
    ? [
        fmt(r.rps),
        r.p50,
        r.p99,
        base ? fmt(r.rps / base.rps, 2) : '',
        r.statementsPerRequest === null ? 'n/a' : fmt(r.statementsPerRequest, 1),
        r.errors,
      ]
    : ['', '', '', '', '', ''];

/** The hot and cold figures of each route side by side; true when every budget passed. */
export function printHttp(phase: Phase, hot: RouteResult[], cold: RouteResult[]): boolean {
  const baseOf = (rs: RouteResult[], r: RouteResult) =>
    rs.find((b) => b.route.kind === 'baseline' && b.route.connections === r.route.connections);
  const applicable = BUDGETS.filter((b) =>
    [...hot, ...cold].some((r) => b.applies(phase, r.route, hot.includes(r) ? 'hot' : 'cold')),
  );
  console.log(`\nBudgets:\n${applicable.map((b) => `- ${b.id}: ${b.text}`).join('\n')}`);
  console.log(
    '\n| route | hot req/s | p50 ms | p99 ms | × health | SQL/req | errors | cold req/s | p50 ms | p99 ms | × health | SQL/req | errors | budgets |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  let ok = true;
  const names = [...new Set([...hot, ...cold].map((r) => r.route.name))];
  for (const name of names) {
    const h = hot.find((r) => r.route.name === name);
    const c = cold.find((r) => r.route.name === name);
    const v = [
      ...(h ? verdicts(phase, h, 'hot', baseOf(hot, h)) : []),
      ...(c ? verdicts(phase, c, 'cold', baseOf(cold, c)) : []),
    ];
    if (v.some((x) => !x.pass)) ok = false;
    const hc = cells(h, h && baseOf(hot, h));
    const cc = cells(c, c && baseOf(cold, c));
    const budget = v.map((x) => `${x.id} ${x.pass ? 'pass' : 'FAIL'}`).join(', ');
    console.log(`| ${name} | ${[...hc, ...cc].join(' | ')} | ${budget} |`);
  }
  return ok;
}
