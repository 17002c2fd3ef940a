import { z } from 'zod';
import { AppError } from './errors';

/** The longest period one read may ask for. */
export const MAX_PERIOD_DAYS = 400;
const DAY_MS = 86_400_000;

/** `by_period[starts_at]` / `by_period[ends_at]`: instants with an offset, or dates (midnight UTC). */
export const periodQuerySchema = z.object({
  'by_period[starts_at]': z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
  'by_period[ends_at]': z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
});
export type PeriodQuery = z.infer<typeof periodQuerySchema>;

/**
 * The one reading of a period for every route that takes one: a missing bound takes its default, an asked end
 * comes after an asked start, and the span is at most MAX_PERIOD_DAYS; otherwise a 400 naming the parameter.
 */
export function parsePeriod(query: PeriodQuery, defaults: { from: Date; to: Date }) {
  const asked = {
    from: query['by_period[starts_at]'] ? new Date(query['by_period[starts_at]']) : null,
    to: query['by_period[ends_at]'] ? new Date(query['by_period[ends_at]']) : null,
  };
  const from = asked.from ?? defaults.from;
  const to = asked.to ?? defaults.to;
  if (asked.from && asked.to && !(asked.to > asked.from)) {
    throw new AppError('validation_failed', [
      { detail: 'by_period[ends_at] must be after by_period[starts_at].', parameter: 'by_period[ends_at]' },
    ]);
  }
  if (to.getTime() - from.getTime() > MAX_PERIOD_DAYS * DAY_MS) {
    throw new AppError('validation_failed', [
      { detail: `A period spans at most ${MAX_PERIOD_DAYS} days.`, parameter: 'by_period[ends_at]' },
    ]);
  }
  return { from, to, explicitFrom: asked.from !== null };
}

/** The week of `now` (Sunday to Sunday, UTC): what a period read answers when none is asked. */
export function currentWeek(now: Date) {
  const from = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - now.getUTCDay()),
  );
  return { from, to: new Date(from.getTime() + 7 * DAY_MS) };
}
