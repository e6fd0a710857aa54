/**
 * The chain behind a network must stay the chain its rows came from. A node restarted with a
 * fresh genesis (a local anvil whose state was lost, a test network relaunched, an RPC URL
 * pointed at another chain with the same id) answers the same chain id, and its blocks would
 * otherwise be indexed over the old chain's rows. `networks.genesis_hash` keeps the hash of block
 * 0 seen on the indexer's first contact; each step compares the node's block 0 with it before
 * reading or rolling back anything (indexer.ts). The operator's way out is in the README
 * ("Networks") and docs/decisions/123-network-genesis-notifications-and-keys.md.
 */
import type { SyncContext } from './sync-context.ts';

/** The node answers another chain than the network's rows were indexed from. */
export interface GenesisChanged {
  stored: string;
  node: string;
}

/** The sentence /api/health and the log give for a changed genesis. */
export function genesisMessage(networkId: number, g: GenesisChanged): string {
  return (
    `network ${networkId}: the node's chain has another genesis (block 0 ${g.node}, indexed ` +
    `from ${g.stored}): indexing stopped, the old rows are kept apart; point the network back ` +
    `at its chain, or reset it (README, Networks)`
  );
}

/**
 * Compares the node's block 0 with the stored one (`known` when already read), storing it on the
 * first contact. Answers the stored hash, or what changed.
 */
export async function checkGenesis(
  ctx: Pick<SyncContext, 'db' | 'networkId' | 'provider'>,
  known: string | null,
): Promise<{ hash: string } | { changed: GenesisChanged }> {
  const block = await ctx.provider.getBlock(0);
  if (!block?.hash) throw new Error(`network ${ctx.networkId}: the node has no block 0`);
  const stored = known ?? (await storeFirst(ctx, block.hash));
  if (stored === null) return { hash: block.hash }; // no networks row yet: nothing indexed
  return stored === block.hash ? { hash: stored } : { changed: { stored, node: block.hash } };
}

/**
 * Stores `hash` as the network's block 0 unless one is stored; answers the stored one (null: no
 * networks row). Read first, so a halted network's steps write nothing: an update, even of no
 * row, is announced to every node's answer cache (migration 070). A hash stored meanwhile (an
 * indexer on another node) is read again; a reset (forget-network.ts) clearing it after the read
 * is met on the next step.
 */
async function storeFirst(
  ctx: Pick<SyncContext, 'db' | 'networkId'>,
  hash: string,
): Promise<string | null> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const row = await ctx.db
      .selectFrom('networks')
      .select('genesis_hash')
      .where('network_id', '=', ctx.networkId)
      .executeTakeFirst();
    if (!row) return null;
    if (row.genesis_hash !== null) return row.genesis_hash;
    const first = await ctx.db
      .updateTable('networks')
      .set({ genesis_hash: hash })
      .where('network_id', '=', ctx.networkId)
      .where('genesis_hash', 'is', null)
      .returning('genesis_hash')
      .executeTakeFirst();
    if (first) return hash;
  }
  return null;
}
