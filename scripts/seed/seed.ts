/**
 * The demo catalogue (issue 3), created the way users create things: real chain transactions
 * (partner role, collections from the factory, mints with on-chain metadata, approvals, WVBC
 * wraps, buys, a revoke, a gift) and real signed EIP-712 orders and bids sent through the app's
 * own HTTP routes (account sign-up and SIWE, profile update, POST /api/v2/orders, trade/*,
 * bid/bid, user/like, user/follow). Nothing is inserted behind the chain's back: NFTs, owners and
 * provenance come from the indexer. Two editorial flags have no route and are set directly:
 * `users.is_creator` (featured creators) and `nfts.hot_nft` (hot NFTs, the most liked on sale).
 *
 * `runSeed` needs the running app with its indexer (scripts/start.ts calls it once, when the
 * database has no 'demo-seed' marker) and the demo accounts of anvil's mnemonic
 * (contracts/README.md). Images are generated locally (scripts/lib/images.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  Contract,
  type JsonRpcProvider,
  type TransactionReceipt,
  type TransactionRequest,
  Wallet,
} from 'ethers';
import {
  COLLECTION_FACTORY_ABI,
  MARKETPLACE_COLLECTION_ABI,
  WVBC_ABI,
} from '#contracts/abi/index.ts';
import type { Deployment } from '#contracts/deploy/deployment.ts';
import { ANVIL_KEYS } from '#contracts/devnet/anvil.ts';
import { rpcProvider } from '#contracts/devnet/rpc.ts';
import { orderReader } from '#contracts/order-reader.ts';
import {
  buildOrder,
  hashOrder,
  ItemsKind,
  marketplaceDomain,
  type Order,
  orderToJson,
  SaleKind,
  signBid,
  signOrder,
} from '#contracts/typed-data/index.ts';
import type { App } from '#server/app.ts';
import { generateArtwork } from '../lib/images.ts';
import {
  COLLECTIONS,
  type CollectionPlan,
  centi,
  DEMO_ACCOUNT,
  ONE,
  PEOPLE,
  TRADES,
} from './catalogue.ts';
import { SEED_MARKER, SEED_STARTED_MARKER } from './markers.ts';

export interface SeedParameters {
  /** The running app, its indexer started (buildApp `indexer` option). */
  app: App;
  rpcUrl: string;
  deployment: Deployment;
  dataDir: string;
  log?: (line: string) => void;
}

export interface SeedReport {
  seconds: number;
  phases: Record<string, number>;
  counts: Record<string, number>;
}

type Json = Record<string, unknown>;

class SeedError extends Error {
  override readonly name = 'SeedError';
}

/** True when the demo catalogue was already created on this database. */
export async function isSeeded(app: App): Promise<boolean> {
  const row = await app.db
    .withTables<{ app_markers: { key: string } }>()
    .selectFrom('app_markers')
    .select('key')
    .where('key', '=', SEED_MARKER)
    .executeTakeFirst();
  return Boolean(row);
}

