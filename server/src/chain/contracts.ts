/**
 * Where the marketplace's contracts are on a network: the Exchange and WVBC addresses from the
 * `networks` row, else (for the server's own CHAIN_ID) from the deployment record
 * (contracts/deploy/deployment.ts). `marketChain` bundles them with the
 * network's provider and the EIP-712 domain (contracts/typed-data, never redefined).
 */
import { getAddress, type JsonRpcProvider, type TypedDataDomain } from 'ethers';
import type { Kysely } from 'kysely';
import { readDeployment } from '#contracts/deploy/deployment.ts';
import { marketplaceDomain } from '#contracts/typed-data/index.ts';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/types.ts';
import { AppError } from '#server/errors.ts';
import type { Chain } from '#server/plugins/app/chain.ts';

/** What the trading services need from the app (the Fastify instance satisfies it). */
export interface TradingContext {
  db: Kysely<Database>;
  chain: Chain;
  config: Config;
}

export interface MarketChain {
  networkId: number;
  chainId: bigint;
  provider: JsonRpcProvider;
  /** Checksummed. */
  exchange: string;
  /** Checksummed. */
  wvbc: string;
  domain: TypedDataDomain;
}

export interface ContractAddresses {
  /** Whether the network has a `networks` row. */
  listed: boolean;
  /** Checksummed, null when unknown. */
  exchange: string | null;
  /** Checksummed, null when unknown. */
  wvbc: string | null;
}

/** A `networks` row's contract addresses (lower case) and node URL, null when unknown. */
export type NetworkAddresses = {
  exchange_address: string | null;
  wrapper_address: string | null;
  node_url?: string | null;
};

/**
 * The Exchange and WVBC addresses of `networkId`, as far as they are known. `known`: its
 * `networks` row when the caller read it already (null: none), else read here.
 */
export async function contractAddresses(
  ctx: TradingContext,
  networkId: number,
  known?: NetworkAddresses | null,
): Promise<ContractAddresses> {
  const row =
    known !== undefined
      ? (known ?? undefined)
      : await ctx.db
          .selectFrom('networks')
          .select(['exchange_address', 'wrapper_address'])
          .where('network_id', '=', networkId)
          .executeTakeFirst();
  let exchange = row?.exchange_address ?? null;
  let wvbc = row?.wrapper_address ?? null;
  if ((!exchange || !wvbc) && networkId === ctx.config.chainId) {
    const record = readDeployment(ctx.config.dataDir, networkId);
    exchange ??= record?.exchange ?? null;
    wvbc ??= record?.wvbc ?? null;
  }
  return {
    listed: row !== undefined,
    exchange: exchange ? getAddress(exchange) : null,
    wvbc: wvbc ? getAddress(wvbc) : null,
  };
}

/**
 * The marketplace contracts of `networkId` (its chain id); CONTRACT_NOT_DEPLOYED when none.
 * `known`: as contractAddresses takes it.
 */
export async function marketChain(
  ctx: TradingContext,
  networkId: number,
  known?: NetworkAddresses | null,
): Promise<MarketChain> {
  const { exchange, wvbc } = await contractAddresses(ctx, networkId, known);
  if (!exchange || !wvbc) throw new AppError('CONTRACT_NOT_DEPLOYED');
  // the node URL too when the caller read it (no row: the configuration's; not read: read now)
  const provider = await ctx.chain.provider(networkId, known === null ? null : known?.node_url);
  return {
    networkId,
    chainId: BigInt(networkId),
    provider,
    exchange,
    wvbc,
    domain: marketplaceDomain(networkId, exchange),
  };
}
