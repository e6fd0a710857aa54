import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getAddress } from 'ethers';
import { AppError } from '#server/errors.ts';
import { onChain, wrapperOf } from '#server/market/wrapper.ts';
import { Data, errorResponses, Wei } from '#shared/schemas/common.ts';
import { MarketCallBody } from '#shared/schemas/market.ts';

function addressParam(value: string | number | undefined): string {
  try {
    return getAddress(String(value).toLowerCase());
  } catch {
    throw new AppError('INVALID_ADDRESS');
  }
}

/**
 * POST /api/v1/market/call {network_id, function_name, param_list, contract_type: 'wrapper'}:
 * a read of the wrapped coin (spec §7: balanceOf with param_list [address, 1]); answers the
 * value as a decimal string of wei.
 */
const plugin: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/',
    {
      schema: {
        tags: ['market'],
        body: MarketCallBody,
        response: { 200: Data(Wei), ...errorResponses },
      },
    },
    async (request) => {
      const { network_id, function_name, param_list } = request.body;
      const wrapper = await wrapperOf(app, network_id);
      const result = await onChain(async () => {
        switch (function_name) {
          case 'balanceOf':
            return (await wrapper.contract.getFunction('balanceOf')(
              addressParam(param_list[0]),
            )) as bigint;
          case 'allowance':
            return (await wrapper.contract.getFunction('allowance')(
              addressParam(param_list[0]),
              addressParam(param_list[1]),
            )) as bigint;
          case 'totalSupply':
            return (await wrapper.contract.getFunction('totalSupply')()) as bigint;
        }
      });
      return { data: result.toString() };
    },
  );
};
export default plugin;
