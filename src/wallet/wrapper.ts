/**
 * The wrapper's deposit (wrap VBC into WVBC) or withdraw (unwrap) as a transaction request, from
 * the server's getData: the wallet's wrap dialog and the bid form's wrap of the difference.
 */
import type { Network } from '#shared/schemas/entities.ts';
import { walletApi } from './api.ts';
import type { Connector, TxRequest } from './connectors/types.ts';

export async function wrapperRequest(
  mode: 'wrap' | 'unwrap',
  p: { network: Network; value: bigint; address: string; connector: Connector },
): Promise<TxRequest> {
  const { data } = await walletApi.wrapperTx(mode === 'wrap' ? 'deposit' : 'withdraw', {
    network_id: p.network.networkId,
    value: p.value.toString(),
    bc_address: p.address,
    is_metamask: p.connector.type !== 'platform',
    is_native_token: mode === 'wrap',
  });
  return { ...data, value: BigInt(data.value), gasLimit: BigInt(data.gasLimit) };
}
