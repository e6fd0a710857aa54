/**
 * What `openBag` (contracts/src/Drops.sol) takes for a revealed magic bag's serial: the pool item
 * the reveal gave it and that item's Merkle proof, from the pool its partner stored here
 * (server/src/studio/drop-documents.ts). Anyone may send it: the contract checks the proof.
 */
import type { Kysely } from 'kysely';
import { bagPoolIndex, poolProof } from '#contracts/drops/pool.ts';
import type { Database } from '#server/db/types.ts';
import { AppError } from '#server/errors.ts';
import { dropRow, poolOf } from '#server/repositories/drops.ts';
import type { BagProof } from '#shared/schemas/drops.ts';

export async function bagProof(
  db: Kysely<Database>,
  networkId: number,
  dropId: string,
  serial: number,
): Promise<BagProof> {
  const drop = await dropRow(db, networkId, dropId);
  if (!drop) throw new AppError('DROP_NOT_FOUND');
  if (drop.kind !== 'MAGIC_BAG' || serial > drop.total) throw new AppError('DROP_WRONG_KIND');
  if (!drop.revealed || drop.reveal_offset === null) throw new AppError('DROP_NOT_REVEALED');
  const pool = drop.pool_root ? await poolOf(db, drop.pool_root) : null;
  if (!pool || pool.length !== drop.total) throw new AppError('DROP_POOL_UNKNOWN');
  const poolIndex = bagPoolIndex(serial, drop.reveal_offset, drop.total);
  return {
    tokenId: ((BigInt(dropId) << 32n) | BigInt(serial)).toString(),
    poolIndex,
    uri: pool[poolIndex]!,
    proof: poolProof(pool, poolIndex),
  };
}
