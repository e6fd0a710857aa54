/**
 * The soak's users against a running `npm start` (SOAK_URL): the same routes as in-process, over
 * HTTP, on the demo catalogue. Users are fresh wallets funded from anvil's accounts, signed in
 * with their wallet (they wrap and approve the exchange to bid); they bid on the demo's auctions
 * (the next bid 6% over the newest), and buy its fixed-price listings on chain, then list what
 * they bought again so there is always something to buy. The server's memory is its process's
 * resident size (/proc/<pid>/status; SOAK_SERVER_PID, else the process listening on the port).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parseEther, Wallet } from 'ethers';
import { ANVIL_KEYS } from '#contracts/devnet/anvil.ts';
import { rpcProvider } from '#contracts/devnet/rpc.ts';
import { orderReader } from '#contracts/order-reader.ts';
import type { Order } from '#contracts/typed-data/index.ts';
import {
  buildOrder,
  marketplaceDomain,
  orderFromJson,
  orderToJson,
  SaleKind,
  signBid,
  signOrder,
} from '#contracts/typed-data/index.ts';
import { loadConfig } from '#server/config.ts';
import type { OrderJson } from '#shared/orders.ts';
import { MAX_PAGE_SIZE } from '#shared/rules.ts';
import type { Network, Nft, Order as StoredOrder } from '#shared/schemas/entities.ts';
import { scriptEnv } from './config.ts';
import { approveExchange, mined, wvbcAt } from './marketplace.ts';

export type Reply = { statusCode: number; body: string };
export type Call = {
  method?: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  payload?: unknown;
};
export type Client = (call: Call) => Promise<Reply>;

function httpClient(base: string): Client {
  return async (c) => {
    const res = await fetch(`${base}${c.url}`, {
      method: c.method ?? 'GET',
      headers: {
        ...(c.headers ?? {}),
        ...(c.payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(c.payload === undefined ? {} : { body: JSON.stringify(c.payload) }),
    });
    return { statusCode: res.status, body: await res.text() };
  };
}

export type SoakUser = { wallet: Wallet; auth: { authorization: string } };
type Listed = { orderHash: string; nftId: number };
type Relisting = { order: Order; signature: string; nftId: number };

/** What the users of the HTTP soak act on. */
export interface HttpWorld {
  call: Client;
  people: SoakUser[];
  nftIds: number[];
  auctions: Listed[];
  fixed: Listed[];
  bid(me: SoakUser, auction: Listed): Promise<Reply>;
  buildBuy(me: SoakUser, item: Listed): Promise<Reply>;
  sendBuy(me: SoakUser, built: Reply): Promise<Reply>;
  relisting(me: SoakUser, item: Listed): Promise<Relisting>;
  listAgain(r: Relisting): Promise<Reply>;
  serverRssMb(): number;
  close(): void;
}

const json = <T>(r: Reply) => JSON.parse(r.body) as T;

/** The pid of the process listening on `port` (ss -ltnp), for its memory. */
function listenerPid(port: number): number {
  const out = execFileSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' });
  const pid = /pid=(\d+)/.exec(out)?.[1];
  if (!pid) throw new Error(`no process found listening on ${port}: set SOAK_SERVER_PID`);
  return Number(pid);
}

function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb ?? 0) / 1024;
}

/** The server, its network and node, the keys `npm start` uses when the environment sets none. */
async function connect(base: string) {
  const call = httpClient(base);
  const config = loadConfig();
  const apiKey = { 'api-key': config.apiKey };
  const networks = json<{ data: Network[] }>(
    await call({
      url: '/api/v1/ETHnetworks/gets',
      headers: { 'marketplace-key': config.marketplaceKey },
    }),
  ).data;
  const net = networks.find((n) => n.exchangeAddress && n.wrapperAddress);
  if (!net) throw new Error('no network with an exchange: is the demo stack started?');
  // The node itself (CHAIN_PORT of npm start), else the server's RPC path.
  const rpcUrl =
    scriptEnv.soakRpcUrl() ??
    (scriptEnv.chainPortSet()
      ? `http://127.0.0.1:${scriptEnv.chainPortSet()}`
      : `${base}/api/v1/ETHnetworks/${net.networkId}/rpc`);
  const provider = rpcProvider(rpcUrl, { chainId: net.networkId });
  const pid = Number(scriptEnv.soakServerPid() ?? listenerPid(Number(new URL(base).port || 80)));
  return {
    call,
    apiKey,
    provider,
    chainId: net.networkId,
    exchange: net.exchangeAddress!,
    wvbc: net.wrapperAddress!,
    pid,
  };
}
type Connection = Awaited<ReturnType<typeof connect>>;

/** The demo's single-NFT auctions and fixed-price listings, and NFT ids to like. */
async function demoItems(call: Client) {
  const list = async (query: string) =>
    json<{ data: Nft[] }>(await call({ url: `/api/v2/show/market-nfts?${query}` })).data;
  const listed = async (isBid: 0 | 1) =>
    (await list(`status=ONSALE&isBid=${isBid}&size=${MAX_PAGE_SIZE}&isSet=0&isBundle=0`))
      .filter((n) => n.orderHash !== null)
      .map((n) => ({ orderHash: n.orderHash!, nftId: n.item_id }));
  const [auctions, fixed] = [await listed(1), await listed(0)];
  if (auctions.length === 0 || fixed.length === 0) throw new Error('no demo auctions or listings');
  return { auctions, fixed, nftIds: (await list(`size=${MAX_PAGE_SIZE}`)).map((n) => n.item_id) };
}

