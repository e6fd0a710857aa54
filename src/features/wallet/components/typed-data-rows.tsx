import { useTranslation } from 'react-i18next';
import { Amount } from '#web/components/ui/amount.tsx';
import { formatDateTime } from '#web/lib/format.ts';
import { currentLanguage } from '#web/lib/i18n.ts';
import { useNetworkSymbols } from '#web/lib/networks.ts';

/**
 * What a marketplace message commits to, in the user's language: for an order its items, price,
 * fee limit and dates; for a bid the item, the amount and the auction it is on. Field meanings:
 * contracts/src/lib/OrderTypes.sol.
 */
type Fields = Record<string, unknown>;

const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
const wei = (v: unknown) => {
  try {
    return BigInt(text(v) || '0');
  } catch {
    return 0n;
  }
};
const seconds = (v: unknown) => Number(wei(v)) * 1000;

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The rows of an order (sell order, or the order a bid is on). */
function OrderRows({ order, chainId }: { order: Fields; chainId: number }) {
  const { t } = useTranslation('wallet');
  const symbols = useNetworkSymbols(chainId);
  const language = currentLanguage();
  const auction = text(order.saleKind) === '1';
  const ids = Array.isArray(order.tokenIds) ? order.tokenIds.map(text) : [];
  const discount = Number(wei(order.discountBps)) / 100;
  return (
    <>
      <Row label={t('approve.item')}>
        <span className="approval__address">{text(order.collection)}</span>{' '}
        {t('approve.tokens', { ids: ids.join(', '), count: ids.length })}
      </Row>
      <Row label={t('approve.saleKind')}>
        {auction ? t('approve.auction') : t('approve.fixedPrice')}
      </Row>
      <Row label={auction ? t('approve.reserve') : t('approve.price')}>
        <Amount wei={wei(order.price)} symbol={auction ? symbols.wrapped : symbols.native} />
        {text(order.itemsKind) === '2' ? ` ${t('approve.perItem')}` : ''}
      </Row>
      {discount > 0 ? (
        <Row label={t('approve.discount')}>
          {t('approve.discountFrom', {
            percent: discount,
            count: Number(wei(order.minCountForDiscount)),
          })}
        </Row>
      ) : null}
      <Row label={t('approve.feeLimit')}>{`${Number(wei(order.maxFeeBps)) / 100}%`}</Row>
      <Row label={t('approve.starts')}>{formatDateTime(seconds(order.startTime), language)}</Row>
      <Row label={auction ? t('approve.ends') : t('approve.expiry')}>
        {formatDateTime(seconds(order.endTime), language)}
      </Row>
    </>
  );
}

/** Is this typed message one of the marketplace's (an Order, or a Bid with its order)? */
export function isMarketplaceMessage(primaryType: string, message: Fields): boolean {
  if (primaryType === 'Order') return true;
  return primaryType === 'Bid' && message.order !== null && typeof message.order === 'object';
}

/** An Order or a Bid of the marketplace (see isMarketplaceMessage). */
export function MarketplaceMessageRows({
  primaryType,
  message,
  chainId,
}: {
  primaryType: string;
  message: Fields;
  chainId: number;
}) {
  const { t } = useTranslation('wallet');
  const symbols = useNetworkSymbols(chainId);
  if (primaryType === 'Order') {
    return (
      <dl className="approval__rows">
        <OrderRows order={message} chainId={chainId} />
      </dl>
    );
  }
  if (primaryType === 'Bid') {
    return (
      <dl className="approval__rows">
        <Row label={t('approve.bidAmount')}>
          <Amount wei={wei(message.amount)} symbol={symbols.wrapped} />
        </Row>
        <OrderRows order={message.order as Fields} chainId={chainId} />
      </dl>
    );
  }
  return null;
}
