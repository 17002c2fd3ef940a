import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { currentWeek, MAX_PERIOD_DAYS, parsePeriod } from './period';

const defaults = { from: new Date('2026-11-01T00:00:00Z'), to: new Date('2026-11-08T00:00:00Z') };
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error instanceof AppError ? error.message : String(error);
  }
  return null;
};

describe('parsePeriod', () => {
  it('fills a missing bound with its default and says whether the start was asked', () => {
    expect(parsePeriod({}, defaults)).toEqual({ ...defaults, explicitFrom: false });
    expect(parsePeriod({ 'by_period[starts_at]': '2026-11-03' }, defaults)).toEqual({
      from: new Date('2026-11-03T00:00:00Z'),
      to: defaults.to,
      explicitFrom: true,
    });
  });

  it(`refuses an end before an asked start, and spans of more than ${MAX_PERIOD_DAYS} days`, () => {
    expect(
      refusal(() =>
        parsePeriod({ 'by_period[starts_at]': '2026-11-05', 'by_period[ends_at]': '2026-11-05' }, defaults),
      ),
    ).toMatch(/must be after/);
    expect(
      refusal(() =>
        parsePeriod({ 'by_period[starts_at]': '2025-01-01', 'by_period[ends_at]': '2026-11-05' }, defaults),
      ),
    ).toMatch(/at most 400 days/);
    expect(refusal(() => parsePeriod({ 'by_period[starts_at]': '0001-01-01' }, defaults))).toMatch(/at most/);
  });

  it('gives the week of a day, Sunday to Sunday in UTC', () => {
    expect(currentWeek(new Date('2026-11-25T23:30:00Z'))).toEqual({
      from: new Date('2026-11-22T00:00:00Z'),
      to: new Date('2026-11-29T00:00:00Z'),
    });
  });
});