/** Fresh wallets funded from anvil's last accounts, wrapped, approved, signed in by signature. */
async function soakUsers(k: Connection, users: number): Promise<SoakUser[]> {
  const funders = ANVIL_KEYS.slice(6).map((key) => new Wallet(key, k.provider));
  const people: SoakUser[] = [];
  await Promise.all(
    funders.map(async (funder, f) => {
      for (let i = f; i < users; i += funders.length) {
        const wallet = new Wallet(Wallet.createRandom().privateKey, k.provider);
        await (
          await funder.sendTransaction({ to: wallet.address, value: parseEther('600') })
        ).wait();
        people.push({ wallet, auth: { authorization: '' } });
      }
    }),
  );
  await Promise.all(
    people.map(async (p) => {
      const wvbc = wvbcAt(k.wvbc, p.wallet);
      await mined(wvbc.getFunction('deposit')({ value: parseEther('500') }));
      await mined(wvbc.getFunction('approve')(k.exchange, parseEther('500')));
      const query = `address=${p.wallet.address}&chainId=${k.chainId}`;
      const { message } = json<{ data: { message: string } }>(
        await k.call({ url: `/api/v1/account/sign-in/message?${query}` }),
      ).data;
      const signature = await p.wallet.signMessage(message);
      const session = await k.call({
        method: 'POST',
        url: '/api/v1/account/create/default',
        payload: { message, signature },
      });
      if (session.statusCode !== 201) throw new Error(`wallet sign-in: ${session.body}`);
      p.auth.authorization = `Bearer ${json<{ data: { token: string } }>(session).data.token}`;
    }),
  );
  return people;
}

/** A bid 6% over the newest on an auction, and a buy on chain followed by a new listing of it. */
function trader(k: Connection, fixed: Listed[]) {
  const domain = marketplaceDomain(k.chainId, k.exchange);
  const reader = orderReader(k.provider, k.exchange);
  const approved = new Set<string>();
  const orderOf = async (hash: string) =>
    orderFromJson(
      json<{ data: StoredOrder }>(await k.call({ url: `/api/v2/orders/${hash}` })).data
        .message as unknown as OrderJson,
    );

  /** The buyer's new listing of what it bought (approving the collection once: a chain step). */
  async function relisting(me: SoakUser, item: Listed): Promise<Relisting> {
    const bought = await orderOf(item.orderHash);
    const key = `${me.wallet.address}:${bought.collection}`;
    if (!approved.has(key)) {
      await approveExchange(me.wallet, bought.collection, k.exchange);
      approved.add(key);
    }
    const order = await buildOrder(reader, {
      maker: me.wallet.address,
      collection: bought.collection,
      tokenIds: bought.tokenIds,
      price: bought.price,
      saleKind: SaleKind.FIXED_PRICE,
    });
    return { order, signature: await signOrder(me.wallet, domain, order), nftId: item.nftId };
  }

  /** POST /api/v2/orders; the new listing joins what can be bought. */
  async function listAgain(r: Relisting): Promise<Reply> {
    const listed = await k.call({
      method: 'POST',
      url: '/api/v2/orders',
      headers: k.apiKey,
      payload: { order: orderToJson(r.order), signature: r.signature },
    });
    if (listed.statusCode === 200) {
      const hash = json<{ data: { orderHash: string } }>(listed).data.orderHash;
      fixed.push({ orderHash: hash, nftId: r.nftId });
    }
    return listed;
  }

  return {
    async bid(me: SoakUser, auction: Listed): Promise<Reply> {
      const order = await orderOf(auction.orderHash);
      const history = json<{ data: { amount: string }[] }>(
        await k.call({ url: `/api/v2/bid/bid/${auction.nftId}?page=1&size=1` }),
      ).data;
      const newest = history[0] ? BigInt(history[0].amount) : 0n;
      const amount = newest > 0n ? (newest * 106n) / 100n : order.price;
      const bidder = me.wallet.address;
      const signature = await signBid(me.wallet, domain, { order, bidder, amount });
      return k.call({
        method: 'POST',
        url: '/api/v2/bid/bid',
        payload: { orderHash: auction.orderHash, bidder, amount: amount.toString(), signature },
      });
    },
    /** The server's transaction for a buy (POST trade/matchOrder). */
    buildBuy: (me: SoakUser, item: Listed) =>
      k.call({
        method: 'POST',
        url: '/api/v2/trade/matchOrder',
        headers: k.apiKey,
        payload: { orderHash: item.orderHash, buyer: me.wallet.address },
      }),
    /** Sends it and waits for its block (599: reverted). */
    async sendBuy(me: SoakUser, built: Reply): Promise<Reply> {
      const tx = json<{ data: { tx: { to: string; data: string; value: string } } }>(built).data.tx;
      const sent = await me.wallet.sendTransaction({
        to: tx.to,
        data: tx.data,
        value: BigInt(tx.value),
      });
      const ok = (await sent.wait())?.status === 1;
      return ok ? { statusCode: 200, body: '' } : { statusCode: 599, body: 'reverted' };
    },
    relisting,
    listAgain,
  };
}

export async function startHttpWorld(base: string, users: number): Promise<HttpWorld> {
  const k = await connect(base);
  const items = await demoItems(k.call);
  const people = await soakUsers(k, users);
  return {
    call: k.call,
    people,
    ...items,
    ...trader(k, items.fixed),
    serverRssMb: () => rssMb(k.pid),
    close: () => k.provider.destroy(),
  };
}
