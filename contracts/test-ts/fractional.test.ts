import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getAddress, Interface, TypedDataEncoder } from 'ethers';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '#shared/errors.ts';
import { FRACTIONAL_REVERT_CODES, fractionalRevertCode } from '#shared/fractional-errors.ts';
import { FRACTIONAL_VAULT_ABI, FRACTIONAL_VAULT_FACTORY_ABI } from '../abi/index.ts';
import {
  fractionalDomain,
  hashShareOrder,
  isShareOrderSignedByMaker,
  SHARE_ORDER_TYPES,
  type ShareOrder,
  shareOrderDigest,
} from '../typed-data/shares.ts';

/**
 * Inherited ERC-20 (permit, allowance) and Ownable errors: reachable only by direct token or admin
 * calls the app never makes on a user's behalf; the server reads them as TX_REJECTED.
 */
const NOT_USER_FACING = new Set([
  'AllowanceOverflow',
  'AllowanceUnderflow',
  'InsufficientAllowance',
  'InsufficientBalance',
  'InvalidPermit',
  'Permit2AllowanceIsFixedAtInfinity',
  'PermitExpired',
  'TotalSupplyOverflow',
  'AlreadyInitialized',
  'NewOwnerIsZeroAddress',
  'NoHandoverRequest',
]);

function errorNames(abi: readonly string[]): string[] {
  const names: string[] = [];
  new Interface(abi).forEachError((e) => {
    names.push(e.name);
  });
  return names;
}

describe('fractional refusals → catalogue codes', () => {
  it('maps every custom error of the vault and the factory', () => {
    const names = [
      ...errorNames(FRACTIONAL_VAULT_ABI),
      ...errorNames(FRACTIONAL_VAULT_FACTORY_ABI),
    ];
    const missing = names.filter((n) => !NOT_USER_FACING.has(n) && !fractionalRevertCode(n));
    expect(missing).toEqual([]);
  });

  it('maps only to catalogue codes (translated: src/lib/fractional-errors.test.ts)', () => {
    for (const code of Object.values(FRACTIONAL_REVERT_CODES)) expect(ERROR_CODES).toContain(code);
    expect(fractionalRevertCode('NotAnError')).toBeUndefined();
  });
});

describe('share-order typed data', () => {
  const order: ShareOrder = {
    maker: getAddress('0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc'),
    shares: 50n,
    pricePerShare: 2n * 10n ** 16n,
    startTime: 1_700_000_000n,
    endTime: 1_800_000_000n,
    salt: 7n,
    maxFeeBps: 1_000n,
  };

  it('encodes the type exactly as the vault hashes it', () => {
    const source = readFileSync(
      join(import.meta.dirname, '../src/fractional/VaultShareOrders.sol'),
      'utf8',
    );
    const solidity = /"(ShareOrder\([^"]*\))"/.exec(source)?.[1];
    expect(TypedDataEncoder.from(SHARE_ORDER_TYPES).encodeType('ShareOrder')).toBe(solidity);
  });

  it('binds a signature to the chain and the vault', async () => {
    const { Wallet } = await import('ethers');
    const maker = Wallet.createRandom();
    const mine = { ...order, maker: maker.address };
    const vault = getAddress('0x5fbdb2315678afecb367f032d93f642f64180aa3');
    const domain = fractionalDomain(7771, vault);
    const signature = await maker.signTypedData(domain, SHARE_ORDER_TYPES, mine);
    expect(isShareOrderSignedByMaker(domain, mine, signature)).toBe(true);
    expect(isShareOrderSignedByMaker(fractionalDomain(97, vault), mine, signature)).toBe(false);
    expect(isShareOrderSignedByMaker(domain, { ...mine, shares: 51n }, signature)).toBe(false);
    expect(isShareOrderSignedByMaker(domain, mine, '0x1234')).toBe(false);
    expect(shareOrderDigest(domain, mine)).not.toBe(
      shareOrderDigest(fractionalDomain(97, vault), mine),
    );
    expect(hashShareOrder(mine)).toMatch(/^0x[0-9a-f]{64}$/);
  });
});
