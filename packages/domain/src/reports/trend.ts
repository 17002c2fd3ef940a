/**
 * Trends against the previous span of the same length (stats §3: prev_span_total, prev_span_average,
 * total_delta, percent_growth, trending up/down/flat).
 */
import { round2 } from '../formats/number';

export type Trending = 'up' | 'down' | 'flat';

export interface SpanFigures {
  total: number;
  average?: number | null;
}

export interface Trend {
  prev_span_total: number;
  prev_span_average: number | null;
  /** current total − previous total */
  total_delta: number;
  /**
   * Growth of the measure (total, or average with by: 'average') in percent, 2 decimals:
   * (current − previous) / previous × 100; null when the previous span has nothing to compare with (its
   * measure is 0 or unknown): a growth from nothing is no percentage.
   */
  percent_growth: number | null;
  /** The sign of the measure's change. */
  trending: Trending;
}

export function trend(
  current: SpanFigures,
  previous: SpanFigures,
  options: { by?: 'total' | 'average' } = {},
): Trend {
  const by = options.by ?? 'total';
  const cur = by === 'average' ? (current.average ?? 0) : current.total;
  const prev = by === 'average' ? (previous.average ?? 0) : previous.total;
  const delta = cur - prev;
  const comparable = previous.total > 0 && prev !== 0;
  const percent = comparable ? round2((delta / Math.abs(prev)) * 100) : null;
  return {
    prev_span_total: previous.total,
    prev_span_average: previous.average ?? null,
    total_delta: current.total - previous.total,
    percent_growth: percent,
    trending: delta > 0 ? 'up' : delta < 0 ? 'down' : 'flat',
  };
}
