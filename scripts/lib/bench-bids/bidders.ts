/**
 * The bidders of `npm run bench:bids`, in a process of their own (forked, input and result over IPC) so that their signing and
 * their reads are not the server's work: each bidder reads the auction's bids the way the auction
 * page does (GET /api/v2/bid/bid/{nftId}, the highest flagged), signs 105-135% of the least bid
 * above it, and posts it with the highest it saw (POST /api/v2/bid/bid, as
 * src/features/trade/actions.ts does) over real HTTP. Only the POST is timed.
 * The 50 bidders stand for 50 devices but share one thread here: their signing and HTTP are kept
 * cheap (the order's hash and the domain's computed once, keep-alive sockets) so that the time
 * measured is the server's, not this process's queue. The first signature is checked against
 * signBid.
 */
import http from 'node:http';
import { Wallet } from 'ethers';
import { bidDigest, hashOrder, orderFromJson, signBid } from '#contracts/typed-data/index.ts';
import type { OrderJson } from '#shared/orders.ts';
import { MIN_BID_INCREMENT_BPS } from '#shared/rules.ts';

/** What the main thread hands over (plain values: bigints as decimal strings). */
export interface BiddersInput {
  base: string;
  nftId: number;
  orderHash: string;
  order: OrderJson;
  domain: { name: string; version: string; chainId: string; verifyingContract: string };
  keys: string[];
  bidsEach: number;
}

/** Per kind, the POST's milliseconds; the refusal codes with their counts. */
export interface BiddersResult {
  accepted: number[];
  refused: number[];
  codes: Record<string, number>;
  /** The bidders' own CPU time (signing, HTTP), ms: the machine's time the server did not get. */
  cpuMs: number;
}

const input = await new Promise<BiddersInput>((resolve) =>
  process.once('message', (m) => resolve(m as BiddersInput)),
);
const order = orderFromJson(input.order);
const domain = { ...input.domain, chainId: BigInt(input.domain.chainId) };
const out: BiddersResult = { accepted: [], refused: [], codes: {}, cpuMs: 0 };

const agent = new http.Agent({ keepAlive: true, maxSockets: input.keys.length });

/** One HTTP request over the kept-alive sockets: status and body. */
function request(path: string, body?: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${input.base}${path}`,
      {
        agent,
        method: body === undefined ? 'GET' : 'POST',
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const orderHash = hashOrder(order);

/** The bid's EIP-712 signature from the order's hash computed once (what signBid signs). */
function sign(wallet: Wallet, amount: bigint): string {
  return wallet.signingKey.sign(bidDigest(domain, orderHash, wallet.address, amount)).serialized;
}

{
  const wallet = new Wallet(input.keys[0]!);
  const check = await signBid(wallet, domain, { order, bidder: wallet.address, amount: 1n });
  if (sign(wallet, 1n) !== check) throw new Error('the bidders sign another message than signBid');
}

/** The highest bid the auction page shows (0n: none). */
async function seenHighest(): Promise<bigint> {
  const res = await request(`/api/v2/bid/bid/${input.nftId}?page=1&size=12`);
  const body = JSON.parse(res.text) as {
    data: { orderHash: string; amount: string; isHighest: boolean }[];
  };
  const top = body.data.find((b) => b.isHighest && b.orderHash.toLowerCase() === input.orderHash);
  return top ? BigInt(top.amount) : 0n;
}

async function bidder(key: string, b: number): Promise<void> {
  const wallet = new Wallet(key);
  for (let n = 0; n < input.bidsEach; n++) {
    const seen = await seenHighest();
    const least =
      seen === 0n ? order.price : (seen * (10_000n + MIN_BID_INCREMENT_BPS) + 9_999n) / 10_000n;
    const amount = (least * BigInt(100 + ((b * 7 + n * 13) % 31))) / 100n;
    const signature = sign(wallet, amount);
    const payload = JSON.stringify({
      orderHash: input.orderHash,
      bidder: wallet.address,
      amount: String(amount),
      signature,
      seenHighest: String(seen),
    });
    const at = performance.now();
    const res = await request('/api/v2/bid/bid', payload);
    const { text } = res;
    const ms = performance.now() - at;
    if (res.status === 200) out.accepted.push(ms);
    else {
      out.refused.push(ms);
      const code =
        res.status >= 500 ? `HTTP ${res.status}` : (JSON.parse(text) as { code: string }).code;
      out.codes[code] = (out.codes[code] ?? 0) + 1;
    }
  }
}

const cpu = process.cpuUsage();
await Promise.all(input.keys.map((key, b) => bidder(key, b)));
const used = process.cpuUsage(cpu);
out.cpuMs = (used.user + used.system) / 1000;
process.send?.(out, () => process.exit(0));
