/** Time spent in meetings against work hours (docs/spec/SCORING.md §7): 8 hours per working day. */
import { WORK_HOURS_PER_DAY } from '../constants/product';
import { type DateRange, workingDays } from './date-range';
import { formatNumber, round2 } from './number';

export const PLENTY_OF_TIME = 'plenty of time';

/** Work hours in a span: working days × 8. */
export function workHours(range: DateRange): number {
  return workingDays(range) * WORK_HOURS_PER_DAY;
}

export interface WorkHoursSummary {
  workHours: number;
  spentHours: number;
  /** Percent of work hours spent in meetings (2 decimals; 0 when there are no work hours). */
  percentOfTime: number;
  remainingHours: number;
  /** Under 50 %: 'plenty of time'; otherwise a warning. */
  tone: 'ok' | 'warning';
  message: string;
}

export function workHoursSummary(spentHours: number, totalWorkHours: number): WorkHoursSummary {
  const spent = Number.isFinite(spentHours) && spentHours > 0 ? spentHours : 0;
  const total = Number.isFinite(totalWorkHours) && totalWorkHours > 0 ? totalWorkHours : 0;
  const percentOfTime = total > 0 ? round2((spent / total) * 100) : 0;
  const remainingHours = round2(Math.max(0, total - spent));
  if (percentOfTime < 50) {
    return {
      workHours: total,
      spentHours: round2(spent),
      percentOfTime,
      remainingHours,
      tone: 'ok',
      message: PLENTY_OF_TIME,
    };
  }
  return {
    workHours: total,
    spentHours: round2(spent),
    percentOfTime,
    remainingHours,
    tone: 'warning',
    message: `only ${formatNumber(remainingHours, 0)} of ${formatNumber(total, 0)} work hours left outside meetings`,
  };
}
