/**
 * Thin ethers wrappers around the Drops contract (contracts/src/Drops.sol), for the demo seed and
 * the tests: a drop's parameters with defaults, its creation (answers the new drop id), and the
 * magic bag's pool tree (contracts/drops/pool.ts). Every call waits for its receipt.
 */
import { Contract, type ContractRunner, type Signer } from 'ethers';
import { DROPS_ABI } from '#contracts/abi/index.ts';
import { mined } from './marketplace.ts';

export const DROP_KIND_CODES = { EDITION: 1, TICKET: 2, PRE_ORDER: 3, MAGIC_BAG: 4 } as const;
const NO_ROOT = `0x${'0'.repeat(64)}`;

export function dropsAt(address: string, runner: ContractRunner): Contract {
  return new Contract(address, DROPS_ABI, runner);
}

export interface DropInput {
  kind: keyof typeof DROP_KIND_CODES;
  price: bigint;
  total: number;
  limitPerWallet: number;
  /** Unix seconds. */
  start: number;
  end: number;
  deadline?: number;
  eventTime?: number;
  poolRoot?: string;
  uri: string;
  wrapped?: boolean;
}

/** The partner creates the drop; answers its id (from DropCreated). */
export async function createDrop(partner: Signer, dropsAddress: string, d: DropInput) {
  const drops = dropsAt(dropsAddress, partner);
  const receipt = await mined(
    drops.getFunction('createDrop')({
      kind: DROP_KIND_CODES[d.kind],
      wrapped: d.wrapped ?? false,
      price: d.price,
      total: d.total,
      limitPerWallet: d.limitPerWallet,
      start: d.start,
      end: d.end,
      deadline: d.deadline ?? 0,
      eventTime: d.eventTime ?? 0,
      poolRoot: d.poolRoot ?? NO_ROOT,
      uri: d.uri,
    }),
  );
  for (const log of receipt.logs) {
    const parsed = drops.interface.parseLog(log);
    if (parsed?.name === 'DropCreated') return parsed.args[0] as bigint;
  }
  throw new Error('no DropCreated in the receipt');
}

/** `buyer` buys `quantity` items of a native-coin drop at `price` each. */
export async function buyDrop(
  buyer: Signer,
  dropsAddress: string,
  dropId: bigint,
  quantity: number,
  price: bigint,
) {
  const drops = dropsAt(dropsAddress, buyer);
  return mined(drops.getFunction('buy')(dropId, quantity, { value: price * BigInt(quantity) }));
}
