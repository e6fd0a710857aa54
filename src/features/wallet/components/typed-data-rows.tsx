import { useTranslation } from 'react-i18next';
import { bpsPercent } from '#shared/orders.ts';
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
/** A message's integer field (amounts in wei, basis points, unix seconds) as a bigint. */
const integer = (v: unknown) => {
  try {
    return BigInt(text(v) || '0');
  } catch {
    return 0n;
  }
};
/** Unix seconds as a date (a timestamp, not money: a Date takes milliseconds as a number). */
const date = (v: unknown) => new Date(Number(integer(v)) * 1000);

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
  const discount = integer(order.discountBps);
  return (
    <>
      <Row label={t('approve.item')}>
        <span className="approval__address">{text(order.collection)}</span>{' '}
        {t('approve.tokens', { ids: ids.join(', '), count: ids.length })}
      </Row>
      <Row label={t('approve.saleKind')}>
        {auction ? t('approve.auction', symbols) : t('approve.fixedPrice', symbols)}
      </Row>
      <Row label={auction ? t('approve.reserve') : t('approve.price')}>
        <Amount wei={integer(order.price)} symbol={auction ? symbols.wrapped : symbols.native} />
        {text(order.itemsKind) === '2' ? ` ${t('approve.perItem')}` : ''}
      </Row>
      {discount > 0n ? (
        <Row label={t('approve.discount')}>
          {t('approve.discountFrom', {
            percent: bpsPercent(discount),
            count: integer(order.minCountForDiscount).toString(),
          })}
        </Row>
      ) : null}
      <Row label={t('approve.feeLimit')}>{`${bpsPercent(integer(order.maxFeeBps))}%`}</Row>
      <Row label={t('approve.starts')}>{formatDateTime(date(order.startTime), language)}</Row>
      <Row label={auction ? t('approve.ends') : t('approve.expiry')}>
        {formatDateTime(date(order.endTime), language)}
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
          <Amount wei={integer(message.amount)} symbol={symbols.wrapped} />
        </Row>
        <OrderRows order={message.order as Fields} chainId={chainId} />
      </dl>
    );
  }
  return null;
}
