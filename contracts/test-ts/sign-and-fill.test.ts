/**
 * The browser's way of trading, end to end on a real anvil: the seller signs with
 * `eth_signTypedData_v4` through a JSON-RPC signer (what an EIP-1193 wallet does; anvil holds the
 * key) or locally (the platform wallet), the buyer sends `buy`; auctions are claimed with the
 * bidder's Bid and the settlement key's Settlement.
 */
import {
  Contract,
  type ContractTransactionResponse,
  getAddress,
  type JsonRpcSigner,
  Signature,
  type Signer,
  type Wallet,
} from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COLLECTION_FACTORY_ABI,
  EXCHANGE_ABI,
  MARKETPLACE_COLLECTION_ABI,
  WVBC_ABI,
} from '../abi/index.ts';
import { type MarketplaceChain, startMarketplaceChain } from '../devnet/marketplace-chain.ts';
import { orderReader } from '../order-reader.ts';
import {
  allItemsMask,
  buildOrder,
  claimWindow,
  hashOrder,
  ItemsKind,
  itemMask,
  marketplaceDomain,
  type Order,
  quoteOrder,
  recoverOrderSigner,
  SaleKind,
  signBid,
  signOrder,
  signSettlement,
} from '../typed-data/index.ts';

const ONE = 10n ** 18n;

async function mined(tx: Promise<ContractTransactionResponse>) {
  const receipt = await (await tx).wait();
  if (receipt?.status !== 1) throw new Error('reverted');
  return receipt;
}

