/**
 * Where the bars of the money chart go: every month from the first to the last with money (empty months kept, so the
 * time axis is even), money back (received, then expected stacked on it) above a zero line and money out below it,
 * both on one scale. Pure, so the drawing and its test share it.
 */
import type { PortfolioMonth } from '../../../shared/api/portfolio';

export interface ChartMonth {
  month: string;
  out: number;
  received: number;
  expected: number;
}

export interface BarLayout {
  month: string;
  x: number;
  width: number;
  /** Top and height of each bar (SVG units, y downwards); height 0 when there is none. */
  received: { y: number; height: number };
  expected: { y: number; height: number };
  out: { y: number; height: number };
  /** Show the month's label under the axis (every few months when they are many). */
  labelled: boolean;
}

export interface ChartLayout {
  bars: BarLayout[];
  /** The zero line's y. */
  zero: number;
  /** The largest amount above and below the line (taka). */
  maxUp: number;
  maxDown: number;
}

/** Every month from `first` to `last` (`YYYY-MM`), with the months' money (taka; numbers are fine for drawing). */
export function continuousMonths(months: readonly PortfolioMonth[]): ChartMonth[] {
  if (months.length === 0) return [];
  const byMonth = new Map(months.map((m) => [m.month, m]));
  const out: ChartMonth[] = [];
  let [y, m] = months[0]!.month.split('-').map(Number) as [number, number];
  const last = months[months.length - 1]!.month;
  for (;;) {
    const key = `${y}-${String(m).padStart(2, '0')}`;
    const found = byMonth.get(key);
    out.push({ month: key, out: Number(found?.out ?? 0), received: Number(found?.received ?? 0), expected: Number(found?.expected ?? 0) });
    if (key >= last) break;
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return out;
}

/**
 * The bars in a plot of `width` × `height` units from (`left`, `top`); `labelWidth`: the units a month label needs.
 */
export function layoutBars(months: readonly ChartMonth[], { left, width, top, height, labelWidth }: { left: number; width: number; top: number; height: number; labelWidth: number }): ChartLayout {
  const maxUp = Math.max(0, ...months.map((m) => m.received + m.expected));
  const maxDown = Math.max(0, ...months.map((m) => m.out));
  const span = maxUp + maxDown || 1;
  const zero = top + (height * maxUp) / span;
  const scale = height / span;
  const slot = months.length ? width / months.length : width;
  const barWidth = Math.max(2, Math.min(28, slot * 0.7));
  const every = Math.max(1, Math.ceil(labelWidth / slot));
  const bars = months.map((m, i) => {
    const receivedHeight = m.received * scale;
    const expectedHeight = m.expected * scale;
    return {
      month: m.month,
      x: left + i * slot + (slot - barWidth) / 2,
      width: barWidth,
      received: { y: zero - receivedHeight, height: receivedHeight },
      expected: { y: zero - receivedHeight - expectedHeight, height: expectedHeight },
      out: { y: zero, height: m.out * scale },
      labelled: i % every === 0,
    };
  });
  return { bars, zero, maxUp, maxDown };
}
