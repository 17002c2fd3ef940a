/**
 * Report math (docs/spec/stats-team-billing-public.md §3, report kinds), one report a file. Every function takes
 * plain rows, keeps the reportable ones (scored, not all day), counts each event once, and returns the API's
 * attribute names; each has a `…FromSums` twin that takes the sums SQL aggregates give.
 *
 * Rounding, so SQL can match: averages and percentages are round(x, 2) computed from integer sums
 * (half away from zero), the average score of `reportAverages` is a whole number, costs are whole dollars
 * per meeting then summed.
 */
export * from './attendees';
export * from './average-scores-by';
export * from './averages';
export * from './compliance';
export * from './counts';
export * from './duration-and-cost-details';
export * from './duration-and-costs';
export * from './membership';
export * from './overtime';
export * from './past-actions';
export * from './rows';
export * from './trend';
export * from './user-counts';
