import { DAY_MS, localToUtc, periodBound, periodQuerySchema, zonedPeriodQuerySchema } from '@meetwell/domain';
import type { z } from 'zod';
import { AppError } from './errors';

/**
 * The one reading of a period (a from–to range a read asks for) for every route that takes one. Two spellings
 * exist in the API: `by_period[starts_at]`/`by_period[ends_at]` (meetings, auto-balance; dates are midnight
 * UTC) and `starts_at`/`ends_at` (Wellness blocks; dates are days in the person's zone, the end day included).
 * Both are checked alike: the end after the start, at most MAX_PERIOD_DAYS, else a 400 naming the parameter.
 * (A report's `start`/`end` are whole days with their own previous-span rule: features/reports/params.ts.)
 */

/** The longest period one read may ask for. */
export const MAX_PERIOD_DAYS = 400;

// The query schemas are the API contract's (the endpoints that read a period declare them).
export { periodBound, periodQuerySchema, zonedPeriodQuerySchema };
export type PeriodQuery = z.infer<typeof periodQuerySchema>;

export type ZonedPeriodQuery = { starts_at?: string | undefined; ends_at?: string | undefined };

type Period = { from: Date; to: Date };

/**
 * A period's end comes after its start (when `checkOrder`) and it spans at most MAX_PERIOD_DAYS; otherwise a 400
 * naming `endParameter`.
 */
function checkPeriod(
  period: Period,
  names: { startParameter: string; endParameter: string },
  checkOrder = true,
): Period {
  if (checkOrder && !(period.to > period.from)) {
    throw new AppError('validation_failed', [
      {
        detail: `${names.endParameter} must be after ${names.startParameter}.`,
        parameter: names.endParameter,
      },
    ]);
  }
  if (period.to.getTime() - period.from.getTime() > MAX_PERIOD_DAYS * DAY_MS) {
    throw new AppError('validation_failed', [
      { detail: `A period spans at most ${MAX_PERIOD_DAYS} days.`, parameter: names.endParameter },
    ]);
  }
  return period;
}

/**
 * `by_period[…]`: a missing bound takes its default; the order is checked when both bounds are asked (a
 * default may lie on either side of a single asked bound).
 */
export function parsePeriod(query: PeriodQuery, defaults: Period) {
  const asked = {
    from: query['by_period[starts_at]'] ? new Date(query['by_period[starts_at]']) : null,
    to: query['by_period[ends_at]'] ? new Date(query['by_period[ends_at]']) : null,
  };
  const { from, to } = checkPeriod(
    { from: asked.from ?? defaults.from, to: asked.to ?? defaults.to },
    { startParameter: 'by_period[starts_at]', endParameter: 'by_period[ends_at]' },
    Boolean(asked.from && asked.to),
  );
  return { from, to, explicitFrom: asked.from !== null };
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A bound as an instant: a date is its midnight in the zone (an `end` date: the next midnight, so included). */
function zonedBound(value: string, timeZone: string, end: boolean): Date {
  const m = DATE.exec(value);
  if (!m) return new Date(value);
  const day = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / DAY_MS + (end ? 1 : 0);
  return new Date(localToUtc(timeZone, day, 0));
}

/** `starts_at`/`ends_at` in the person's zone; a missing end defaults from the start (`defaults.to(from)`). */
export function parseZonedPeriod(
  query: ZonedPeriodQuery,
  timeZone: string,
  defaults: { from: Date; to: (from: Date) => Date },
): Period {
  const from = query.starts_at ? zonedBound(query.starts_at, timeZone, false) : defaults.from;
  const to = query.ends_at ? zonedBound(query.ends_at, timeZone, true) : defaults.to(from);
  return checkPeriod({ from, to }, { startParameter: 'starts_at', endParameter: 'ends_at' });
}

/** The week of `now` (Sunday to Sunday, UTC): what a period read answers when none is asked. */
export function currentWeek(now: Date) {
  const from = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - now.getUTCDay()),
  );
  return { from, to: new Date(from.getTime() + 7 * DAY_MS) };
}
