/**
 * Indexer test fixture: the chain of helpers/chain.ts (a real anvil with the marketplace
 * deployed, its network registered in the test database), and helpers that act on chain the way
 * users do (partner creates a collection and mints, sellers sign EIP-712 orders, buyers buy,
 * makers cancel).
 * A listing row is stored the way the trading routes store one (order + ONSALE NFTs), because the
 * indexer's job is to end it when the chain says so.
 */
import {
  Contract,
  type ContractTransactionResponse,
  type JsonRpcProvider,
  type Wallet,
} from 'ethers';
import type { Kysely } from 'kysely';
import {
  COLLECTION_FACTORY_ABI,
  DROPS_ABI,
  EXCHANGE_ABI,
  MARKETPLACE_COLLECTION_ABI,
  WVBC_ABI,
} from '#contracts/abi/index.ts';
import type { Deployment } from '#contracts/deploy/deployment.ts';
import type { AnvilHandle, StartAnvilOptions } from '#contracts/devnet/anvil.ts';
import { orderReader } from '#contracts/order-reader.ts';
import {
  hashOrder,
  ItemsKind,
  marketplaceDomain,
  type Order,
  orderToJson,
  SaleKind,
  signOrder,
} from '#contracts/typed-data/index.ts';
import type { Database } from '#server/db/types.ts';
import { createIndexer, type Indexer, type IndexerOptions } from '#server/indexer/indexer.ts';
import { buildOrder } from '#shared/orders.ts';
import { startTestChain } from '../helpers/chain.ts';

export const ONE = 10n ** 18n;

export async function mined(tx: Promise<ContractTransactionResponse>) {
  const receipt = await (await tx).wait();
  if (receipt?.status !== 1) throw new Error('reverted');
  return receipt;
}

export function metadataUri(meta: Record<string, unknown>): string {
  return `data:application/json;base64,${Buffer.from(JSON.stringify(meta)).toString('base64')}`;
}

export interface ChainFixture {
  anvil: AnvilHandle;
  provider: JsonRpcProvider;
  deployment: Deployment;
  wallet(i: number): Wallet;
  exchange: Contract;
  wvbc: Contract;
  /** Creates a collection as partner `partner` (granted here) and returns it (partner runner). */
  createCollection(partner: Wallet, meta: Record<string, unknown>): Promise<Contract>;
  order(
    collection: Contract,
    maker: Wallet,
    ids: bigint[],
    fields?: Partial<Order>,
  ): Promise<Order>;
  /** Stores a signed listing as the trading routes do; returns its hash and signature. */
  list(db: Kysely<Database>, maker: Wallet, order: Order): Promise<{ hash: string; sig: string }>;
  newIndexer(db: Kysely<Database>, extra?: Partial<IndexerOptions>): Indexer;
  close(): Promise<void>;
}

