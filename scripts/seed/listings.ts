/**
 * Seed phase: the listings. Each partner signs EIP-712 orders for its items (fixed prices, live
 * auctions, auctions about to end, sets and bundles) and posts them through POST /api/v2/orders,
 * the way the web app lists. Salts are derived from the items, so a seed always makes the same
 * orders.
 */

import {
  buildOrder,
  hashOrder,
  ItemsKind,
  type Order,
  orderToJson,
  SaleKind,
  signOrder,
} from '#contracts/typed-data/index.ts';
import { generateArtwork } from '../lib/images.ts';
import { centi, ONE } from './catalogue.ts';
import type { Collections } from './collections.ts';
import type { Json, SeedContext } from './context.ts';
import { TRADES } from './trade-plan.ts';

/** An auction and the bids it gets: [account, amount in 0.01 VBC]. */
export type AuctionListing = { hash: string; order: Order; bids: [number, number][] };

export type Listings = {
  /** Every listing by `<collection>:<token ids>`. */
  orders: Map<string, { order: Order; hash: string }>;
  /** Auctions that stay live. */
  auctions: AuctionListing[];
  /** Auctions that end during the seed and are claimed by `winner`. */
  claimed: (AuctionListing & { winner: number })[];
  /** Bundle order hashes, in TRADES.bundles order. */
  bundles: string[];
};

/** Signs and posts one listing of a collection's items; returns its order hash. */
type List = (
  key: string,
  tokenIds: number[],
  fields: Partial<Order>,
  extra?: Json,
) => Promise<string>;

/** The auction listed under `hash` (the list call just stored it). */
function auctionOf(orders: Listings['orders'], hash: string): Order {
  for (const entry of orders.values()) if (entry.hash === hash) return entry.order;
  throw new Error(`no order ${hash}`);
}

/** The listings a seed makes (default the whole plan, ./trade-plan.ts). */
export type ListingPlan = Pick<
  typeof TRADES,
  'fixed' | 'auctions' | 'claimed' | 'sets' | 'bundles'
>;

export async function seedListings(
  ctx: SeedContext,
  collections: Collections,
  plan: ListingPlan = TRADES,
): Promise<Listings> {
  const orders: Listings['orders'] = new Map();
  const now = await ctx.chainNow();
  const list: List = async (key, tokenIds, fields, extra = {}) => {
    const partner = collections.plan(key).partner;
    const maker = ctx.wallet(partner);
    const order = await buildOrder(ctx.reader, {
      maker: maker.address,
      collection: collections.addressOf(key),
      tokenIds: tokenIds.map(BigInt),
      price: ONE,
      startTime: now - 60n,
      endTime: now + 180n * 86_400n,
      salt: BigInt(
        `0x${Buffer.from(`${ctx.saltPrefix}${key}:${tokenIds.join(',')}`)
          .toString('hex')
          .slice(0, 24)}`,
      ),
      ...fields,
    });
    const signature = await signOrder(maker, ctx.domain, order);
    await ctx.api('POST', '/api/v2/orders', {
      body: { networkId: ctx.chainId, order: orderToJson(order), signature, ...extra },
      apiKey: true,
      account: partner,
    });
    const hash = hashOrder(order);
    orders.set(`${key}:${tokenIds.join(',')}`, { order, hash });
    return hash;
  };
  for (const [key, token, price] of plan.fixed) {
    await list(key, [token], { price: centi(price) });
    ctx.count('fixed listings');
  }
  const auctions = await listAuctions(ctx, list, now, orders, plan);
  const claimed = await listEndingAuctions(ctx, list, orders, plan);
  await listSets(ctx, collections, list, plan);
  const bundles = await listBundles(ctx, collections, list, plan);
  return { orders, auctions, claimed, bundles };
}

async function listAuctions(
  ctx: SeedContext,
  list: List,
  now: bigint,
  orders: Listings['orders'],
  plan: ListingPlan,
) {
  const auctions: AuctionListing[] = [];
  for (const [key, token, reserve, days, bids] of plan.auctions) {
    const hash = await list(key, [token], {
      saleKind: SaleKind.AUCTION,
      price: centi(reserve),
      endTime: now + BigInt(days) * 86_400n,
    });
    auctions.push({ hash, order: auctionOf(orders, hash), bids });
    ctx.count('auctions');
  }
  return auctions;
}

/** Auctions ending 90 s from now, so the seed can claim them after a jump of the chain's clock. */
async function listEndingAuctions(
  ctx: SeedContext,
  list: List,
  orders: Listings['orders'],
  plan: ListingPlan,
) {
  const claimed: Listings['claimed'] = [];
  for (const [key, token, reserve, bids, winner] of plan.claimed) {
    const hash = await list(key, [token], {
      saleKind: SaleKind.AUCTION,
      price: centi(reserve),
      endTime: (await ctx.chainNow()) + 90n,
    });
    claimed.push({ hash, order: auctionOf(orders, hash), bids, winner });
  }
  return claimed;
}

async function listSets(ctx: SeedContext, collections: Collections, list: List, plan: ListingPlan) {
  for (const [key, tokenIds, price, name] of plan.sets) {
    const plan = collections.plan(key);
    await list(
      key,
      tokenIds,
      { itemsKind: ItemsKind.SET, price: centi(price) },
      {
        name,
        description: `${tokenIds.length} NFT của ${plan.name}, chỉ bán trọn bộ.\n\n${tokenIds.length} items of ${plan.name}, sold together only.`,
        image: generateArtwork(ctx.dataDir, {
          seed: `set:${name}`,
          motif: plan.motif,
          title: name,
          subtitle: `Set of ${tokenIds.length}`,
        }),
      },
    );
    ctx.count('sets');
  }
}

async function listBundles(
  ctx: SeedContext,
  collections: Collections,
  list: List,
  plan: ListingPlan,
) {
  const hashes: string[] = [];
  for (const [key, tokenIds, price, discount, minCount, name] of plan.bundles) {
    const terms = {
      itemsKind: ItemsKind.BUNDLE,
      price: centi(price),
      discountBps: BigInt(discount),
      minCountForDiscount: BigInt(minCount),
    };
    const image = generateArtwork(ctx.dataDir, {
      seed: `bundle:${name}`,
      motif: collections.plan(key).motif,
      title: name,
      subtitle: `${discount / 100}% off from ${minCount} items`,
    });
    const description =
      `Chọn bất kỳ trong ${tokenIds.length} NFT; giảm ${discount / 100}% từ ${minCount} NFT.\n\n` +
      `Pick any of ${tokenIds.length} items; ${discount / 100}% off from ${minCount}.`;
    hashes.push(await list(key, tokenIds, terms, { name, description, image }));
    ctx.count('bundles');
  }
  return hashes;
}
