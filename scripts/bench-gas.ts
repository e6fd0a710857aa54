/**
 * `npm run bench:gas`: receipt gasUsed (whole transaction: 21,000 base and calldata included) of
 * the marketplace's hot paths on a fresh anvil (automine, Cancun), against a Baseline contract that
 * does only the unavoidable work of a sale (one ecrecover, one ERC-721 transferFrom, one value
 * transfer). Conditions for every figure: fresh random accounts funded by anvil, the
 * seller approved the exchange in an earlier transaction, the buyer owns no token of the
 * collection, the seller keeps at least one token, first fill of a fresh order, no fee; the
 * exchange holds the 1 wei of WVBC the deploy leaves it (contracts/deploy/deploy.ts). The
 * fractional vault's calls and their conditions: scripts/lib/bench-fractional.ts.
 * Exits non-zero when a budget is missed.
 */
import {
  Contract,
  ContractFactory,
  hexlify,
  randomBytes,
  Signature,
  type Signer,
  Wallet,
} from 'ethers';
import { loadArtifact } from '#contracts/build/compile.ts';
import { startMarketplaceChain } from '#contracts/devnet/marketplace-chain.ts';
import { orderReader } from '#contracts/order-reader.ts';
import {
  allItemsMask,
  hashOrder,
  ItemsKind,
  marketplaceDomain,
  type Order,
  SaleKind,
  signBid,
  signBidAccepted,
  signOrder,
  signSettlement,
} from '#contracts/typed-data/index.ts';
import { benchFractional } from '#scripts/lib/bench-fractional.ts';
import { buildOrder, claimWindow } from '#shared/orders.ts';
import { benchDrops } from './lib/bench-drops.ts';
import {
  approveExchange,
  collectionAt,
  createCollection,
  exchangeAt,
  grantPartner,
  mined,
  mintBatch,
  wvbcAt,
} from './lib/marketplace.ts';

const ONE = 10n ** 18n;
const BUDGETS = {
  buy: 95_000n,
  claim: 125_000n,
  bundle10: 210_000n,
  cancel: 50_000n,
  record: 115_000n,
  claimFromEscrow: 125_000n,
} as const;

type Row = { scenario: string; gasUsed: bigint; budget?: bigint };

