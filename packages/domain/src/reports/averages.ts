/** The averages and totals reports: mean score with its label and grade, good and bad counts, duration. */
import {
  isGoodScore,
  type LetterGrade,
  letterGrade,
  type QualityLabel,
  qualityLabel,
} from '../evaluation/grades';
import { type ReportMeetingRow, ratio, reportableRows } from './rows';

export interface AveragesReport {
  /** Mean score, rounded to a whole number; null with no meetings. */
  average: number | null;
  /** Mean score, 2 decimals. */
  average_exact: number | null;
  quality_label: QualityLabel | null;
  letter_grade: LetterGrade | null;
  /** Meetings scoring 80 or more (success tier). */
  good: number;
  /** The others. */
  bad: number;
  total: number;
}

/** Sums of a set of reportable meetings, as SQL aggregates give them. */
export interface AverageSums {
  meetings: number;
  scoreSum: number;
  /** Meetings scoring GOOD_SCORE_THRESHOLD or more. */
  good: number;
}

/** reportAverages from sums (the same figures SQL aggregates give). */
export function averagesFromSums(sums: AverageSums): AveragesReport {
  const total = sums.meetings;
  if (total === 0) {
    return {
      average: null,
      average_exact: null,
      quality_label: null,
      letter_grade: null,
      good: 0,
      bad: 0,
      total: 0,
    };
  }
  const average = ratio(sums.scoreSum, total, 0);
  return {
    average,
    average_exact: ratio(sums.scoreSum, total),
    quality_label: qualityLabel(average),
    letter_grade: letterGrade(average),
    good: sums.good,
    bad: total - sums.good,
    total,
  };
}

/** Average score with its quality label, and good (score ≥ 80) and bad (below) counts. */
export function reportAverages(rows: readonly ReportMeetingRow[]): AveragesReport {
  const prepared = reportableRows(rows);
  let scoreSum = 0;
  let good = 0;
  for (const r of prepared) {
    scoreSum += r.score;
    if (isGoodScore(r.score)) good++;
  }
  return averagesFromSums({ meetings: prepared.length, scoreSum, good });
}

export interface TotalsReport {
  total: number;
  good: number;
  bad: number;
  duration_seconds: number;
}

/** Counts and total duration. */
export function reportTotals(rows: readonly ReportMeetingRow[]): TotalsReport {
  const prepared = reportableRows(rows);
  let good = 0;
  let seconds = 0;
  for (const r of prepared) {
    if (isGoodScore(r.score)) good++;
    seconds += r.durationSeconds;
  }
  return { total: prepared.length, good, bad: prepared.length - good, duration_seconds: seconds };
}
