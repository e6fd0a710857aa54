/**
 * What the trading services read from the chain: its clock, native and WVBC funds, the maker's
 * counter and the exchange's settlement signer. Node failures answer CHAIN_UNAVAILABLE.
 */
import { Contract, getAddress, type JsonRpcProvider } from 'ethers';
import { AppError } from '#server/errors.ts';
import { exchangeInterface, wvbcInterface } from './abi.ts';
import type { MarketChain } from './contracts.ts';
import { onChain } from './provider.ts';

/** The chain's clock: the latest block's timestamp (what `block.timestamp` is within ~1 block). */
export async function chainNow(m: MarketChain): Promise<bigint> {
  const block = await onChain(() => m.provider.getBlock('latest'));
  if (!block) throw new AppError('CHAIN_UNAVAILABLE');
  return BigInt(block.timestamp);
}

export async function nativeBalance(m: MarketChain, owner: string): Promise<bigint> {
  return onChain(() => m.provider.getBalance(owner));
}

/** The WVBC contract at `address`, for reads. */
export function wvbcContract(address: string, provider: JsonRpcProvider): Contract {
  return new Contract(address, wvbcInterface, provider);
}

/** WVBC balance of `owner`. */
export async function wvbcBalance(
  m: Pick<MarketChain, 'wvbc' | 'provider'>,
  owner: string,
): Promise<bigint> {
  const wvbc = wvbcContract(m.wvbc, m.provider);
  return onChain(() => wvbc.getFunction('balanceOf')(owner) as Promise<bigint>);
}

/** WVBC balance of `owner` and its allowance to the exchange: what backs a bid. */
export async function wrapperFunds(
  m: MarketChain,
  owner: string,
): Promise<{ balance: bigint; allowance: bigint }> {
  const wvbc = wvbcContract(m.wvbc, m.provider);
  const [balance, allowance] = await onChain(() =>
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

function exchangeContract(m: MarketChain): Contract {
  return new Contract(m.exchange, exchangeInterface, m.provider);
}

export async function makerCounter(m: MarketChain, maker: string): Promise<bigint> {
  const exchange = exchangeContract(m);
  return onChain(() => exchange.getFunction('counters')(maker) as Promise<bigint>);
}

/** The exchange's settlement epoch: attestations must be signed for it. */
export async function settlementEpochOnChain(m: MarketChain): Promise<bigint> {
  const exchange = exchangeContract(m);
  return onChain(() => exchange.getFunction('settlementEpoch')() as Promise<bigint>);
}

/** The highest bid recorded on chain for an auction (`Exchange.recordBid`), if any. */
export async function recordedBidOnChain(
  m: MarketChain,
  orderHash: string,
): Promise<{ bidder: string; amount: bigint } | null> {
  const exchange = exchangeContract(m);
  const [bidder, amount] = (await onChain(() =>
    exchange.getFunction('recordedBid')(orderHash),
  )) as [string, bigint];
  return amount === 0n ? null : { bidder: getAddress(bidder), amount };
}

export async function settlementSignerOnChain(m: MarketChain): Promise<string> {
  const exchange = exchangeContract(m);
  return getAddress(
    await onChain(() => exchange.getFunction('settlementSigner')() as Promise<string>),
  );
}
