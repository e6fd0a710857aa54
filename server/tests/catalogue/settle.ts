import { sql } from 'kysely';
import type { App } from '#server/app.ts';

let markers = 0;

/**
 * Waits until the node has heard every notification committed so far (they arrive in commit
 * order on its LISTEN connection, so a marker sent now comes after them).
 */
export async function settle(app: App): Promise<void> {
  const marker = `marker-${++markers}`;
  await sql`select pg_notify('vbc_catalogue', ${marker})`.execute(app.db);
  const started = Date.now();
  while (!app.answerCache.reasons.includes(marker) && Date.now() - started < 2000) {
    await new Promise((r) => setTimeout(r, 2));
  }
}

/**
 * Until the node has heard every announcement committed so far, without sending one (decision
 * 132): for tests of what a node keeps through writes, which a marker (an announcement the node
 * does not know) would drop whole.
 */
export function heardAll(app: App): Promise<void> {
  return app.answerCache.heard();
}
