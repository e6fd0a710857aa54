/**
 * Registers (or updates) the `networks` row of a chain from its deployment record
 * (contracts/deploy/deployment.ts: `data/deployments/<chainId>.json`): our contract addresses
 * and the deploy block the indexer starts from. The public `domain` points at the server's
 * JSON-RPC path for the network (clients add the `/rpc` suffix: RPC_SUFFIX in config.ts);
 * `node_url` is where the server itself reaches the node (never sent to clients).
 */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { VBCHAIN_DEVNET } from '#contracts/chains.ts';
import type { Deployment } from '#contracts/deploy/deployment.ts';
import { toDbAddress } from '../db/mappers.ts';
import type { Database } from '../db/types.ts';

export interface RegisterNetworkParameters {
  deployment: Pick<
    Deployment,
    'chainId' | 'wvbc' | 'exchange' | 'collectionFactory' | 'deployBlock'
  > & { gifts?: string | undefined };
  /** Where the server reaches the node. */
  nodeUrl: string;
  /** The server's public base URL (PUBLIC_URL). */
  publicUrl: string;
  name?: string;
  group?: 'mainnet' | 'testnet' | 'devnet';
}

/**
 * Upserts the network row. When the contract addresses change (a new chain behind the same id),
 * the indexer's checkpoint of that network is dropped so that it starts over at the new deploy
 * block; returns whether that happened.
 */
export async function registerNetwork(
  db: Kysely<Database>,
  p: RegisterNetworkParameters,
): Promise<{ changed: boolean }> {
  const d = p.deployment;
  const devnet = d.chainId === VBCHAIN_DEVNET.chainId;
  const values = {
    name: p.name ?? (devnet ? VBCHAIN_DEVNET.name : `Chain ${d.chainId}`),
    domain: `${p.publicUrl.replace(/\/$/, '')}/api/v1/ETHnetworks/${d.chainId}`,
    // Signed transactions go to <gateway>/contract/createTransaction (the ETHnetworks route).
    gateway: `${p.publicUrl.replace(/\/$/, '')}/api/v1/ETHnetworks/${d.chainId}/gateway`,
    node_url: p.nodeUrl,
    network_group: p.group ?? (devnet ? 'devnet' : 'testnet'),
    native_symbol: devnet ? VBCHAIN_DEVNET.nativeCurrency.symbol : 'VBC',
    wrapped_symbol: devnet ? VBCHAIN_DEVNET.wrappedSymbol : 'WVBC',
    wrapper_address: toDbAddress(d.wvbc),
    exchange_address: toDbAddress(d.exchange),
    collection_factory_address: toDbAddress(d.collectionFactory),
    gifts_address: d.gifts ? toDbAddress(d.gifts) : null,
    deploy_block: d.deployBlock,
  } as const;
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('networks')
      .select(['exchange_address', 'deploy_block'])
      .where('network_id', '=', d.chainId)
      .forUpdate()
      .executeTakeFirst();
    if (!before) {
      await trx
        .insertInto('networks')
        .values({ network_id: d.chainId, ...values })
        .execute();
      return { changed: false };
    }
    await trx
      .updateTable('networks')
      .set({ ...values, updated_at: sql`now()` })
      .where('network_id', '=', d.chainId)
      .execute();
    const changed =
      before.exchange_address !== values.exchange_address ||
      Number(before.deploy_block) !== d.deployBlock;
    if (changed) {
      await trx.deleteFrom('indexer_state').where('network_id', '=', d.chainId).execute();
      await trx.deleteFrom('indexed_blocks').where('network_id', '=', d.chainId).execute();
    }
    return { changed };
  });
}
