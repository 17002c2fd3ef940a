/**
 * The score chart's axis (stats §5): minimum 30 unless lower data needs lower (rounded down to a multiple
 * of 5, never below 0); maximum 110 (room above 100); ticks only from the minimum's next multiple of 10 to 100.
 */
export interface ChartAxis {
  min: number;
  max: number;
  ticks: number[];
}

export const CHART_AXIS_DEFAULT_MIN = 30;
export const CHART_AXIS_MAX = 110;

export function chartAxis(values: readonly (number | null | undefined)[]): ChartAxis {
  let lowest = Number.POSITIVE_INFINITY;
  for (const v of values) if (typeof v === 'number' && Number.isFinite(v) && v < lowest) lowest = v;
  const min =
    lowest < CHART_AXIS_DEFAULT_MIN ? Math.max(0, Math.floor(lowest / 5) * 5) : CHART_AXIS_DEFAULT_MIN;
  const ticks: number[] = [];
  for (let t = Math.ceil(min / 10) * 10; t <= 100; t += 10) ticks.push(t);
  return { min, max: CHART_AXIS_MAX, ticks };
}
