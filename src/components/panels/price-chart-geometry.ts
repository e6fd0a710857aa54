/**
 * Geometry of the price-history picture: sales (time, wei) → SVG points. Prices stay bigint;
 * only the pixel position is a number (scaled with bigint arithmetic).
 */
export type Sale = { time: number; price: bigint };
type ChartPoint = { x: number; y: number; sale: Sale };

export function chartPoints(
  sales: readonly Sale[],
  width: number,
  height: number,
  pad = 8,
): { points: ChartPoint[]; min: bigint; max: bigint } {
  if (sales.length === 0) return { points: [], min: 0n, max: 0n };
  const sorted = [...sales].sort((a, b) => a.time - b.time);
  const first = sorted[0]!;
  const last = sorted[sorted.length - 1]!;
  let min = first.price;
  let max = first.price;
  for (const s of sorted) {
    if (s.price < min) min = s.price;
    if (s.price > max) max = s.price;
  }
  const span = last.time - first.time;
  const innerW = width - pad * 2;
  const innerH = height - pad * 2;
  const range = max - min;
  const points = sorted.map((sale, i) => {
    const x =
      sorted.length === 1
        ? width / 2
        : pad +
          (span > 0
            ? ((sale.time - first.time) / span) * innerW
            : (i / (sorted.length - 1)) * innerW);
    // Higher price → smaller y. A flat series sits in the middle.
    const y =
      range === 0n
        ? height / 2
        : pad +
          innerH -
          Number(((sale.price - min) * BigInt(Math.round(innerH * 1000))) / range) / 1000;
    return { x: Math.round(x * 10) / 10, y: Math.round(y * 10) / 10, sale };
  });
  return { points, min, max };
}
