/**
 * The marketplace's contracts on one network, as the trading services need them: the provider
 * (from the `chain` decorator), the Exchange and WVBC addresses (the `networks` row, else the
 * deployment record `DATA_DIR/deployments/<chainId>.json`, contracts/deploy/deployment.ts), the
 * EIP-712 domain (contracts/typed-data) and small read helpers. Every node failure becomes
 * CHAIN_UNAVAILABLE (502); a revert of a view call is an answer ("no"), not a failure.
 */
import {
  Contract,
  getAddress,
  Interface,
  isCallException,
  type JsonRpcProvider,
  type TypedDataDomain,
} from 'ethers';
import type { Kysely } from 'kysely';
import { EXCHANGE_ABI, MARKETPLACE_COLLECTION_ABI, WVBC_ABI } from '#contracts/abi/index.ts';
import { readDeployment } from '#contracts/deploy/deployment.ts';
import { marketplaceDomain, type Order } from '#contracts/typed-data/index.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/types.ts';
import { AppError } from '../errors.ts';
import type { Chain } from '../plugins/app/chain.ts';

/** What the trading services need from the app (the Fastify instance satisfies it). */
export interface TradingContext {
  db: Kysely<Database>;
  chain: Chain;
  config: Config;
}

export const exchangeInterface = new Interface(EXCHANGE_ABI);
export const wvbcInterface = new Interface(WVBC_ABI);
export const collectionInterface = new Interface(MARKETPLACE_COLLECTION_ABI);

export interface MarketChain {
  networkId: number;
  chainId: bigint;
  provider: JsonRpcProvider;
  /** Checksummed. */
  exchange: string;
  /** Checksummed. */
  wvbc: string;
  domain: TypedDataDomain;
}

/** The marketplace contracts of `networkId` (its chain id); CONTRACT_NOT_DEPLOYED when none. */
export async function marketChain(ctx: TradingContext, networkId: number): Promise<MarketChain> {
  const row = await ctx.db
    .selectFrom('networks')
    .select(['exchange_address', 'wrapper_address'])
    .where('network_id', '=', networkId)
    .executeTakeFirst();
  let exchange = row?.exchange_address ?? null;
  let wvbc = row?.wrapper_address ?? null;
  if ((!exchange || !wvbc) && networkId === ctx.config.chainId) {
    const record = readDeployment(ctx.config.dataDir, networkId);
    exchange ??= record?.exchange ?? null;
    wvbc ??= record?.wvbc ?? null;
  }
  if (!exchange || !wvbc) throw new AppError('CONTRACT_NOT_DEPLOYED');
  const provider = await ctx.chain.provider(networkId);
  return {
    networkId,
    chainId: BigInt(networkId),
    provider,
    exchange: getAddress(exchange),
    wvbc: getAddress(wvbc),
    domain: marketplaceDomain(networkId, exchange),
  };
}

/** Runs a node call; transport failures become CHAIN_UNAVAILABLE. */
async function node<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (cause) {
    if (cause instanceof AppError) throw cause;
    throw new AppError('CHAIN_UNAVAILABLE', { cause });
  }
}

/** A view call that may revert (e.g. ownerOf of a burnt token): null on revert. */
async function viewOrNull<T>(call: () => Promise<T>): Promise<T | null> {
  try {
    return await call();
  } catch (cause) {
    if (isCallException(cause)) return null;
    throw new AppError('CHAIN_UNAVAILABLE', { cause });
  }
}

/** The chain's clock: the latest block's timestamp (what `block.timestamp` is within ~1 block). */
export async function chainNow(m: MarketChain): Promise<bigint> {
  const block = await node(() => m.provider.getBlock('latest'));
  if (!block) throw new AppError('CHAIN_UNAVAILABLE');
  return BigInt(block.timestamp);
}

export async function nativeBalance(m: MarketChain, owner: string): Promise<bigint> {
  return node(() => m.provider.getBalance(owner));
}

/** WVBC balance of `owner` and its allowance to the exchange (spec §5: what backs a bid). */
export async function wrapperFunds(
  m: MarketChain,
  owner: string,
): Promise<{ balance: bigint; allowance: bigint }> {
  const wvbc = new Contract(m.wvbc, WVBC_ABI, m.provider);
  const [balance, allowance] = await node(() =>
    Promise.all([
      wvbc.getFunction('balanceOf')(owner) as Promise<bigint>,
      wvbc.getFunction('allowance')(owner, m.exchange) as Promise<bigint>,
    ]),
  );
  return { balance, allowance };
}

/** What a bidder's wrapped funds can back: min(balance, allowance). */
export function spendable(funds: { balance: bigint; allowance: bigint }): bigint {
  // biome-ignore lint/complexity/useMathMinMax: Math.min takes no bigint
  return funds.balance < funds.allowance ? funds.balance : funds.allowance;
}

export async function makerCounter(m: MarketChain, maker: string): Promise<bigint> {
  const exchange = new Contract(m.exchange, EXCHANGE_ABI, m.provider);
  return node(() => exchange.getFunction('counters')(maker) as Promise<bigint>);
}

