/**
 * Drops on a real anvil: a pre-order of 20 items limited to 2 per user (one collector refused at
 * 3, with the catalogue code the revert maps to), partial delivery, the refund after the deadline
 * asserted in wei, and a magic bag sold out, revealed and checked from the block hash.
 */
import {
  AbiCoder,
  Contract,
  ContractFactory,
  Interface,
  keccak256,
  type Log,
  type LogDescription,
  type TransactionReceipt,
  type Wallet,
} from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DROP_REVERT_CODES } from '#shared/drop-reverts.ts';
import { DROPS_ABI } from '../abi/index.ts';
import { loadArtifact } from '../build/compile.ts';
import { type MarketplaceChain, startMarketplaceChain } from '../devnet/marketplace-chain.ts';

const PRICE = 10n ** 18n;
const PRE_ORDER = 3;
const MAGIC_BAG = 4;
const drops = new Interface(DROPS_ABI);
const ZERO = `0x${'0'.repeat(64)}`;

let chain: MarketplaceChain;
let address: string;
beforeAll(async () => {
  chain = await startMarketplaceChain();
  const d = chain.deployment;
  const admin = chain.wallet(0);
  const art = loadArtifact('Drops');
  const c = await new ContractFactory(art.abi, art.bytecode, admin).deploy(
    admin.address,
    d.collectionFactory,
    d.wvbc,
  );
  await c.waitForDeployment();
  address = await c.getAddress();
  const factory = new Contract(d.collectionFactory, loadArtifact('CollectionFactory').abi, admin);
  const role = (await factory.getFunction('PARTNER_ROLE')()) as string;
  await (await factory.getFunction('grantRole')(role, chain.wallet(2).address)).wait();
}, 120_000);
afterAll(async () => {
  await chain?.close();
});

const as = (w: Wallet) => new Contract(address, DROPS_ABI, w);

/** The catalogue code of a refused call (the custom error in its revert data). */
async function refusal(call: Promise<unknown>): Promise<string> {
  try {
    await call;
  } catch (error) {
    const parsed = drops.parseError((error as { data: string }).data);
    return DROP_REVERT_CODES[parsed?.name as keyof typeof DROP_REVERT_CODES];
  }
  throw new Error('the call was not refused');
}

async function now(): Promise<bigint> {
  return BigInt((await chain.provider.getBlock('latest'))!.timestamp);
}

async function createDrop(kind: number, fields: Record<string, unknown>): Promise<bigint> {
  const partner = as(chain.wallet(2));
  const t = await now();
  const params = {
    kind,
    wrapped: false,
    price: PRICE,
    total: 20,
    limitPerWallet: 2,
    start: t,
    end: t + 1_000n,
    deadline: t + 2_000n,
    eventTime: 0n,
    poolRoot: ZERO,
    uri: 'ipfs://drop',
    ...fields,
  };
  await (await partner.getFunction('createDrop')(params)).wait();
  return (await partner.getFunction('dropCount')()) as bigint;
}

describe('Drops on a real chain', () => {
  it('escrows a pre-order, refuses a third item, delivers part and refunds the rest in wei', async () => {
    const [partner, a, b] = [chain.wallet(2), chain.wallet(3), chain.wallet(4)];
    const id = await createDrop(PRE_ORDER, {});
    await (await as(a).getFunction('buy')(id, 2n, { value: 2n * PRICE })).wait();
    await (await as(b).getFunction('buy')(id, 1n, { value: PRICE })).wait();
    expect(await refusal(as(b).getFunction('buy')(id, 2n, { value: 2n * PRICE }))).toBe(
      'DROP_OVER_LIMIT',
    );
    await (await as(b).getFunction('buy')(id, 1n, { value: PRICE })).wait();
    await (await as(partner).getFunction('deliver')(id, a.address, ['ipfs://flat/1'])).wait();
    expect(await refusal(as(b).getFunction('refund')(id))).toBe('DROP_REFUND_NOT_OPEN');
    await chain.provider.send('evm_increaseTime', [2_000]);
    await chain.provider.send('evm_mine', []);
    const before = await chain.provider.getBalance(b.address);
    const receipt = (await (await as(b).getFunction('refund')(id)).wait()) as TransactionReceipt;
    const fee = receipt.gasUsed * receipt.gasPrice;
    expect(await chain.provider.getBalance(b.address)).toBe(before + 2n * PRICE - fee);
    expect(await as(b).getFunction('escrowOf')(id)).toBe(2n * PRICE); // a's: 1 delivered, 1 refundable
    expect(await refusal(as(partner).getFunction('deliver')(id, a.address, ['x']))).toBe(
      'DROP_DELIVERY_CLOSED',
    );
  });

  it('reveals a sold-out magic bag from a block hash anyone can check', async () => {
    const [a, b] = [chain.wallet(3), chain.wallet(4)];
    const t = await now();
    const root = keccak256(AbiCoder.defaultAbiCoder().encode(['string'], ['pool']));
    const id = await createDrop(MAGIC_BAG, { total: 4, start: t + 10n, poolRoot: root });
    await chain.provider.send('evm_increaseTime', [10]);
    for (const w of [a, b]) {
      await (await as(w).getFunction('buy')(id, 2n, { value: 2n * PRICE })).wait();
    }
    await (await as(a).getFunction('reveal')(id)).wait(); // fixes the next block
    await chain.provider.send('evm_mine', []);
    const receipt = await (await as(b).getFunction('reveal')(id)).wait();
    const event = receipt!.logs
      .map((l: Log) => drops.parseLog(l))
      .find((e: LogDescription | null) => e?.name === 'Revealed');
    const [, revealBlock, blockHash, offset] = event!.args;
    expect(blockHash).toBe((await chain.provider.getBlock(Number(revealBlock)))!.hash);
    expect(offset).toBe(await as(a).getFunction('revealOffset')(blockHash, root, id, 4n));
  });
});
