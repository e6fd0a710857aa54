/**
 * Seed phase: drops (contracts/src/Drops.sol), on chain. Two steps around the seed's clock jump
 * (./seed.ts): before it, a pre-order of match-day jerseys sold and delivered, whose sale and
 * deadline the jump leaves in the past; after the catch-up with the wall clock, a live limited
 * edition with "3 of 50" sold, a pre-order of an apartment whose buyers hold INCOMING items, and
 * a magic bag opening in three days (its pool stored through the partners' route, so the reveal
 * can publish it). Metadata are `data:` documents with a `collection` key, as the studio's drop
 * documents (server/src/studio/drop-documents.ts).
 */

import { Contract } from 'ethers';
import { DROPS_ABI } from '#contracts/abi/index.ts';
import { DROP_KIND_CODES, type DropInput } from '../lib/drops.ts';
import { generateArtwork, type Motif } from '../lib/images.ts';
import type { Accounts } from './accounts.ts';
import { centi } from './catalogue.ts';
import type { Collections } from './collections.ts';
import { data, type SeedContext } from './context.ts';

const DAY = 86_400;
const NO_ROOT = `0x${'0'.repeat(64)}`;

function dataUri(json: unknown): string {
  return `data:application/json;base64,${Buffer.from(JSON.stringify(json)).toString('base64')}`;
}

interface Doc {
  name: string;
  description: string;
  motif: Motif;
  category: string;
  collection: string;
}

function document(ctx: SeedContext, key: string, d: Doc): string {
  const image = generateArtwork(ctx.dataDir, {
    seed: `drop:${key}`,
    motif: d.motif,
    title: d.name,
  });
  return dataUri({ ...d, motif: undefined, image, base_type: 'image' });
}

/** Creates the drop as `partner`; answers its id. */
async function create(ctx: SeedContext, partner: number, d: DropInput): Promise<bigint> {
  const drops = new Contract(ctx.deployment.drops!, DROPS_ABI, ctx.provider);
  const receipt = await ctx.call(drops, partner, 'createDrop', {
    kind: DROP_KIND_CODES[d.kind],
    wrapped: false,
    price: d.price,
    total: d.total,
    limitPerWallet: d.limitPerWallet,
    start: d.start,
    end: d.end,
    deadline: d.deadline ?? 0,
    eventTime: d.eventTime ?? 0,
    poolRoot: d.poolRoot ?? NO_ROOT,
    uri: d.uri,
  });
  const created = receipt.logs
    .map((l) => drops.interface.parseLog(l))
    .find((p) => p?.name === 'DropCreated');
  ctx.count('drops');
  return created!.args[0] as bigint;
}

async function buy(ctx: SeedContext, buyer: number, id: bigint, n: number, price: bigint) {
  const drops = new Contract(ctx.deployment.drops!, DROPS_ABI, ctx.provider);
  await ctx.call(drops, buyer, 'buy', id, n, { value: price * BigInt(n) });
  ctx.count('drop purchases', n);
}

/** Before the clock jump: jerseys pre-ordered and delivered, a sale soon in the past. */
export async function seedPastDrop(ctx: SeedContext, collections: Collections): Promise<void> {
  if (!ctx.deployment.drops) return;
  const now = Number(await ctx.chainNow());
  const price = centi(40);
  const id = await create(ctx, 5, {
    kind: 'PRE_ORDER',
    price,
    total: 10,
    limitPerWallet: 2,
    start: now,
    end: now + 600,
    deadline: now + 1_800,
    uri: document(ctx, 'jerseys', {
      name: 'Hanoi FC match-day jersey 2026',
      description: 'The signed jersey of the derby, made to order and delivered as an NFT.',
      motif: 'ball',
      category: 'sports',
      collection: collections.addressOf('legends'),
    }),
  });
  await buy(ctx, 7, id, 2, price);
  await buy(ctx, 9, id, 1, price);
  const drops = new Contract(ctx.deployment.drops, DROPS_ABI, ctx.provider);
  const jersey = (n: number) =>
    dataUri({ name: `Derby jersey #${n}`, description: 'Signed, size L.', category: 'sports' });
  await ctx.call(drops, 5, 'deliver', id, ctx.wallet(7).address, [jersey(1), jersey(2)]);
  await ctx.call(drops, 5, 'deliver', id, ctx.wallet(9).address, [jersey(3)]);
}

/** After the catch-up: a live edition, an apartment's pre-order, an upcoming magic bag. */
export async function seedDrops(
  ctx: SeedContext,
  accounts: Accounts,
  collections: Collections,
): Promise<void> {
  if (!ctx.deployment.drops) return;
  const now = Number(await ctx.chainNow());
  const edition = centi(20);
  const pendant = await create(ctx, 3, {
    kind: 'EDITION',
    price: edition,
    total: 50,
    limitPerWallet: 3,
    start: now,
    end: now + 30 * DAY,
    uri: document(ctx, 'pendant', {
      name: 'Lotus pendant, numbered edition',
      description: 'Fifty gold-plated lotus pendants, each with its number and certificate.',
      motif: 'gem',
      category: 'jewellery',
      collection: collections.addressOf('jewellery'),
    }),
  });
  await buy(ctx, 8, pendant, 2, edition);
  await buy(ctx, 9, pendant, 1, edition);

  const flat = centi(250);
  const apartment = await create(ctx, 2, {
    kind: 'PRE_ORDER',
    price: flat,
    total: 20,
    limitPerWallet: 2,
    start: now,
    end: now + 14 * DAY,
    deadline: now + 60 * DAY,
    uri: document(ctx, 'sky-residences', {
      name: 'Thu Thiem Sky Residences, floor 21',
      description: 'Twenty apartments of the tower under construction; handed over by Q3.',
      motif: 'skyline',
      category: 'real-estate',
      collection: collections.addressOf('residences'),
    }),
  });
  await buy(ctx, 7, apartment, 2, flat);
  await buy(ctx, 8, apartment, 1, flat);

  await seedUpcomingBag(ctx, accounts, collections, now);
}

async function seedUpcomingBag(
  ctx: SeedContext,
  accounts: Accounts,
  collections: Collections,
  now: number,
): Promise<void> {
  const pool = Array.from({ length: 6 }, (_, i) =>
    dataUri({
      name: `Delta dream #${i + 1}`,
      description: 'One of six generative pieces.',
      image: generateArtwork(ctx.dataDir, {
        seed: `bag:${i}`,
        motif: 'abstract',
        title: `#${i + 1}`,
      }),
      category: 'art',
    }),
  );
  const stored = data<{ poolRoot: string }>(
    await ctx.api('POST', '/api/v1/drops/pools', {
      token: accounts.tokens.get(4)!,
      account: 4,
      body: { uris: pool },
    }),
  );
  await create(ctx, 4, {
    kind: 'MAGIC_BAG',
    price: centi(15),
    total: pool.length,
    limitPerWallet: 2,
    start: now + 3 * DAY,
    end: now + 10 * DAY,
    deadline: now + 30 * DAY,
    poolRoot: stored.poolRoot,
    uri: document(ctx, 'delta-bag', {
      name: 'Mekong magic bag',
      description: 'Six generative pieces; which one is yours is fixed by a later block.',
      motif: 'abstract',
      category: 'art',
      collection: collections.addressOf('abstracts'),
    }),
  });
}
