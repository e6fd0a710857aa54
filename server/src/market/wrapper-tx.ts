/** Builds the unsigned deposit / withdraw transaction of the wrapped coin (spec §7 getData). */
import { getAddress, Interface } from 'ethers';
import type { FastifyInstance } from 'fastify';
import { WVBC_ABI } from '#contracts/abi/index.ts';
import type { UnsignedTx, WrapperTxBody } from '#shared/schemas/market.ts';
import { AppError } from '../errors.ts';
import { lockedBidTotal, onChain, wrapperOf } from './wrapper.ts';

const wvbc = new Interface(WVBC_ABI);

export async function wrapperTx(
  app: FastifyInstance,
  kind: 'deposit' | 'withdraw',
  body: WrapperTxBody,
): Promise<{ data: UnsignedTx; wrapper_address: string }> {
  const value = BigInt(body.value);
  if (value <= 0n) throw new AppError('VALIDATION_FAILED');
  const wrapper = await wrapperOf(app, body.network_id);
  if (body.token_address && body.token_address.toLowerCase() !== wrapper.wrapperAddress) {
    throw new AppError('VALIDATION_FAILED');
  }
  const from = getAddress(body.bc_address.toLowerCase());
  let data: string;
  let txValue = 0n;
  if (kind === 'deposit') {
    const balance = await onChain(() => wrapper.provider.getBalance(from));
    if (balance < value) throw new AppError('NOT_ENOUGH_ACCOUNT_BALANCE');
    data = wvbc.encodeFunctionData('deposit');
    txValue = value;
  } else {
    const wrapped = await onChain(
      async () => (await wrapper.contract.getFunction('balanceOf')(from)) as bigint,
    );
    const locked = await lockedBidTotal(app.db, body.network_id, from);
    // spec §5: at most wrapper balance minus the locked bid total.
    if (value > wrapped - locked) throw new AppError('NOT_ENOUGH_WRAPPER_BALANCE');
    data = wvbc.encodeFunctionData('withdraw', [value]);
  }
  const to = getAddress(wrapper.wrapperAddress);
  const gasLimit = await onChain(() =>
    wrapper.provider.estimateGas({ from, to, data, value: txValue }),
  );
  return {
    data: {
      from,
      to,
      data: data.toLowerCase(),
      value: txValue.toString(),
      chainId: body.network_id,
      gasLimit: gasLimit.toString(),
    },
    wrapper_address: to,
  };
}