export async function settlementSignerOnChain(m: MarketChain): Promise<string> {
  const exchange = new Contract(m.exchange, EXCHANGE_ABI, m.provider);
  return getAddress(
    await node(() => exchange.getFunction('settlementSigner')() as Promise<string>),
  );
}

/** Per token: its owner (null when it does not exist) and its transfer nonce. */
export async function tokenStates(
  m: MarketChain,
  collection: string,
  tokenIds: readonly bigint[],
): Promise<{ owner: string | null; nonce: bigint | null }[]> {
  const c = new Contract(collection, MARKETPLACE_COLLECTION_ABI, m.provider);
  return Promise.all(
    tokenIds.map(async (id) => {
      const [owner, nonce] = await Promise.all([
        viewOrNull(() => c.getFunction('ownerOf')(id) as Promise<string>),
        viewOrNull(() => c.getFunction('tokenNonce')(id) as Promise<bigint>),
      ]);
      return { owner: owner ? getAddress(owner) : null, nonce };
    }),
  );
}

export async function isApprovedForAll(
  m: MarketChain,
  collection: string,
  owner: string,
  operator: string,
): Promise<boolean> {
  const c = new Contract(collection, MARKETPLACE_COLLECTION_ABI, m.provider);
  const approved = await viewOrNull(
    () => c.getFunction('isApprovedForAll')(owner, operator) as Promise<boolean>,
  );
  return approved === true;
}

export type Fillability =
  | { ok: true }
  | { ok: false; reason: 'NOT_OWNER' | 'NONCE' | 'COUNTER' | 'NOT_APPROVED'; tokenId?: bigint };

/**
 * Whether the chain would still let `order` move the chosen items (indexes; default all): the
 * maker owns each, its nonce is the signed one, the maker's counter is the signed one and the
 * exchange is approved (for all the maker's tokens, or token by token). Time and payment are checked by the callers.
 */
export async function orderFillability(
  m: MarketChain,
  order: Order,
  indexes?: readonly number[],
): Promise<Fillability> {
  const chosen = indexes ?? order.tokenIds.map((_, i) => i);
  const ids = chosen.map((i) => order.tokenIds[i]!);
  const [states, counter, approved] = await Promise.all([
    tokenStates(m, order.collection, ids),
    makerCounter(m, order.maker),
    isApprovedForAll(m, order.collection, order.maker, m.exchange),
  ]);
  for (const [k, i] of chosen.entries()) {
    const state = states[k]!;
    if (state.owner !== getAddress(order.maker)) {
      return { ok: false, reason: 'NOT_OWNER', tokenId: order.tokenIds[i]! };
    }
    if (state.nonce !== order.tokenNonces[i]) {
      return { ok: false, reason: 'NONCE', tokenId: order.tokenIds[i]! };
    }
  }
  if (counter !== order.counter) return { ok: false, reason: 'COUNTER' };
  if (!approved) {
    // without an approval for all, each chosen token approved to the exchange one by one
    const c = new Contract(order.collection, MARKETPLACE_COLLECTION_ABI, m.provider);
    const approvals = await Promise.all(
      ids.map((id) => viewOrNull(() => c.getFunction('getApproved')(id) as Promise<string>)),
    );
    if (approvals.some((a) => !a || getAddress(a) !== m.exchange)) {
      return { ok: false, reason: 'NOT_APPROVED' };
    }
  }
  return { ok: true };
}

/** The Order struct as the ABI coder takes it. */
function orderTuple(order: Order) {
  return {
    maker: order.maker,
    collection: order.collection,
    tokenIds: order.tokenIds,
    tokenNonces: order.tokenNonces,
    saleKind: order.saleKind,
    itemsKind: order.itemsKind,
    price: order.price,
    discountBps: order.discountBps,
    minCountForDiscount: order.minCountForDiscount,
    startTime: order.startTime,
    endTime: order.endTime,
    salt: order.salt,
    counter: order.counter,
  };
}

export function encodeBuy(order: Order, signature: string, itemMask: bigint): string {
  return exchangeInterface.encodeFunctionData('buy', [orderTuple(order), signature, itemMask]);
}

export function encodeClaim(
  order: Order,
  orderSignature: string,
  bidder: string,
  amount: bigint,
  bidSignature: string,
  settlementSignature: string,
): string {
  return exchangeInterface.encodeFunctionData('claim', [
    orderTuple(order),
    orderSignature,
    bidder,
    amount,
    bidSignature,
    settlementSignature,
  ]);
}

export function encodeCancel(order: Order): string {
  return exchangeInterface.encodeFunctionData('cancel', [orderTuple(order)]);
}

/** The name of an Exchange / collection custom error in revert data, if it is one. */
export function revertName(data: string | null | undefined): string | null {
  if (!data || data === '0x') return null;
  for (const iface of [exchangeInterface, collectionInterface, wvbcInterface]) {
    try {
      const parsed = iface.parseError(data);
      if (parsed) return parsed.name;
    } catch {
      // not this contract's error
    }
  }
  return null;
}
