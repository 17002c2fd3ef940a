/** Cost and ROI (docs/spec/SCORING.md §7). */
import { PRICE_PER_MEMBER_PER_MONTH } from '../constants/product';

/** Hours a salary covers in a year: 52 weeks × 40 hours. */
export const WORK_HOURS_PER_YEAR = 52 * 40;

/** Hourly cost of one person: annual_salary / 52 / 40. */
export function hourlyCost(annualSalary: number): number {
  return Number.isFinite(annualSalary) && annualSalary > 0 ? annualSalary / WORK_HOURS_PER_YEAR : 0;
}

/**
 * The most one meeting costs: the largest integer a meeting row holds (PostgreSQL's integer). Only a meeting
 * of many people lasting weeks at the highest salary a person may give (100,000,000) comes near it.
 */
export const MAX_MEETING_COST = 2_147_483_647;

/**
 * A meeting's cost in whole dollars: hours × attendees_count × hourly cost, rounded (half up). Computed as
 * round(duration_seconds × attendees_count × annual_salary / 7,488,000) so SQL gets the same number:
 * round((duration_seconds::numeric * attendees_count * annual_salary) / 7488000); at most MAX_MEETING_COST.
 */
export function meetingCost(params: {
  durationSeconds: number;
  attendeesCount: number;
  annualSalary: number;
}): number {
  const { durationSeconds, attendeesCount, annualSalary } = params;
  if (!(durationSeconds > 0) || !(attendeesCount > 0) || !(annualSalary > 0)) return 0;
  const cost = Math.round((durationSeconds * attendeesCount * annualSalary) / (3600 * WORK_HOURS_PER_YEAR));
  return Math.min(cost, MAX_MEETING_COST);
}

export interface RoiInput {
  teammates?: number;
  annualSalary?: number;
  hoursPerWeek?: number;
}

export interface RoiResult {
  teammates: number;
  annualSalary: number;
  hoursPerWeek: number;
  /** salary / 52 / 40 × teammates */
  hourlyCost: number;
  /** hours per week in meetings × hourly cost */
  weeklyMeetingCost: number;
  annualMeetingCost: number;
  /** 5 per teammate per month */
  monthlyPrice: number;
  annualPrice: number;
  /** ceil(annual price / hourly cost): hours of meetings saved in a year that pay for the product. */
  breakEvenHours: number;
}

export const ROI_DEFAULTS = { teammates: 6, annualSalary: 80_000, hoursPerWeek: 15 } as const;

/** The public ROI calculator; missing or invalid inputs take the defaults (6, 80,000, 15). */
export function roiCalculator(input: RoiInput = {}): RoiResult {
  const pick = (v: number | undefined, d: number) =>
    typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : d;
  const teammates = pick(input.teammates, ROI_DEFAULTS.teammates);
  const annualSalary = pick(input.annualSalary, ROI_DEFAULTS.annualSalary);
  const hoursPerWeek = pick(input.hoursPerWeek, ROI_DEFAULTS.hoursPerWeek);
  const cost = hourlyCost(annualSalary) * teammates;
  const monthlyPrice = PRICE_PER_MEMBER_PER_MONTH * teammates;
  const annualPrice = monthlyPrice * 12;
  return {
    teammates,
    annualSalary,
    hoursPerWeek,
    hourlyCost: cost,
    weeklyMeetingCost: hoursPerWeek * cost,
    annualMeetingCost: hoursPerWeek * cost * 52,
    monthlyPrice,
    annualPrice,
    breakEvenHours: cost > 0 ? Math.ceil(annualPrice / cost) : 0,
  };
}
