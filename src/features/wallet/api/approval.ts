/**
 * What the platform wallet's signing dialog reads beside a transaction: the NFT a buy or a claim
 * is about (the catalogue's detail, usually cached by the page) and the most its gas may cost.
 */
import { queryOptions } from '@tanstack/react-query';
import { JsonRpcProvider } from 'ethers';
import { nftDetailQueryKey } from '#shared/query-keys.ts';
import type { NftDetail } from '#shared/schemas/entities.ts';
import { api, type DataBody } from '#web/lib/api-client.ts';
import type { TxRequest } from '#web/wallet/connectors/types.ts';

type NftRef = { collectionAddr: string; tokenId: string; networkId: number };

/** The NFT's detail under the catalogue's key (read only when there is one), on its network. */
export const subjectQueryOptions = (q: NftRef | null) =>
  queryOptions({
    queryKey: nftDetailQueryKey(q ?? { collectionAddr: '', tokenId: '' }),
    queryFn: ({ signal }) =>
      api
        .get<DataBody<NftDetail>>('/api/v2/show/market-nft', { query: q!, signal })
        .then((b) => b.data),
    enabled: q !== null,
  });

/** Gas (given or estimated) × the max fee per gas, through the network's RPC (when known). */
export const gasCostQueryOptions = (tx: TxRequest, rpcUrl: string | undefined) =>
  queryOptions({
    queryKey: ['wallet', 'gas-cost', tx.chainId, tx.from, tx.to, tx.data, tx.value.toString()],
    enabled: rpcUrl !== undefined,
    staleTime: 15_000,
    queryFn: async () => {
      const provider = new JsonRpcProvider(rpcUrl, tx.chainId, { staticNetwork: true });
      try {
        const [gas, fee] = await Promise.all([
          tx.gasLimit ??
            provider.estimateGas({ from: tx.from, to: tx.to, data: tx.data, value: tx.value }),
          provider.getFeeData(),
        ]);
        return gas * (fee.maxFeePerGas ?? fee.gasPrice ?? 0n);
      } finally {
        provider.destroy();
      }
    },
  });
