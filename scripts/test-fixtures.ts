/**
 * `npm test`'s step before the browser suites: what they all start from, made once here so that
 * no journey file pays for it: the production build of the web app (tests/web-build.ts) and the
 * seeded demo catalogues, the devnet's and every network's (tests/seed-snapshot.ts). Each is kept
 * when none of its sources changed.
 */
import { ensureSeedSnapshot } from '#tests/seed-snapshot.ts';
import { ensureWebBuild, freshWebBuild } from '#tests/web-build.ts';

let started = Date.now();
const reused = freshWebBuild();
const build = reused ?? (await ensureWebBuild());
const s = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
console.log(`${reused ? 'reused' : 'built'} the web app ${build.buildId} (${s()})`);
// The devnet's, then every network's (the journeys on the test chain 97 start from that one).
for (const chains of ['primary', 'all'] as const) {
  started = Date.now();
  const snapshot = await ensureSeedSnapshot(chains);
  console.log(
    snapshot
      ? `seeded demo catalogue (${chains}) ready in ${snapshot.dir} (${s()})`
      : 'DATABASE_URL or RPC_URL set: each journey stack seeds on its own',
  );
  if (!snapshot) break;
}
