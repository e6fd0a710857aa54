/**
 * Row → wire mappers shared by routes: lowercase DB addresses become EIP-55 checksummed, Dates
 * become ISO strings, numeric stays a decimal string. Use these instead of hand-mapping.
 */
import { getAddress } from 'ethers';
import { RPC_SUFFIX } from '../config.ts';
import type { Category, Network } from '../schemas/entities.ts';
import type { CategoriesTable, NetworkRow } from './types.ts';

/** Checksummed address for the wire. */
export function checksum(address: string): string {
  return getAddress(address);
}
export function checksumOrNull(address: string | null | undefined): string | null {
  return address ? getAddress(address) : null;
}

/** Lowercase form for the database; throws on an invalid address (caller maps the error). */
export function toDbAddress(address: string): string {
  return getAddress(address.toLowerCase()).toLowerCase();
}

export function iso(date: Date | string): string {
  return (date instanceof Date ? date : new Date(date)).toISOString();
}
export function isoOrNull(date: Date | string | null | undefined): string | null {
  return date ? iso(date) : null;
}

/** spec §9: the RPC URL of a network is its domain plus a suffix, except for network 97. */
export function rpcUrlOf(network: { network_id: number; domain: string }): string {
  if (network.network_id === 97) return network.domain;
  return `${network.domain.replace(/\/$/, '')}${RPC_SUFFIX}`;
}

export function toNetwork(row: NetworkRow): Network {
  return {
    _id: row.id,
    networkId: row.network_id,
    name: row.name,
    icon: row.icon,
    domain: row.domain,
    gateway: row.gateway,
    group: row.network_group,
    rpcUrl: rpcUrlOf(row),
    nativeSymbol: row.native_symbol,
    wrappedSymbol: row.wrapped_symbol,
    explorerUrl: row.explorer_url,
    wrapperAddress: checksumOrNull(row.wrapper_address),
    exchangeAddress: checksumOrNull(row.exchange_address),
    collectionFactoryAddress: checksumOrNull(row.collection_factory_address),
  };
}

export function toCategory(row: CategoriesTable): Category {
  return { id: row.id, key: row.key, name: row.name };
}
