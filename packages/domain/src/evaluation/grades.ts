/** Score presentation: quality label, tier, colour, letter grade (docs/spec/SCORING.md §4). */
import { COLORS } from '../constants/colors';

export const QUALITY_LABELS = [
  'perfect',
  'very high',
  'high',
  'medium',
  'medium-low',
  'low',
  'very low',
] as const;
export type QualityLabel = (typeof QUALITY_LABELS)[number];

export const SCORE_TIERS = ['success', 'caution', 'warning', 'danger'] as const;
export type ScoreTier = (typeof SCORE_TIERS)[number];

export const LETTER_GRADES = [
  'A+',
  'A',
  'A-',
  'B+',
  'B',
  'B-',
  'C+',
  'C',
  'C-',
  'D+',
  'D',
  'D-',
  'F',
] as const;
export type LetterGrade = (typeof LETTER_GRADES)[number];

const GRADE_FLOORS: readonly [number, LetterGrade][] = [
  [97, 'A+'],
  [93, 'A'],
  [90, 'A-'],
  [87, 'B+'],
  [83, 'B'],
  [80, 'B-'],
  [77, 'C+'],
  [73, 'C'],
  [70, 'C-'],
  [67, 'D+'],
  [63, 'D'],
  [60, 'D-'],
];

/** A+ ≥ 97, A ≥ 93, A- ≥ 90, B+ ≥ 87, B ≥ 83, B- ≥ 80, C+ ≥ 77, C ≥ 73, C- ≥ 70, D+ ≥ 67, D ≥ 63, D- ≥ 60, else F. */
export function letterGrade(score: number): LetterGrade {
  for (const [floor, grade] of GRADE_FLOORS) if (score >= floor) return grade;
  return 'F';
}

/** 100 perfect, ≥ 90 very high, ≥ 80 high, ≥ 70 medium, ≥ 60 medium-low, ≥ 50 low, below very low. */
export function qualityLabel(score: number): QualityLabel {
  if (score >= 100) return 'perfect';
  if (score >= 90) return 'very high';
  if (score >= 80) return 'high';
  if (score >= 70) return 'medium';
  if (score >= 60) return 'medium-low';
  if (score >= 50) return 'low';
  return 'very low';
}

/** ≥ 80 success, ≥ 70 caution, ≥ 60 warning, below danger. */
export function scoreTier(score: number): ScoreTier {
  if (score >= 80) return 'success';
  if (score >= 70) return 'caution';
  if (score >= 60) return 'warning';
  return 'danger';
}

export const TIER_COLORS: Readonly<Record<ScoreTier, string>> = {
  success: COLORS.success,
  caution: COLORS.caution,
  warning: COLORS.warning,
  danger: COLORS.danger,
};

/** The colour of a score's tier (#1db08c, #fed93a, #ff8a00, #ff3146). */
export function scoreColor(score: number): string {
  return TIER_COLORS[scoreTier(score)];
}

/** The calendar event colour band of a score: high, medium-high, medium-low, low (same cut-offs as tiers). */
export function scoreBand(score: number): 'high' | 'medium-high' | 'medium-low' | 'low' {
  if (score >= 80) return 'high';
  if (score >= 70) return 'medium-high';
  if (score >= 60) return 'medium-low';
  return 'low';
}

/** A score is 'good' at 80 and above (the success tier, 'high' quality or better); reports count the rest as bad. */
export const GOOD_SCORE_THRESHOLD = 80;
export function isGoodScore(score: number): boolean {
  return score >= GOOD_SCORE_THRESHOLD;
}