describe('sign in the browser, fill on chain', () => {
  let chain: MarketplaceChain;
  let seller: JsonRpcSigner; // anvil #2 through eth_signTypedData_v4
  let buyer: Wallet; // anvil #3, local key (platform wallet)
  let bidder: Wallet; // anvil #4
  let collection: Contract;
  let exchange: Contract;
  let domain: ReturnType<typeof marketplaceDomain>;

  beforeAll(async () => {
    chain = await startMarketplaceChain();
    const admin = chain.wallet(0);
    seller = await chain.provider.getSigner(2);
    buyer = chain.wallet(3);
    bidder = chain.wallet(4);
    const d = chain.deployment;
    domain = marketplaceDomain(d.chainId, d.exchange);
    exchange = new Contract(d.exchange, EXCHANGE_ABI, chain.provider);
    const factory = new Contract(d.collectionFactory, COLLECTION_FACTORY_ABI, admin);
    const role = await factory.getFunction('PARTNER_ROLE')();
    await mined(factory.getFunction('grantRole')(role, seller.address));
    const created = await mined(
      factory.connect(seller).getFunction('createCollection')('Art', 'ART', 'ipfs://art'),
    );
    const event = created.logs
      .map((l) => factory.interface.parseLog(l))
      .find((p) => p?.name === 'CollectionCreated');
    collection = new Contract(getAddress(event!.args[0]), MARKETPLACE_COLLECTION_ABI, seller);
    await mined(
      collection.getFunction('mintBatch')(
        seller.address,
        Array.from({ length: 8 }, (_, i) => `ipfs://art/${i + 1}`),
      ),
    );
    await mined(collection.getFunction('setApprovalForAll')(d.exchange, true));
  });
  afterAll(async () => {
    await chain?.close();
  });

  /** A listing by the seller: current nonces and counter, 1 VBC unless `fields` say otherwise. */
  async function listing(ids: bigint[], fields: Partial<Order>): Promise<Order> {
    return buildOrder(orderReader(chain.provider, chain.deployment.exchange), {
      maker: seller.address,
      collection: await collection.getAddress(),
      tokenIds: ids,
      price: ONE,
      ...fields,
    });
  }

  const ownerOf = (id: bigint) => collection.getFunction('ownerOf')(id) as Promise<string>;

  it('fills a single listing signed with eth_signTypedData_v4', async () => {
    const o = await listing([1n], { price: 2n * ONE });
    const sig = await signOrder(seller, domain, o);
    expect(recoverOrderSigner(domain, o, sig)).toBe(seller.address);
    const before = await chain.provider.getBalance(seller.address);
    const receipt = await mined(
      (exchange.connect(buyer) as Contract).getFunction('buy')(o, sig, 1n, { value: 2n * ONE }),
    );
    expect(await ownerOf(1n)).toBe(buyer.address);
    expect((await chain.provider.getBalance(seller.address)) - before).toBe(2n * ONE);
    const filled = receipt.logs
      .map((l) => exchange.interface.parseLog(l))
      .find((p) => p?.name === 'OrderFilled');
    expect(filled?.args.toObject()).toEqual({
      orderHash: hashOrder(o),
      maker: seller.address,
      taker: buyer.address,
      collection: await collection.getAddress(),
      itemMask: 1n,
      amount: 2n * ONE,
      fee: 0n,
    });
  });

  it('fills part of a bundle with a compact signature, then refuses the same items again', async () => {
    const o = await listing([2n, 3n, 4n, 5n], {
      itemsKind: ItemsKind.BUNDLE,
      price: ONE / 2n,
      discountBps: 2_000n,
      minCountForDiscount: 3n,
    });
    const sig = Signature.from(await signOrder(seller, domain, o)).compactSerialized;
    const mask = itemMask([0, 1, 3]);
    const { total } = quoteOrder(o, mask);
    expect(total).toBe((((3n * ONE) / 2n) * 8n) / 10n);
    await mined(
      (exchange.connect(buyer) as Contract).getFunction('buy')(o, sig, mask, { value: total }),
    );
    expect(await ownerOf(2n)).toBe(buyer.address);
    expect(await ownerOf(4n)).toBe(seller.address);
    expect(await ownerOf(5n)).toBe(buyer.address);
    const again = (exchange.connect(bidder) as Contract).getFunction('buy');
    await expect(
      again.staticCall(o, sig, itemMask([0]), { value: ONE / 2n }),
    ).rejects.toMatchObject({
      revert: { name: 'ItemNoLongerAvailable', args: [2n] },
    });
  });

  it('refuses a wrong payment and a partial set', async () => {
    const set = await listing([6n, 7n], { itemsKind: ItemsKind.SET, price: ONE });
    const sig = await signOrder(seller, domain, set);
    const buy = (exchange.connect(buyer) as Contract).getFunction('buy');
    await expect(
      buy.staticCall(set, sig, allItemsMask(2), { value: ONE - 1n }),
    ).rejects.toMatchObject({
      revert: { name: 'WrongPayment', args: [ONE, ONE - 1n] },
    });
    await expect(buy.staticCall(set, sig, itemMask([0]), { value: ONE })).rejects.toMatchObject({
      revert: { name: 'SetMustBeBoughtWhole' },
    });
  });

  it('claims a won auction with the bid and the settlement attestation', async () => {
    const wvbc = new Contract(chain.deployment.wvbc, WVBC_ABI, bidder);
    await mined(wvbc.getFunction('deposit')({ value: 3n * ONE }));
    await mined(wvbc.getFunction('approve')(chain.deployment.exchange, 3n * ONE));
    const end = BigInt((await chain.provider.getBlock('latest'))!.timestamp) + 7200n;
    const o = await listing([8n], { saleKind: SaleKind.AUCTION, price: ONE, endTime: end });
    const orderSig = await signOrder(seller, domain, o);
    const bid = { order: o, bidder: bidder.address, amount: 2n * ONE };
    const bidSig = await signBid(bidder, domain, bid);
    const claim = (exchange.connect(bidder) as Contract).getFunction('claim');
    const { opens } = claimWindow(end);
    const deadline = opens + 3600n;
    await expect(
      claim.staticCall(o, orderSig, bid.bidder, bid.amount, bidSig, deadline, '0x'),
    ).rejects.toMatchObject({ revert: { name: 'AuctionNotEnded' } });
    await chain.provider.send('evm_setNextBlockTimestamp', [Number(opens)]);
    await chain.provider.send('evm_mine', []);
    const settlementKey: Signer = chain.wallet(1);
    const attestation = await signSettlement(settlementKey, domain, {
      orderHash: hashOrder(o),
      bidder: bid.bidder,
      amount: bid.amount,
      deadline,
      epoch: 0n,
    });
    // The seller may claim too, with the bidder's signature.
    const byStranger = (exchange.connect(buyer) as Contract).getFunction('claim');
    await expect(
      byStranger.staticCall(o, orderSig, bid.bidder, bid.amount, bidSig, deadline, attestation),
    ).rejects.toMatchObject({ revert: { name: 'CallerIsNotWinnerOrSeller' } });
    await mined(claim(o, orderSig, bid.bidder, bid.amount, '0x', deadline, attestation));
    expect(await ownerOf(8n)).toBe(bidder.address);
    expect(await wvbc.getFunction('balanceOf')(seller.address)).toBe(2n * ONE);
    expect(await wvbc.getFunction('balanceOf')(chain.deployment.exchange)).toBe(1n); // the deploy's dust
  });

  it('revokes a listing with cancel', async () => {
    const o = await listing([4n], { price: ONE });
    const sig = await signOrder(seller, domain, o);
    const receipt = await mined((exchange.connect(seller) as Contract).getFunction('cancel')(o));
    const cancelled = receipt.logs
      .map((l) => exchange.interface.parseLog(l))
      .find((p) => p?.name === 'OrderCancelled');
    expect(cancelled?.args.toObject()).toEqual({ orderHash: hashOrder(o), maker: seller.address });
    const buy = (exchange.connect(buyer) as Contract).getFunction('buy');
    await expect(buy.staticCall(o, sig, 1n, { value: ONE })).rejects.toMatchObject({
      revert: { name: 'ItemNoLongerAvailable', args: [4n] },
    });
  });
});