export async function runSeed(p: SeedParameters): Promise<SeedReport> {
  const started = Date.now();
  const phases: Record<string, number> = {};
  let mark = Date.now();
  const phase = (name: string) => {
    phases[name] = (Date.now() - mark) / 1000;
    mark = Date.now();
    p.log?.(`seed: ${name} (${phases[name]!.toFixed(1)} s)`);
  };
  const { app, deployment, dataDir } = p;
  if (!app.indexer) throw new SeedError('the seed needs the app with its indexer');
  const indexer = app.indexer;
  const provider: JsonRpcProvider = rpcProvider(p.rpcUrl);
  const chainId = deployment.chainId;
  const wallets = ANVIL_KEYS.map((k) => new Wallet(k, provider));
  const w = (i: number) => wallets[i]!;
  const domain = marketplaceDomain(chainId, deployment.exchange);
  const reader = orderReader(provider, deployment.exchange);
  const apiKey = app.config.apiKey;

  // ------------------------------------------------------------ helpers
  async function api(
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    opts: { body?: Json; token?: string; account?: number; apiKey?: boolean } = {},
  ): Promise<Json> {
    const headers: Record<string, string> = {};
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.apiKey) headers['api-key'] = apiKey;
    const res = await app.inject({
      method,
      url,
      headers,
      // One address per demo person, as if each used their own device (per-IP rate limits).
      remoteAddress: `10.77.0.${opts.account ?? 1}`,
      ...(opts.body ? { payload: opts.body } : {}),
    });
    const body = res.body ? (JSON.parse(res.body) as Json) : {};
    if (res.statusCode >= 300) {
      throw new SeedError(`${method} ${url} -> ${res.statusCode} ${res.body.slice(0, 300)}`);
    }
    return body;
  }
  const data = <T = Json>(body: Json) => body.data as T;

  async function send(from: number, tx: TransactionRequest): Promise<void> {
    const receipt = await (await w(from).sendTransaction(tx)).wait();
    if (receipt?.status !== 1) throw new SeedError(`transaction of #${from} reverted`);
  }
  async function call(
    contract: Contract,
    from: number,
    fn: string,
    ...args: unknown[]
  ): Promise<TransactionReceipt> {
    const c = contract.connect(w(from)) as Contract;
    const receipt = await (await c.getFunction(fn)(...args)).wait();
    if (receipt?.status !== 1) throw new SeedError(`${fn} of #${from} reverted`);
    return receipt;
  }
  /** Runs one job per account in parallel, each account's jobs in order (nonces). */
  async function perAccount<T>(jobs: [number, () => Promise<T>][]): Promise<T[]> {
    const byAccount = new Map<number, (() => Promise<T>)[]>();
    for (const [a, job] of jobs) byAccount.set(a, [...(byAccount.get(a) ?? []), job]);
    const results = await Promise.all(
      [...byAccount.values()].map(async (list) => {
        const out: T[] = [];
        for (const job of list) out.push(await job());
        return out;
      }),
    );
    return results.flat();
  }
  const chainNow = async () => BigInt((await provider.getBlock('latest'))!.timestamp);
  const synced = async () => indexer.waitForBlock(await provider.getBlockNumber(), 120_000);
  const counts: Record<string, number> = {};
  const count = (key: string, n = 1) => {
    counts[key] = (counts[key] ?? 0) + n;
  };

  await app.db
    .withTables<{ app_markers: { key: string } }>()
    .insertInto('app_markers')
    .values({ key: SEED_STARTED_MARKER })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  try {
    // ------------------------------------------------------------ people (account routes)
    const tokens = new Map<number, string>();
    const userIds = new Map<number, number>();
    await Promise.all(
      PEOPLE.map(async (person) => {
        const wallet = w(person.account);
        const { message } = data<{ message: string }>(
          await api(
            'GET',
            `/api/v1/account/sign-in/message?address=${wallet.address}&chainId=${chainId}`,
            { account: person.account },
          ),
        );
        const signature = await wallet.signMessage(message);
        const session = data<{ token: string; user: { id: number } }>(
          await api('POST', '/api/v1/account/create/default', {
            body: { message, signature },
            account: person.account,
          }),
        );
        tokens.set(person.account, session.token);
        userIds.set(person.account, session.user.id);
        await api('PUT', '/api/v1/account/info', {
          body: { username: person.username, bio: person.bio },
          token: session.token,
          account: person.account,
        });
        count('users');
      }),
    );
    // The demo account signs up with e-mail and password, verifies by the mailed link, links #6.
    await api('POST', '/api/v1/account/sign-up', {
      body: {
        username: DEMO_ACCOUNT.username,
        email: DEMO_ACCOUNT.email,
        password: DEMO_ACCOUNT.password,
        confirmPassword: DEMO_ACCOUNT.password,
      },
      account: DEMO_ACCOUNT.account,
    });
    const link = findVerificationLink(join(dataDir, 'outbox'), DEMO_ACCOUNT.email);
    if (link) {
      await api('GET', link, { account: DEMO_ACCOUNT.account });
    } else {
      // SMTP_URL set: the mail left the machine; the demo account is trusted as verified.
      await app.db
        .updateTable('users')
        .set({ email_verified: true })
        .where('email', '=', DEMO_ACCOUNT.email)
        .execute();
    }
    const demo = data<{ token: string; user: { id: number } }>(
      await api('POST', '/api/v1/account/sign-in', {
        body: { username: DEMO_ACCOUNT.username, password: DEMO_ACCOUNT.password },
        account: DEMO_ACCOUNT.account,
      }),
    );
    tokens.set(DEMO_ACCOUNT.account, demo.token);
    userIds.set(DEMO_ACCOUNT.account, demo.user.id);
    await api('POST', '/api/v1/bc-address/add-to-account', {
      body: { new_bc_address: w(DEMO_ACCOUNT.account).address },
      token: demo.token,
      account: DEMO_ACCOUNT.account,
    });
    await api('PUT', '/api/v1/account/info', {
      body: { bio: DEMO_ACCOUNT.bio },
      token: demo.token,
      account: DEMO_ACCOUNT.account,
    });
    count('users');
    const creators = PEOPLE.filter((x) => x.creator).map((x) => userIds.get(x.account)!);
    await app.db
      .updateTable('users')
      .set({ is_creator: true })
      .where('id', 'in', creators)
      .execute();
    counts.creators = creators.length;
    phase('accounts');

    // ------------------------------------------------------------ collections and mints (chain)
    const factory = new Contract(deployment.collectionFactory, COLLECTION_FACTORY_ABI, provider);
    const partnerRole = (await factory.getFunction('PARTNER_ROLE')()) as string;
    const partners = [...new Set(COLLECTIONS.map((c) => c.partner))];
    for (const partner of partners) {
      await call(factory, 0, 'grantRole', partnerRole, w(partner).address);
    }
    const collectionAddress = new Map<string, string>();
    await perAccount(
      COLLECTIONS.map((plan) => [
        plan.partner,
        async () => {
          const receipt = await call(
            factory,
            plan.partner,
            'createCollection',
            plan.name,
            plan.symbol,
            collectionMetadataUri(dataDir, plan),
          );
          const created = receipt.logs
            .map((l) => factory.interface.parseLog(l))
            .find((x) => x?.name === 'CollectionCreated');
          const address = String(created!.args[0]);
          collectionAddress.set(plan.key, address);
          const collection = new Contract(address, MARKETPLACE_COLLECTION_ABI, provider);
          await call(
            collection,
            plan.partner,
            'mintBatch',
            w(plan.partner).address,
            tokenUris(dataDir, plan),
          );
          await call(collection, plan.partner, 'setApprovalForAll', deployment.exchange, true);
          count('collections');
          count('nfts', plan.items.length);
        },
      ]),
    );
    phase('collections and mints');
    await synced();
    phase('indexed mints');

    // ------------------------------------------------------------ listings (signed orders)
    const plan = (key: string) => COLLECTIONS.find((c) => c.key === key)!;
    const addressOf = (key: string) => collectionAddress.get(key)!;
    const itemId = async (key: string, token: number) => {
      const row = await app.db
        .selectFrom('nfts')
        .select('id')
        .where('collection_address', '=', addressOf(key).toLowerCase())
        .where('token_id', '=', String(token))
        .executeTakeFirstOrThrow();
      return row.id;
    };
    const now = await chainNow();
    const orders = new Map<string, { order: Order; hash: string }>();
    async function list(
      key: string,
      tokenIds: number[],
      fields: Partial<Order>,
      extra: Json = {},
    ): Promise<string> {
      const maker = w(plan(key).partner);
      const order = await buildOrder(reader, {
        maker: maker.address,
        collection: addressOf(key),
        tokenIds: tokenIds.map(BigInt),
        price: ONE,
        startTime: now - 60n,
        endTime: now + 180n * 86_400n,
        salt: BigInt(
          `0x${Buffer.from(`${key}:${tokenIds.join(',')}`)
            .toString('hex')
            .slice(0, 24)}`,
        ),
        ...fields,
      });
      const signature = await signOrder(maker, domain, order);
      await api('POST', '/api/v2/orders', {
        body: { order: orderToJson(order), signature, ...extra },
        apiKey: true,
        account: plan(key).partner,
      });
      const hash = hashOrder(order);
      orders.set(`${key}:${tokenIds.join(',')}`, { order, hash });
      return hash;
    }

    for (const [key, token, price] of TRADES.fixed) {
      await list(key, [token], { price: centi(price) });
      count('fixed listings');
    }
    const auctionHashes: { hash: string; bids: [number, number][] }[] = [];
    for (const [key, token, reserve, days, bids] of TRADES.auctions) {
      const hash = await list(key, [token], {
        saleKind: SaleKind.AUCTION,
        price: centi(reserve),
        endTime: now + BigInt(days) * 86_400n,
      });
      auctionHashes.push({ hash, bids });
      count('auctions');
    }
    const claimHashes: { hash: string; bids: [number, number][]; winner: number }[] = [];
    for (const [key, token, reserve, bids, winner] of TRADES.claimed) {
      const hash = await list(key, [token], {
        saleKind: SaleKind.AUCTION,
        price: centi(reserve),
        endTime: (await chainNow()) + 90n,
      });
      claimHashes.push({ hash, bids, winner });
    }
    for (const [key, tokenIds, price, name] of TRADES.sets) {
      await list(
        key,
        tokenIds,
        { itemsKind: ItemsKind.SET, price: centi(price) },
        {
          name,
          description: `${tokenIds.length} items of ${plan(key).name}, sold together only.`,
          image: generateArtwork(dataDir, {
            seed: `set:${name}`,
            motif: plan(key).motif,
            title: name,
            subtitle: `Set of ${tokenIds.length}`,
          }),
        },
      );
      count('sets');
    }
    const bundleHashes: string[] = [];
    for (const [key, tokenIds, price, discount, minCount, name] of TRADES.bundles) {
      bundleHashes.push(
        await list(
          key,
          tokenIds,
          {
            itemsKind: ItemsKind.BUNDLE,
            price: centi(price),
            discountBps: BigInt(discount),
            minCountForDiscount: BigInt(minCount),
          },
          {
            name,
            description: `Pick any of ${tokenIds.length} items; ${discount / 100}% off from ${minCount}.`,
            image: generateArtwork(dataDir, {
              seed: `bundle:${name}`,
              motif: plan(key).motif,
              title: name,
              subtitle: `${discount / 100}% off from ${minCount} items`,
            }),
          },
        ),
      );
      count('bundles');
    }
    phase('listings');

    // ------------------------------------------------------------ bids (WVBC, signed)
    const bidders = [
      ...new Set([
        ...TRADES.auctions.flatMap(([, , , , bids]) => bids.map(([a]) => a)),
        ...TRADES.claimed.flatMap(([, , , bids]) => bids.map(([a]) => a)),
      ]),
    ];
    const wvbc = new Contract(deployment.wvbc, WVBC_ABI, provider);
    await perAccount(
      bidders.map((a) => [
        a,
        async () => {
          await call(wvbc, a, 'deposit', { value: 100n * ONE });
          await call(wvbc, a, 'approve', deployment.exchange, 100n * ONE);
        },
      ]),
    );
    for (const { hash, bids } of [...auctionHashes, ...claimHashes]) {
      for (const [bidder, amount] of bids) {
        const bid = { orderHash: hash, bidder: w(bidder).address, amount: centi(amount) };
        const signature = await signBid(w(bidder), domain, bid);
        await api('POST', '/api/v2/bid/bid', {
          body: { ...bid, amount: bid.amount.toString(), signature },
          account: bidder,
        });
        count('bids');
      }
    }
    phase('bids');

    // ------------------------------------------------------------ a won auction, claimed
    if (claimHashes.length) {
      // Only a chain we drive (anvil) can jump to the end of the auction.
      await provider.send('evm_increaseTime', [91]);
      await provider.send('evm_mine', []);
      for (const { hash, winner } of claimHashes) {
        const { tx } = data<{ tx: { to: string; data: string } }>(
          await api('POST', '/api/v2/bid/claim', {
            body: { orderHash: hash, caller: w(winner).address },
            account: winner,
          }),
        );
        await send(winner, { to: tx.to, data: tx.data });
        count('claimed auctions');
      }
      phase('auction claimed');
    }

    // ------------------------------------------------------------ buys, revoke, gift (chain)
    await perAccount(
      TRADES.bought.map(([key, token, buyer]) => [
        buyer,
        async () => {
          const { hash } = orders.get(`${key}:${token}`)!;
          const { tx } = data<{ tx: { to: string; data: string; value: string } }>(
            await api('POST', '/api/v2/trade/matchOrder', {
              body: { orderHash: hash, buyer: w(buyer).address },
              apiKey: true,
              account: buyer,
            }),
          );
          await send(buyer, { to: tx.to, data: tx.data, value: BigInt(tx.value) });
          count('buys');
        },
      ]),
    );
    for (const [bundleIndex, tokenIds, buyer] of TRADES.bundleBuys) {
      const { tx } = data<{ tx: { to: string; data: string; value: string } }>(
        await api('POST', '/api/v2/trade/matchOrderBundle', {
          body: {
            orderHash: bundleHashes[bundleIndex]!,
            buyer: w(buyer).address,
            tokenIds: tokenIds.map(String),
          },
          apiKey: true,
          account: buyer,
        }),
      );
      await send(buyer, { to: tx.to, data: tx.data, value: BigInt(tx.value) });
      count('bundle buys');
    }
    for (const [key, token] of TRADES.revoked) {
      const { hash } = orders.get(`${key}:${token}`)!;
      const tx = data<{ to: string; data: string }>(
        await api('POST', `/api/v2/orders/${hash}/cancel-data`, {
          apiKey: true,
          account: plan(key).partner,
        }),
      );
      await send(plan(key).partner, { to: tx.to, data: tx.data });
      count('revokes');
    }
    for (const [key, token, to] of TRADES.gifts) {
      const collection = new Contract(addressOf(key), MARKETPLACE_COLLECTION_ABI, provider);
      await call(
        collection,
        plan(key).partner,
        'transferFrom',
        w(plan(key).partner).address,
        w(to).address,
        BigInt(token),
      );
      count('gifts');
    }
    phase('buys, revoke, gift');

    // ------------------------------------------------------------ likes and follows (API)
    await perAccount(
      TRADES.nftLikes.map(([account, key, token]) => [
        account,
        async () => {
          await api('POST', '/api/v2/user/like', {
            body: {
              target: 'nft',
              id: await itemId(key, token),
              address: w(account).address,
              like: true,
            },
            token: tokens.get(account)!,
            account,
          });
          count('likes');
        },
      ]),
    );
    const collectionIds = new Map(
      (
        await app.db
          .selectFrom('collections')
          .select(['id', 'address'])
          .where('network_id', '=', chainId)
          .execute()
      ).map((r) => [r.address, r.id]),
    );
    await perAccount(
      TRADES.collectionLikes.map(([account, key]) => [
        account,
        async () => {
          await api('POST', '/api/v2/user/like', {
            body: {
              target: 'collection',
              id: collectionIds.get(addressOf(key).toLowerCase())!,
              address: w(account).address,
              like: true,
            },
            token: tokens.get(account)!,
            account,
          });
          count('likes');
        },
      ]),
    );
    await perAccount(
      TRADES.follows.map(([follower, followee]) => [
        follower,
        async () => {
          await api('POST', '/api/v2/user/follow', {
            body: { userId: userIds.get(followee)!, follow: true },
            token: tokens.get(follower)!,
            account: follower,
          });
          count('follows');
        },
      ]),
    );
    phase('likes and follows');

    // ------------------------------------------------------------ settle and mark
    await synced();
    // Editorial flag (no route): the most liked NFTs on sale are "hot".
    const hot = await app.db
      .selectFrom('nfts')
      .select('id')
      .where('network_id', '=', chainId)
      .where('status', '=', 'ONSALE')
      .where('likes_count', '>', 0)
      .orderBy('likes_count', 'desc')
      .orderBy('id')
      .limit(12)
      .execute();
    if (hot.length) {
      await app.db
        .updateTable('nfts')
        .set({ hot_nft: true })
        .where(
          'id',
          'in',
          hot.map((h) => h.id),
        )
        .execute();
    }
    counts['hot NFTs'] = hot.length;
    const seconds = (Date.now() - started) / 1000;
    await app.db
      .withTables<{ app_markers: { key: string; value: string } }>()
      .insertInto('app_markers')
      .values({ key: SEED_MARKER, value: JSON.stringify({ counts, seconds, chainId }) })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    phase('indexed and marked');
    return { seconds, phases, counts };
  } finally {
    provider.destroy();
  }
}

