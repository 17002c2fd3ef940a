import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { currentWeek, MAX_PERIOD_DAYS, parsePeriod, parseZonedPeriod } from './period';

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

describe('parseZonedPeriod', () => {
  const now = new Date('2030-01-08T10:00:00Z');
  const window = { from: now, to: (from: Date) => new Date(from.getTime() + 28 * 86_400_000) };

  it("reads dates as days in the person's zone, the end day included", () => {
    expect(
      parseZonedPeriod({ starts_at: '2030-01-06', ends_at: '2030-01-12' }, 'Europe/Berlin', window),
    ).toEqual({
      from: new Date('2030-01-05T23:00:00Z'),
      to: new Date('2030-01-12T23:00:00Z'),
    });
    expect(parseZonedPeriod({ starts_at: '2030-01-07T13:00:00+01:00' }, 'Europe/Berlin', window)).toEqual({
      from: new Date('2030-01-07T12:00:00Z'),
      to: new Date('2030-02-04T12:00:00Z'),
    });
    expect(parseZonedPeriod({}, 'UTC', window)).toEqual({ from: now, to: new Date('2030-02-05T10:00:00Z') });
  });

  it('refuses what parsePeriod refuses, naming its own parameters', () => {
    expect(
      refusal(() => parseZonedPeriod({ starts_at: '2030-01-12', ends_at: '2030-01-10' }, 'UTC', window)),
    ).toBe('ends_at must be after starts_at.');
    expect(
      refusal(() => parseZonedPeriod({ starts_at: '2028-01-01', ends_at: '2030-01-10' }, 'UTC', window)),
    ).toBe(`A period spans at most ${MAX_PERIOD_DAYS} days.`);
  });
});
