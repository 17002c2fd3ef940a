import { z } from 'zod';

/**
 * The two spellings of a period (a from–to range a read asks for) in the API's queries. The server reads both
 * alike (its http/period.ts: the end after the start, at most a bounded span, else a 400 naming the parameter).
 */

/** A period's bound: an instant with an offset, or a date. */
export const periodBound = z.iso.datetime({ offset: true }).or(z.iso.date());

/** `by_period[starts_at]` / `by_period[ends_at]`: instants with an offset, or dates (midnight UTC). */
export const periodQuerySchema = z.object({
  'by_period[starts_at]': periodBound.optional(),
  'by_period[ends_at]': periodBound.optional(),
});

/** `starts_at` / `ends_at`: instants with an offset, or dates in the person's zone (the end date included). */
export const zonedPeriodQuerySchema = z.object({
  starts_at: periodBound.optional(),
  ends_at: periodBound.optional(),
});
