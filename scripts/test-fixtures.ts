/**
 * `npm test`'s step before the browser suites: what they all start from, made once here so that
 * no journey file pays for it: the production build of the web app (tests/web-build.ts) and the
 * seeded demo catalogue (tests/seed-snapshot.ts). Each is kept when none of its sources changed.
 */
import { ensureSeedSnapshot } from '#tests/seed-snapshot.ts';
import { ensureWebBuild, freshWebBuild } from '#tests/web-build.ts';

let started = Date.now();
const reused = freshWebBuild();
const build = reused ?? (await ensureWebBuild());
const s = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
console.log(`${reused ? 'reused' : 'built'} the web app ${build.buildId} (${s()})`);
started = Date.now();
const snapshot = await ensureSeedSnapshot();
console.log(
  snapshot
    ? `seeded demo catalogue ready in ${snapshot.dir} (${s()})`
    : 'DATABASE_URL or RPC_URL set: each journey stack seeds on its own',
);
