/**
 * Registers (or updates) the `networks` row of a chain from its deployment record
 * (contracts/deploy/deployment.ts: `data/deployments/<chainId>.json`): our contract addresses
 * and the deploy block the indexer starts from, with the name, group, icon, coins and explorer of
 * its configuration (server/src/networks.ts). Unless configured otherwise the public `domain`
 * points at the server's JSON-RPC path for the network: clients add the `/rpc` suffix
 * (RPC_SUFFIX in config.ts), except on the test chain (97), whose RPC URL is the bare domain, so
 * its domain is the path with the suffix already on. `node_url` is where the server itself
 * reaches the node (never sent to clients).
 */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { BUILT_IN_NETWORKS } from '#contracts/chains.ts';
import type { Deployment } from '#contracts/deploy/deployment.ts';
import { TEST_CHAIN_NETWORK_ID } from '#shared/rules.ts';
import { RPC_SUFFIX } from '../config.ts';
import type { Database } from '../db/types.ts';
import { toDbAddress } from '../db/values.ts';
import type { NetworkConfig } from '../networks.ts';

export interface RegisterNetworkParameters {
  deployment: Pick<
    Deployment,
    'chainId' | 'wvbc' | 'exchange' | 'collectionFactory' | 'deployBlock'
  > & {
    gifts?: string | undefined;
    fractionalFactory?: string | undefined;
    fractionalBlock?: number | undefined;
  };
  /** Where the server reaches the node. */
  nodeUrl: string;
  /** The server's public base URL (PUBLIC_URL). */
  publicUrl: string;
  /** Its configuration (default: the built-in network of that id, else a plain one). */
  network?: Partial<NetworkConfig> | undefined;
}

/** The row's presentation columns: the configuration's, else the built-in network's. */
function presentation(p: RegisterNetworkParameters) {
  const id = p.deployment.chainId;
  const n = { ...BUILT_IN_NETWORKS.find((b) => b.networkId === id), ...p.network };
  const base = `${p.publicUrl.replace(/\/$/, '')}/api/v1/ETHnetworks/${id}`;
  return {
    name: n.name ?? `Chain ${id}`,
    icon: n.icon ?? '',
    sort_order: n.sortOrder ?? 0,
    domain: n.domain ?? (id === TEST_CHAIN_NETWORK_ID ? `${base}${RPC_SUFFIX}` : base),
    // Signed transactions go to <gateway>/contract/createTransaction (the ETHnetworks route).
    gateway: n.gateway ?? `${base}/gateway`,
    network_group: n.group ?? 'testnet',
    native_symbol: n.nativeSymbol ?? 'VBC',
    wrapped_symbol: n.wrappedSymbol ?? 'WVBC',
    explorer_url: n.explorerUrl ?? '',
  };
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
  const values = {
    ...presentation(p),
    node_url: p.nodeUrl,
    wrapper_address: toDbAddress(d.wvbc),
    exchange_address: toDbAddress(d.exchange),
    collection_factory_address: toDbAddress(d.collectionFactory),
    gifts_address: d.gifts ? toDbAddress(d.gifts) : null,
    fractional_factory_address: d.fractionalFactory ? toDbAddress(d.fractionalFactory) : null,
    fractional_block: d.fractionalBlock ?? null,
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