// ---------------------------------------------------------------- metadata

function dataUri(json: unknown): string {
  return `data:application/json;base64,${Buffer.from(JSON.stringify(json)).toString('base64')}`;
}

function collectionMetadataUri(dataDir: string, plan: CollectionPlan): string {
  return dataUri({
    name: plan.name,
    description: plan.description,
    image: generateArtwork(dataDir, {
      seed: `collection:${plan.key}`,
      motif: plan.motif,
      title: plan.name,
      subtitle: plan.symbol,
    }),
    banner_image: generateArtwork(dataDir, {
      seed: `banner:${plan.key}`,
      motif: plan.motif,
      title: plan.name,
      width: 1200,
      height: 300,
    }),
    category: plan.category,
  });
}

function tokenUris(dataDir: string, plan: CollectionPlan): string[] {
  return plan.items.map((item, i) =>
    dataUri({
      name: item.name,
      description: item.description,
      image: generateArtwork(dataDir, {
        seed: `${plan.key}:${i + 1}`,
        motif: plan.motif,
        title: item.name,
        subtitle: plan.name,
      }),
      category: plan.category,
      base_type: item.baseType ?? 'image',
      attributes: item.attributes,
      ...(item.inspection ? { inspection_reports: item.inspection } : {}),
    }),
  );
}

/** The verification link of the newest mail to `email` in the outbox (.eml, maybe QP-encoded). */
function findVerificationLink(outbox: string, email: string): string | null {
  let files: string[];
  try {
    files = readdirSync(outbox)
      .filter((f) => f.endsWith('.eml') && f.includes(email))
      .sort();
  } catch {
    return null;
  }
  const last = files[files.length - 1];
  if (!last) return null;
  const text = readFileSync(join(outbox, last), 'utf8')
    .replace(/=\r?\n/g, '')
    .replace(/=3D/gi, '=');
  const match = /\/account\/verify-email\/(\d+)\/([A-Za-z0-9_-]+)/.exec(text);
  return match ? `/api/v1/account/verify-email/${match[1]}/${match[2]}` : null;
}
