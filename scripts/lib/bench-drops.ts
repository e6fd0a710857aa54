/**
 * The Drops scenarios of `npm run bench:gas` (scripts/bench-gas.ts): receipt gasUsed of a fresh
 * buyer's purchase of one edition (minted at purchase), of one pre-ordered item (held in escrow),
 * and of the refund of that pre-order after its deadline. Each is the first purchase of a fresh
 * drop by a fresh account (the drop's counters and the buyer's record are written from zero, the
 * dearest case), native coin, exact price. Budgets: docs/decisions/118-drops-escrow-and-reveal.md.
 */
import { Contract, ContractFactory, type JsonRpcProvider, type Signer, type Wallet } from 'ethers';
import { loadArtifact } from '#contracts/build/compile.ts';
import { grantPartner, mined } from './marketplace.ts';

export const DROP_BUDGETS = { edition: 110_000n, preOrder: 80_000n, refund: 50_000n } as const;

type Row = { scenario: string; gasUsed: bigint; budget?: bigint };
type Ctx = {
  provider: JsonRpcProvider;
  admin: Signer;
  factory: string;
  wvbc: string;
  freshAccount: () => Promise<Wallet>;
};

const EDITION = 1;
const PRE_ORDER = 3;
const PRICE = 10n ** 18n;

export async function benchDrops({
  provider,
  admin,
  factory,
  wvbc,
  freshAccount,
}: Ctx): Promise<Row[]> {
  const art = loadArtifact('Drops');
  const deployed = await new ContractFactory(art.abi, art.bytecode, admin).deploy(
    await admin.getAddress(),
    factory,
    wvbc,
  );
  await deployed.waitForDeployment();
  const address = await deployed.getAddress();
  const partner = await freshAccount();
  await grantPartner(admin, factory, partner.address);
  const now = BigInt((await provider.getBlock('latest'))!.timestamp);
  const dropsAs = (runner: Signer) => new Contract(address, art.abi, runner);
  /** Creates a drop of `kind` whose sale is open now; returns its id. */
  const createDrop = async (kind: number): Promise<bigint> => {
    const params = {
      kind,
      wrapped: false,
      price: PRICE,
      total: 50,
      limitPerWallet: 2,
      start: now,
      end: now + 3_600n,
      deadline: kind === PRE_ORDER ? now + 7_200n : 0n,
      eventTime: 0n,
      poolRoot: `0x${'0'.repeat(64)}`,
      uri: 'ipfs://bench-drop',
    };
    await mined(dropsAs(partner).getFunction('createDrop')(params));
    return (await dropsAs(partner).getFunction('dropCount')()) as bigint;
  };
  const buy = async (dropId: bigint) =>
    mined(dropsAs(await freshAccount()).getFunction('buy')(dropId, 1n, { value: PRICE }));

  const edition = await buy(await createDrop(EDITION));
  const preOrderId = await createDrop(PRE_ORDER);
  const buyer = await freshAccount();
  const preOrder = await mined(dropsAs(buyer).getFunction('buy')(preOrderId, 1n, { value: PRICE }));
  await provider.send('evm_setNextBlockTimestamp', [Number(now + 7_200n)]);
  const refund = await mined(dropsAs(buyer).getFunction('refund')(preOrderId));
  return [
    {
      scenario: 'drops: buy 1 edition (minted)',
      gasUsed: edition.gasUsed,
      budget: DROP_BUDGETS.edition,
    },
    {
      scenario: 'drops: pre-order 1 item',
      gasUsed: preOrder.gasUsed,
      budget: DROP_BUDGETS.preOrder,
    },
    { scenario: 'drops: refund a pre-order', gasUsed: refund.gasUsed, budget: DROP_BUDGETS.refund },
  ];
}
