import { useTranslation } from 'react-i18next';
import { moneyText } from '#shared/money.ts';
import { currentLanguage } from '#web/lib/i18n.ts';
import { chartPoints, type Sale } from './price-chart-geometry.ts';

const W = 600;
const H = 200;

/**
 * A price history (an NFT's sales, a share's trades) as an SVG picture (lazy chunk). The highest and lowest
 * prices are text beside the picture, not in it: scaled with the picture to 360 px they were
 * too small to read.
 */
export default function PriceHistoryChart({
  sales,
  symbol,
  alt: altOf,
}: {
  sales: Sale[];
  symbol: string;
  /** What the picture shows in words (default: an NFT's sales, `market:nft.priceHistoryAlt`). */
  alt?: (p: { count: number; min: string; max: string; symbol: string }) => string;
}) {
  const { t } = useTranslation('market');
  const language = currentLanguage();
  const { points, min, max } = chartPoints(sales, W, H, 16);
  const fmt = (wei: bigint) => moneyText(wei, language);
  const words = { count: sales.length, min: fmt(min), max: fmt(max), symbol };
  const alt = altOf ? altOf(words) : t('nft.priceHistoryAlt', words);
  const path = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x},${p.y}`).join(' ');
  return (
    <figure className="chart">
      <p className="chart__label" aria-hidden="true">{`${fmt(max)} ${symbol}`}</p>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={alt} width={W} height={H}>
        <rect x="0" y="0" width={W} height={H} fill="#f4f4f8" rx="8" />
        <line x1="16" y1={H - 16} x2={W - 16} y2={H - 16} stroke="#8a8fa0" />
        {points.length > 1 ? (
          <path d={path} fill="none" stroke="#4327b8" strokeWidth="2.5" />
        ) : null}
        {points.map((p) => (
          <circle key={`${p.sale.time}-${p.x}`} cx={p.x} cy={p.y} r="4" fill="#4327b8" />
        ))}
      </svg>
      <p className="chart__label" aria-hidden="true">{`${fmt(min)} ${symbol}`}</p>
      <figcaption className="visually-hidden">{alt}</figcaption>
    </figure>
  );
}
