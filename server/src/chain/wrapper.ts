/**
 * The wrapped coin (WVBC) of a network for the market calls: its reads (market/call) and the
 * unsigned deposit / withdraw transactions (wrapper getData). A withdraw keeps the bidder's
 * locked total (unwrap-lock.ts), the same rule the broadcast applies.
 */
import type { Contract, JsonRpcProvider } from 'ethers';
import { AppError } from '#server/errors.ts';
import type { MarketCallBody, UnsignedTx, WrapperTxBody } from '#shared/schemas/market.ts';
import { wvbcInterface } from './abi.ts';
import { parseAddress } from './address.ts';
import { contractAddresses, type TradingContext } from './contracts.ts';
import { onChain } from './provider.ts';
import { wvbcContract } from './reads.ts';
import { assertKeepsLock } from './unwrap-lock.ts';

export interface WrapperContext {
  networkId: number;
  /** Checksummed. */
  wvbc: string;
  exchange: string | null;
  provider: JsonRpcProvider;
  contract: Contract;
}

/** The WVBC of a listed network: UNKNOWN_NETWORK without its row, CONTRACT_NOT_DEPLOYED without WVBC. */
async function wrapperOf(ctx: TradingContext, networkId: number): Promise<WrapperContext> {
  const { listed, wvbc, exchange } = await contractAddresses(ctx, networkId);
  if (!listed) throw new AppError('UNKNOWN_NETWORK');
  if (!wvbc) throw new AppError('CONTRACT_NOT_DEPLOYED');
  const provider = await ctx.chain.provider(networkId);
  return { networkId, wvbc, exchange, provider, contract: wvbcContract(wvbc, provider) };
}

/** An address among market/call's parameters (any letter case). */
function addressParam(value: string | number | undefined): string {
  return parseAddress(String(value).toLowerCase());
}

/** market/call: a read of WVBC (balanceOf, allowance, totalSupply), in wei. */
export async function wrapperRead(ctx: TradingContext, body: MarketCallBody): Promise<bigint> {
  const { function_name: name, param_list: params } = body;
  const wrapper = await wrapperOf(ctx, body.network_id);
  const args =
    name === 'balanceOf'
      ? [addressParam(params[0])]
      : name === 'allowance'
        ? [addressParam(params[0]), addressParam(params[1])]
        : [];
  return onChain(async () => (await wrapper.contract.getFunction(name)(...args)) as bigint);
}

/** The calldata and value of a deposit or withdraw of `value`, after the balance checks. */
async function wrapperCall(
  ctx: TradingContext,
  wrapper: WrapperContext,
  kind: 'deposit' | 'withdraw',
  from: string,
  value: bigint,
): Promise<{ data: string; value: bigint }> {
  if (kind === 'deposit') {
    const balance = await onChain(() => wrapper.provider.getBalance(from));
    if (balance < value) throw new AppError('NOT_ENOUGH_ACCOUNT_BALANCE');
    return { data: wvbcInterface.encodeFunctionData('deposit'), value };
  }
  await assertKeepsLock(ctx.db, wrapper, { holder: from, spends: value });
  return { data: wvbcInterface.encodeFunctionData('withdraw', [value]), value: 0n };
}

/** wrapper deposit / withdraw getData: the unsigned transaction for `bc_address` to send. */
export async function wrapperTx(
  ctx: TradingContext,
  kind: 'deposit' | 'withdraw',
  body: WrapperTxBody,
): Promise<{ data: UnsignedTx; wrapper_address: string }> {
  const value = BigInt(body.value);
  if (value <= 0n) throw new AppError('VALIDATION_FAILED');
  const wrapper = await wrapperOf(ctx, body.network_id);
  if (body.token_address && body.token_address.toLowerCase() !== wrapper.wvbc.toLowerCase()) {
    throw new AppError('VALIDATION_FAILED');
  }
  const from = parseAddress(body.bc_address.toLowerCase());
  const call = await wrapperCall(ctx, wrapper, kind, from, value);
  const to = wrapper.wvbc;
  const gasLimit = await onChain(() =>
    wrapper.provider.estimateGas({ from, to, data: call.data, value: call.value }),
  );
  return {
    data: {
      from,
      to,
      data: call.data.toLowerCase(),
      value: call.value.toString(),
      chainId: body.network_id,
      gasLimit: gasLimit.toString(),
    },
    wrapper_address: to,
  };
}
