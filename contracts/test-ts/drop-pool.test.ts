/**
 * The magic bag's pool tree (contracts/drops/pool.ts): the 4-item root the forge fixture builds
 * (contracts/test/utils/DropsFixture.sol), every proof of pools of odd and even sizes verifying
 * as MerkleProofLib does, a changed item or order breaking the root, and the reveal check.
 */
import { concat, keccak256, toBeHex, zeroPadValue } from 'ethers';
import { describe, expect, it } from 'vitest';
import {
  bagPoolIndex,
  checkReveal,
  dropTokenId,
  hashPair,
  poolLeaf,
  poolProof,
  poolRoot,
  revealOffset,
  serialOf,
  verifyProof,
} from '../drops/pool.ts';

const pool = (n: number) => Array.from({ length: n }, (_, i) => `ipfs://item-${i}`);

describe('pool tree', () => {
  it('builds the fixture root of four items: (l0·l1)·(l2·l3), pairs sorted', () => {
    const uris = pool(4);
    const l = uris.map((u, i) => poolLeaf(i, u));
    expect(poolRoot(uris)).toBe(hashPair(hashPair(l[0]!, l[1]!), hashPair(l[2]!, l[3]!)));
    expect(hashPair(l[0]!, l[1]!)).toBe(hashPair(l[1]!, l[0]!));
    expect(poolProof(uris, 2)).toEqual([l[3], hashPair(l[0]!, l[1]!)]);
  });

  it('verifies every item of pools of 1 to 9 items, and nothing else', () => {
    for (let n = 1; n <= 9; n++) {
      const uris = pool(n);
      const root = poolRoot(uris);
      for (let i = 0; i < n; i++) {
        expect(verifyProof(poolProof(uris, i), root, poolLeaf(i, uris[i]!))).toBe(true);
        // The item at another position, or another item, does not verify.
        expect(verifyProof(poolProof(uris, i), root, poolLeaf((i + 1) % (n + 1), uris[i]!))).toBe(
          false,
        );
        expect(verifyProof(poolProof(uris, i), root, poolLeaf(i, `${uris[i]}x`))).toBe(false);
      }
    }
  });

  it('commits to the order: swapping two items changes the root', () => {
    const uris = pool(5);
    const swapped = [uris[1]!, uris[0]!, ...uris.slice(2)];
    expect(poolRoot(swapped)).not.toBe(poolRoot(uris));
    expect(() => poolRoot([])).toThrow();
  });
});

describe('reveal', () => {
  const blockHash = keccak256('0x1234');
  const uris = pool(7);
  const root = poolRoot(uris);

  it('offset = keccak256(abi.encode(blockHash, root, dropId)) % total, as Drops.revealOffset', () => {
    const words = concat([blockHash, root, zeroPadValue(toBeHex(3n), 32)]);
    expect(revealOffset(blockHash, root, 3n, 7)).toBe(Number(BigInt(keccak256(words)) % 7n));
  });

  it('bag serial s holds item (s - 1 + offset) % total; token ids pack drop and serial', () => {
    expect(bagPoolIndex(1, 5, 7)).toBe(5);
    expect(bagPoolIndex(3, 5, 7)).toBe(0);
    expect(dropTokenId(3n, 7)).toBe((3n << 32n) | 7n);
    expect(serialOf(dropTokenId(3n, 7))).toBe(7);
  });

  it('matches when pool and offset are those committed, says which part does not otherwise', () => {
    const offset = revealOffset(blockHash, root, 3n, 7);
    const good = { uris, committedRoot: root, blockHash, dropId: 3n, offset };
    expect(checkReveal(good)).toEqual({ ok: true, root, offset });
    const reordered = checkReveal({ ...good, uris: [...uris].reverse() });
    expect(reordered.ok ? null : reordered.reason).toBe('root');
    const moved = checkReveal({ ...good, offset: (offset + 1) % 7 });
    expect(moved.ok ? null : moved.reason).toBe('offset');
  });
});