const chain = await startMarketplaceChain();
const { provider, deployment: d } = chain;
const rows: Row[] = [];
try {
  const admin = chain.wallet(0);
  const settlementKey = chain.wallet(1);
  const domain = marketplaceDomain(d.chainId, d.exchange);

  async function deployContract(deployer: Signer, name: string): Promise<string> {
    const art = loadArtifact(name);
    const c = await new ContractFactory(art.abi, art.bytecode, deployer).deploy();
    await c.waitForDeployment();
    return c.getAddress();
  }

  /** A fresh random account with 1,000 VBC from anvil. */
  async function freshAccount(): Promise<Wallet> {
    const w = new Wallet(hexlify(randomBytes(32)), provider);
    await provider.send('anvil_setBalance', [w.address, `0x${(1000n * ONE).toString(16)}`]);
    return w;
  }

  /** A fresh partner seller with a fresh collection of `count` tokens, exchange approved. */
  async function freshSeller(
    count: number,
  ): Promise<{ seller: Wallet; collection: string; ids: bigint[] }> {
    const seller = await freshAccount();
    await grantPartner(admin, d.collectionFactory, seller.address);
    const collection = await createCollection(seller, d.collectionFactory, {
      name: 'Bench',
      symbol: 'BNCH',
    });
    const ids = await mintBatch(
      seller,
      collection,
      seller.address,
      Array.from({ length: count }, (_, i) => `ipfs://bench/${i}`),
    );
    await approveExchange(seller, collection, d.exchange);
    return { seller, collection, ids };
  }

  /** A fresh order (first fill; nonces and counter read from chain), 1 VBC by default. */
  async function order(
    seller: Signer,
    collection: string,
    ids: bigint[],
    fields: Partial<Order>,
  ): Promise<Order> {
    const maker = await seller.getAddress();
    return buildOrder(orderReader(provider, d.exchange), {
      maker,
      collection,
      tokenIds: ids,
      price: ONE,
      ...fields,
    });
  }

  // Baselines: the same sale with no exchange logic, on our collection and on a plain ERC-721.
  {
    const { seller, collection, ids } = await freshSeller(2);
    const baselineArt = loadArtifact('Baseline');
    const baselineAddress = await deployContract(admin, 'Baseline');
    await mined(
      collectionAt(collection, seller).getFunction('setApprovalForAll')(baselineAddress, true),
    );
    const buyer = await freshAccount();
    const sale = async (token: string, id: bigint) => {
      const digest = hexlify(randomBytes(32));
      const sig = Signature.from(seller.signingKey.sign(digest));
      return mined(
        new Contract(baselineAddress, baselineArt.abi, buyer).getFunction('sale')(
          token,
          id,
          seller.address,
          digest,
          sig.v,
          sig.r,
          sig.s,
          { value: ONE },
        ),
      );
    };
    const r = await sale(collection, ids[0]!);
    rows.push({
      scenario: 'baseline: ecrecover + ERC-721 transferFrom + value transfer',
      gasUsed: r.gasUsed,
    });
    // The same on a plain Solady ERC-721 (no nonce, no approval flag), fresh accounts again.
    const plainAddress = await deployContract(admin, 'PlainERC721');
    const plain = new Contract(plainAddress, loadArtifact('PlainERC721').abi, seller);
    await mined(plain.getFunction('mint')(seller.address, 1n));
    await mined(plain.getFunction('mint')(seller.address, 2n));
    await mined(plain.getFunction('setApprovalForAll')(baselineAddress, true));
    const plainReceipt = await sale(plainAddress, 1n);
    rows.push({
      scenario: '  (same baseline on a plain Solady ERC-721, for reference)',
      gasUsed: plainReceipt.gasUsed,
    });
  }

  // Buy one ERC-721 for VBC.
  {
    const { seller, collection, ids } = await freshSeller(2);
    const buyer = await freshAccount();
    const o = await order(seller, collection, [ids[0]!], {});
    const sig = await signOrder(seller, domain, o);
    const r = await mined(
      exchangeAt(d.exchange, buyer).getFunction('buy')(o, sig, 1n, { value: ONE }),
    );
    rows.push({ scenario: 'buy 1 ERC-721 for VBC', gasUsed: r.gasUsed, budget: BUDGETS.buy });
  }

  // Claim a won auction in WVBC (called by the winner; the settlement key attests the winner),
  // then the same for a bid its bidder put on chain first (recordBid: escrowed, pays the claim).
  for (const path of ['attested', 'recorded'] as const) {
    const { seller, collection, ids } = await freshSeller(2);
    const bidder = await freshAccount();
    const wvbc = wvbcAt(d.wvbc, bidder);
    await mined(wvbc.getFunction('deposit')({ value: 5n * ONE }));
    await mined(wvbc.getFunction('approve')(d.exchange, 2n ** 256n - 1n));
    const end = BigInt((await provider.getBlock('latest'))!.timestamp) + 100n;
    const o = await order(seller, collection, [ids[0]!], {
      saleKind: SaleKind.AUCTION,
      endTime: end,
    });
    const orderSig = await signOrder(seller, domain, o);
    const bid = { order: o, bidder: bidder.address, amount: 2n * ONE };
    await signBid(bidder, domain, bid); // the server holds it; the winner's own call authorizes it
    const exchange = exchangeAt(d.exchange, bidder);
    if (path === 'recorded') {
      // the receipt the settlement key signs when the marketplace accepts the bid (64-byte form)
      const receipt = await signBidAccepted(settlementKey, domain, {
        orderHash: hashOrder(o),
        bidder: bid.bidder,
        amount: bid.amount,
        epoch: 0n,
      });
      const compact = Signature.from(receipt).compactSerialized;
      const r = await mined(exchange.getFunction('recordBid')(o, compact, bid.amount));
      rows.push({
        scenario: 'record a bid on chain (escrow)',
        gasUsed: r.gasUsed,
        budget: BUDGETS.record,
      });
    }
    const opens = claimWindow(end).opens;
    await provider.send('evm_setNextBlockTimestamp', [Number(opens)]);
    await provider.send('evm_mine', []);
    const deadline = opens + 86_400n;
    const settlement = { orderHash: hashOrder(o), bidder: bid.bidder, amount: bid.amount };
    const settlementSig = await signSettlement(settlementKey, domain, {
      ...settlement,
      deadline,
      epoch: 0n,
    });
    const r = await mined(
      exchange.getFunction('claim')(
        o,
        orderSig,
        bid.bidder,
        bid.amount,
        '0x',
        deadline,
        settlementSig,
      ),
    );
    rows.push(
      path === 'attested'
        ? { scenario: 'claim a won auction in WVBC', gasUsed: r.gasUsed, budget: BUDGETS.claim }
        : {
            scenario: 'claim a won auction paid from its escrow',
            gasUsed: r.gasUsed,
            budget: BUDGETS.claimFromEscrow,
          },
    );
  }

  // Buy 10 ERC-721 from one bundle order in one transaction.
  {
    const { seller, collection, ids } = await freshSeller(11);
    const buyer = await freshAccount();
    const o = await order(seller, collection, ids.slice(0, 10), {
      itemsKind: ItemsKind.BUNDLE,
      price: ONE / 10n,
      discountBps: 1_000n,
      minCountForDiscount: 5n,
    });
    const sig = await signOrder(seller, domain, o);
    const r = await mined(
      exchangeAt(d.exchange, buyer).getFunction('buy')(o, sig, allItemsMask(10), {
        value: ONE - ONE / 10n,
      }),
    );
    rows.push({
      scenario: 'buy 10 ERC-721 from one bundle',
      gasUsed: r.gasUsed,
      budget: BUDGETS.bundle10,
    });
  }

  // Fractional vaults: sale, share listing, buyout, cash-out (scripts/lib/bench-fractional.ts).
  rows.push(
    ...(await benchFractional({ provider, deployment: d, admin, freshAccount, freshSeller })),
  );

  // Cancel one order.
  {
    const { seller, collection, ids } = await freshSeller(2);
    const o = await order(seller, collection, [ids[0]!], {});
    const r = await mined(exchangeAt(d.exchange, seller).getFunction('cancel')(o));
    rows.push({ scenario: 'cancel 1 order', gasUsed: r.gasUsed, budget: BUDGETS.cancel });
  }
  rows.push(
    ...(await benchDrops({
      provider,
      admin,
      factory: d.collectionFactory,
      wvbc: d.wvbc,
      freshAccount,
    })),
  );
} finally {
  await chain.close();
}

const baseline = rows[0]!.gasUsed;
const table = rows.map((r) => ({
  scenario: r.scenario,
  gasUsed: r.gasUsed.toLocaleString('en-US'),
  'x baseline': (Number(r.gasUsed) / Number(baseline)).toFixed(2),
  budget: r.budget ? r.budget.toLocaleString('en-US') : '-',
  result: r.budget ? (r.gasUsed <= r.budget ? 'pass' : 'FAIL') : '-',
}));
const cols = Object.keys(table[0]!) as (keyof (typeof table)[number])[];
const widths = cols.map((c) => Math.max(c.length, ...table.map((t) => t[c].length)));
const line = (cells: string[]) =>
  cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ');
console.log(line(cols));
console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
for (const t of table) console.log(line(cols.map((c) => t[c])));
const failed = rows.filter((r) => r.budget && r.gasUsed > r.budget);
if (failed.length) {
  console.error(`\n${failed.length} budget(s) missed`);
  process.exit(1);
}
console.log('\nall budgets met');
