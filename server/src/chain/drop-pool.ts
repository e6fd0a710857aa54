/**
 * A magic bag's pool as contracts/src/Drops.sol commits to it: leaf i = keccak256(abi.encode(i,
 * uri)), pairs hashed in sorted order (Solady's MerkleProofLib), an odd node carried up as is.
 * The server answers proofs for `openBag` with it; a page recomputes the root with it to check
 * a reveal (docs/decisions/118-drops-escrow-and-reveal.md).
 */
import { AbiCoder, concat, keccak256 } from 'ethers';

export function poolLeaf(index: number, uri: string): string {
  return keccak256(AbiCoder.defaultAbiCoder().encode(['uint256', 'string'], [index, uri]));
}

function hashPair(a: string, b: string): string {
  return BigInt(a) < BigInt(b) ? keccak256(concat([a, b])) : keccak256(concat([b, a]));
}

/** The tree's levels, leaves first. */
function levels(uris: readonly string[]): string[][] {
  if (uris.length === 0) throw new Error('an empty pool has no root');
  const out = [uris.map((uri, i) => poolLeaf(i, uri))];
  for (let level = out[0]!; level.length > 1; ) {
    const next: string[] = [];
    for (let i = 0; i < level.length; i += 2) {
      next.push(i + 1 < level.length ? hashPair(level[i]!, level[i + 1]!) : level[i]!);
    }
    out.push(next);
    level = next;
  }
  return out;
}

export function poolRoot(uris: readonly string[]): string {
  const all = levels(uris);
  return all[all.length - 1]![0]!;
}

/** The proof of pool item `index` (its siblings from the leaf up). */
export function poolProof(uris: readonly string[], index: number): string[] {
  const proof: string[] = [];
  let i = index;
  for (const level of levels(uris).slice(0, -1)) {
    const sibling = i ^ 1;
    if (sibling < level.length) proof.push(level[sibling]!);
    i >>= 1;
  }
  return proof;
}

/** Which pool item bag serial `serial` holds once revealed with `offset` (Drops.bagPoolIndex). */
export function bagPoolIndex(serial: number, offset: number, total: number): number {
  return (serial - 1 + offset) % total;
}
