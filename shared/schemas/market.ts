/** Bodies of the market calls (market/call, wrapper deposit/withdraw getData). */
import Type, { type Static } from 'typebox';
import { Address, Wei } from './common.ts';

export const MarketCallBody = Type.Object({
  network_id: Type.Integer({ minimum: 1 }),
  function_name: Type.Union([
    Type.Literal('balanceOf'),
    Type.Literal('allowance'),
    Type.Literal('totalSupply'),
  ]),
  param_list: Type.Array(Type.Union([Type.String({ maxLength: 100 }), Type.Integer()]), {
    maxItems: 4,
  }),
  contract_type: Type.Literal('wrapper'),
});
export type MarketCallBody = Static<typeof MarketCallBody>;

/** Deposit/withdraw payload. */
export const WrapperTxBody = Type.Object({
  network_id: Type.Integer({ minimum: 1 }),
  token_address: Type.Optional(Address),
  is_native_token: Type.Optional(Type.Union([Type.Boolean(), Type.Integer()])),
  value: Wei,
  is_metamask: Type.Optional(Type.Union([Type.Boolean(), Type.Integer()])),
  bc_address: Address,
});
export type WrapperTxBody = Static<typeof WrapperTxBody>;

/** The unsigned transaction for the client to sign and send (decimal strings). */
export const UnsignedTx = Type.Object({
  from: Address,
  to: Address,
  data: Type.String({ pattern: '^0x[0-9a-f]*$' }),
  value: Wei,
  chainId: Type.Integer(),
  gasLimit: Type.String({ pattern: '^[0-9]+$' }),
});
export type UnsignedTx = Static<typeof UnsignedTx>;

/** Response fields the client reads: data, wrapper_address. */
export const WrapperTxResponse = Type.Object({
  data: UnsignedTx,
  wrapper_address: Address,
});
export type WrapperTxResponse = Static<typeof WrapperTxResponse>;
