/**
 * `npm run network:reset -- <networkId>`: the database forgets one network's chain rows (its
 * NFTs, collections, orders, bids, activities, checkpoint, notifications and stored genesis:
 * server/src/indexer/forget-network.ts), for when the chain behind the network was replaced by
 * one with another genesis (`/api/health` says `halted: 'genesis-changed'`). The other
 * networks and this one's configuration stay. Run it with the server stopped, after deploying the
 * contracts on the new chain (`npm run deploy`); the next start indexes the new chain from its
 * deploy block. DATABASE_URL, else PGlite in DATA_DIR/pglite.
 */
import path from 'node:path';
import { createDatabase } from '#server/db/create-database.ts';
import { forgetNetworkRows } from '#server/indexer/forget-network.ts';
import { scriptEnv } from './lib/config.ts';
import { defaultDataDir } from './lib/paths.ts';

const id = Number(process.argv[2]);
if (!Number.isInteger(id) || id <= 0) {
  console.error('usage: npm run network:reset -- <networkId>');
  process.exit(2);
}
const handle = await createDatabase({
  databaseUrl: scriptEnv.databaseUrl(),
  pgliteDir: path.join(defaultDataDir(), 'pglite'),
});
try {
  const known = await handle.db
    .selectFrom('networks')
    .select('name')
    .where('network_id', '=', id)
    .executeTakeFirst();
  if (!known) {
    console.error(`no network ${id} in this database`);
    process.exitCode = 1;
  } else {
    const deleted = await forgetNetworkRows(handle.db, id);
    const rows = Object.values(deleted).reduce((sum, n) => sum + n, 0);
    console.log(`network ${id} (${known.name}): ${rows} rows of its old chain deleted`);
    for (const [table, n] of Object.entries(deleted)) if (n > 0) console.log(`  ${table}: ${n}`);
  }
} finally {
  await handle.close();
}
