/**
 * A magic bag's pool, the one definition the studio (the root a partner commits to), the server
 * (the proofs that open bags) and the drop page (the reveal check) share. Solidity twin:
 * contracts/src/Drops.sol (`openBag`, `revealOffset`, `bagPoolIndex`), Solady's MerkleProofLib.
 * - leaf i = keccak256(abi.encode(uint256 i, string uri));
 * - the tree: levels built bottom-up, adjacent nodes hashed as a sorted pair (keccak256 of the
 *   smaller then the larger), an odd last node carried up unchanged;
 * - a proof: the siblings from the leaf up (none at a level where the node was carried up).
 * Why the pool is committed before the sale and the offset comes from a later block hash:
 * docs/decisions/118-drops-escrow-and-reveal.md.
 */
import { AbiCoder, concat, keccak256 } from 'ethers';

const abi = AbiCoder.defaultAbiCoder();

export const poolLeaf = (index: number, uri: string): string =>
  keccak256(abi.encode(['uint256', 'string'], [index, uri]));

/** keccak256 of the two nodes, smaller first (MerkleProofLib's sorted pairs). */
export const hashPair = (a: string, b: string): string =>
  keccak256(BigInt(a) < BigInt(b) ? concat([a, b]) : concat([b, a]));

/** Every level of the tree, leaves first, the root's level last. */
function levels(uris: readonly string[]): string[][] {
  if (uris.length === 0) throw new Error('a pool holds at least one item');
  const all = [uris.map((uri, i) => poolLeaf(i, uri))];
  for (let level = all[0]!; level.length > 1; ) {
    const next: string[] = [];
    for (let i = 0; i < level.length; i += 2) {
      const right = level[i + 1];
      next.push(right === undefined ? level[i]! : hashPair(level[i]!, right));
    }
    all.push(next);
    level = next;
  }
  return all;
}

/** The root a partner commits to at creation (DropParams.poolRoot). */
export const poolRoot = (uris: readonly string[]): string => levels(uris).at(-1)![0]!;

/** The proof of item `index` (for Drops.openBag). */
export function poolProof(uris: readonly string[], index: number): string[] {
  const proof: string[] = [];
  let i = index;
  for (const level of levels(uris).slice(0, -1)) {
    const sibling = level[i ^ 1];
    if (sibling !== undefined) proof.push(sibling);
    i >>= 1;
  }
  return proof;
}

/** MerkleProofLib.verify: whether `proof` leads from `leaf` to `root`. */
export const verifyProof = (proof: readonly string[], root: string, leaf: string): boolean =>
  BigInt(proof.reduce((node, sibling) => hashPair(node, sibling), leaf)) === BigInt(root);

/** Drops.revealOffset: keccak256(abi.encode(blockHash, poolRoot, dropId)) % total. */
export const revealOffset = (
  blockHash: string,
  root: string,
  dropId: bigint,
  total: number,
): number =>
  Number(
    BigInt(keccak256(abi.encode(['bytes32', 'bytes32', 'uint256'], [blockHash, root, dropId]))) %
      BigInt(total),
  );

/** Drops.bagPoolIndex: bag serial s (1-based) holds pool item (s - 1 + offset) % total. */
export const bagPoolIndex = (serial: number, offset: number, total: number): number =>
  (serial - 1 + offset) % total;

/** A drop item's token id: the drop id in the high bits, the serial in the low 32. */
export const dropTokenId = (dropId: bigint, serial: number): bigint =>
  (dropId << 32n) | BigInt(serial);

export const serialOf = (tokenId: bigint): number => Number(tokenId & 0xffffffffn);

export type RevealCheck =
  | { ok: true; root: string; offset: number }
  | { ok: false; reason: 'root' | 'offset'; root: string; offset: number };

/**
 * The check anyone can make: the root recomputed from the published pool equals the committed
 * one, and the offset recomputed from the reveal block's hash equals the one the chain fixed.
 */
export function checkReveal(p: {
  uris: readonly string[];
  committedRoot: string;
  blockHash: string;
  dropId: bigint;
  offset: number;
}): RevealCheck {
  const root = poolRoot(p.uris);
  const offset = revealOffset(p.blockHash, root, p.dropId, p.uris.length);
  if (BigInt(root) !== BigInt(p.committedRoot)) return { ok: false, reason: 'root', root, offset };
  if (offset !== p.offset) return { ok: false, reason: 'offset', root, offset };
  return { ok: true, root, offset };
}
