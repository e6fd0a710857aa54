/**
 * What the platform wallet's signing dialog adds to a transaction's rows: the NFT a buy or a claim
 * is about (by name, from the catalogue) and the most the network fee (gas) may cost.
 */
import { useQuery } from '@tanstack/react-query';
import type { Interface } from 'ethers';
import { useTranslation } from 'react-i18next';
import { Amount } from '#web/components/ui/amount.tsx';
import { networksQueryOptions } from '#web/lib/networks.ts';
import type { TxRequest } from '#web/wallet/connectors/types.ts';
import { gasCostQueryOptions, subjectQueryOptions } from '../api/approval.ts';

/** The order's collection and first item of a buy or claim call, else null. */
export function orderItem(
  exchange: Interface,
  data: string,
): { collection: string; tokenId: string; count: number } | null {
  try {
    const parsed = exchange.parseTransaction({ data });
    if (!parsed || (parsed.name !== 'buy' && parsed.name !== 'claim')) return null;
    const order = parsed.args[0] as { collection: string; tokenIds: readonly bigint[] };
    if (!order.tokenIds.length) return null;
    return {
      collection: order.collection,
      tokenId: order.tokenIds[0]!.toString(),
      count: order.tokenIds.length,
    };
  } catch {
    return null;
  }
}

/** The NFT's name row (the catalogue's detail query, usually cached by the page). */
export function SubjectRow({ exchange, tx }: { exchange: Interface; tx: TxRequest }) {
  const { t } = useTranslation('wallet');
  const item = orderItem(exchange, tx.data);
  // On the transaction's chain: two networks can hold the same collection address.
  const q = item
    ? { collectionAddr: item.collection, tokenId: item.tokenId, networkId: tx.chainId }
    : null;
  const detail = useQuery(subjectQueryOptions(q));
  if (!item) return null;
  const name = detail.data?.name || `#${item.tokenId}`;
  return (
    <div>
      <dt>{t('approve.item')}</dt>
      <dd>{item.count > 1 ? t('approve.items', { name, count: item.count - 1 }) : name}</dd>
    </div>
  );
}

/** The most the transaction's gas may cost: gas (given or estimated) × the max fee per gas. */
export function GasRow({ tx, symbol }: { tx: TxRequest; symbol: string }) {
  const { t } = useTranslation('wallet');
  const networks = useQuery(networksQueryOptions());
  const rpcUrl = networks.data?.find((n) => n.networkId === tx.chainId)?.rpcUrl;
  const cost = useQuery(gasCostQueryOptions(tx, rpcUrl));
  return (
    <div>
      <dt>{t('approve.gas')}</dt>
      <dd>
        {cost.data !== undefined ? (
          <Amount wei={cost.data} symbol={symbol} />
        ) : cost.isError ? (
          t('approve.gasUnknown')
        ) : (
          '…'
        )}
      </dd>
    </div>
  );
}