export async function startChainFixture(
  db: Kysely<Database>,
  databaseUrl?: string,
  anvilOptions?: StartAnvilOptions,
): Promise<ChainFixture> {
  const chain = await startTestChain(db, anvilOptions ? { anvil: anvilOptions } : {});
  const { anvil, provider, deployment, wallet } = chain;
  const admin = wallet(0);
  const factory = new Contract(deployment.collectionFactory, COLLECTION_FACTORY_ABI, admin);
  const exchange = new Contract(deployment.exchange, EXCHANGE_ABI, provider);
  const wvbc = new Contract(deployment.wvbc, WVBC_ABI, provider);
  const domain = marketplaceDomain(deployment.chainId, deployment.exchange);
  const reader = orderReader(provider, deployment.exchange);
  const partners = new Set<string>();
  const indexers: Indexer[] = [];

  return {
    anvil,
    provider,
    deployment,
    wallet,
    exchange,
    wvbc,
    async createCollection(partner, meta) {
      if (!partners.has(partner.address)) {
        const role = await factory.getFunction('PARTNER_ROLE')();
        await mined(factory.getFunction('grantRole')(role, partner.address));
        partners.add(partner.address);
      }
      const receipt = await mined(
        (factory.connect(partner) as Contract).getFunction('createCollection')(
          String(meta.name),
          'TST',
          metadataUri(meta),
        ),
      );
      const event = receipt.logs
        .map((l) => factory.interface.parseLog(l))
        .find((p) => p?.name === 'CollectionCreated');
      const collection = new Contract(String(event!.args[0]), MARKETPLACE_COLLECTION_ABI, partner);
      await mined(collection.getFunction('setApprovalForAll')(deployment.exchange, true));
      return collection;
    },
    async order(collection, maker, ids, fields = {}) {
      return buildOrder(reader, {
        maker: maker.address,
        collection: await collection.getAddress(),
        tokenIds: ids,
        price: ONE,
        ...fields,
      });
    },
    async list(database, maker, order) {
      const sig = await signOrder(maker, domain, order);
      const hash = hashOrder(order).toLowerCase();
      const collection = order.collection.toLowerCase();
      const nfts = await database
        .selectFrom('nfts')
        .select(['id', 'token_id'])
        .where('collection_address', '=', collection)
        .where(
          'token_id',
          'in',
          order.tokenIds.map((id) => id.toString()),
        )
        .execute();
      const kind = order.itemsKind;
      const sale = order.saleKind === SaleKind.AUCTION ? 'AUCTION' : 'FIXED';
      let setId: number | null = null;
      let bundleId: number | null = null;
      if (kind === ItemsKind.SET) {
        const set = await database
          .insertInto('sets')
          .values({
            network_id: deployment.chainId,
            collection_address: collection,
            owner: maker.address.toLowerCase(),
            creator: maker.address.toLowerCase(),
            name: 'Test set',
            status: 'ONSALE',
            sale_type: sale,
            price: order.price,
            current_order_hash: hash,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        setId = set.id;
        await database
          .insertInto('set_items')
          .values(nfts.map((n, position) => ({ set_id: set.id, nft_id: n.id, position })))
          .execute();
      }
      if (kind === ItemsKind.BUNDLE) {
        const bundle = await database
          .insertInto('bundles')
          .values({
            network_id: deployment.chainId,
            owner: maker.address.toLowerCase(),
            creator: maker.address.toLowerCase(),
            name: 'Test bundle',
            status: 'ONSALE',
            discount_bps: Number(order.discountBps),
            min_count: Math.max(1, Number(order.minCountForDiscount)),
            current_order_hash: hash,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        bundleId = bundle.id;
        await database
          .insertInto('bundle_items')
          .values(
            nfts.map((n, position) => ({
              bundle_id: bundle.id,
              nft_id: n.id,
              price: order.price,
              position,
            })),
          )
          .execute();
      }
      await database
        .insertInto('orders')
        .values({
          order_hash: hash,
          network_id: deployment.chainId,
          maker: maker.address.toLowerCase(),
          sale_kind: sale,
          target: kind === ItemsKind.SET ? 'SET' : kind === ItemsKind.BUNDLE ? 'BUNDLE' : 'NFT',
          nft_id: kind === ItemsKind.SINGLE ? (nfts[0]?.id ?? null) : null,
          set_id: setId,
          bundle_id: bundleId,
          payment_token:
            sale === 'AUCTION'
              ? deployment.wvbc.toLowerCase()
              : '0x0000000000000000000000000000000000000000',
          price: order.price,
          start_time: new Date(Number(order.startTime) * 1000),
          end_time: new Date(Number(order.endTime) * 1000),
          counter: order.counter,
          message: JSON.stringify(orderToJson(order)),
          signature: sig.toLowerCase(),
        })
        .execute();
      await database
        .updateTable('nfts')
        .set({
          status: 'ONSALE',
          sale_type: sale,
          buy_price: order.price,
          is_bid: sale === 'AUCTION',
          current_order_hash: hash,
          set_id: setId,
          bundle_id: bundleId,
          is_set: setId !== null,
          is_bundle: bundleId !== null,
        })
        .where(
          'id',
          'in',
          nfts.map((n) => n.id),
        )
        .execute();
      return { hash, sig };
    },
    newIndexer(database, extra = {}) {
      const indexer = createIndexer({
        db: database,
        networkId: deployment.chainId,
        rpcUrl: anvil.url,
        databaseUrl,
        ...extra,
      });
      indexers.push(indexer);
      return indexer;
    },
    async close() {
      for (const indexer of indexers) await indexer.stop().catch(() => undefined);
      await chain.close();
    },
  };
}

/** Every NFT of the database with the chain's owner and nonce beside the indexed ones. */
export async function ownersVersusChain(
  db: Kysely<Database>,
  provider: JsonRpcProvider,
  networkId?: number,
) {
  let query = db
    .selectFrom('nfts')
    .select(['collection_address', 'token_id', 'owner', 'token_nonce', 'status'])
    .orderBy('id');
  if (networkId !== undefined) query = query.where('network_id', '=', networkId);
  const rows = await query.execute();
  // Drops items (contracts/src/Drops.sol): no nonce on chain, and an INCOMING pre-order no token
  const drops = new Set(
    (await db.selectFrom('networks').select('drops_address').execute()).map((n) => n.drops_address),
  );
  const dropItems = rows.filter((r) => drops.has(r.collection_address));
  const dropOwners = dropItems
    .filter((r) => r.status !== 'INCOMING')
    .map(async (r) => {
      const c = new Contract(r.collection_address, DROPS_ABI, provider);
      const owner = (await c.getFunction('ownerOf')(BigInt(r.token_id))) as string;
      return {
        token: `${r.collection_address}:${r.token_id}`,
        indexed: { owner: r.owner },
        chain: { owner: owner.toLowerCase() },
      };
    });
  const marketplace = rows.filter((r) => !drops.has(r.collection_address));
  return Promise.all([
    ...dropOwners,
    ...marketplace.map(async (r) => {
      const c = new Contract(r.collection_address, MARKETPLACE_COLLECTION_ABI, provider);
      const [owner, nonce] = await Promise.all([
        c.getFunction('ownerOf')(BigInt(r.token_id)) as Promise<string>,
        c.getFunction('tokenNonce')(BigInt(r.token_id)) as Promise<bigint>,
      ]);
      return {
        token: `${r.collection_address}:${r.token_id}`,
        indexed: { owner: r.owner, nonce: r.token_nonce },
        chain: { owner: owner.toLowerCase(), nonce: nonce.toString() },
      };
    }),
  ]);
}
