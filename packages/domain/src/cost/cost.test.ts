import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hourlyCost, MAX_MEETING_COST, meetingCost, ROI_DEFAULTS, roiCalculator } from './cost';

describe('cost (SCORING §7)', () => {
  it('hourly cost = salary / 52 / 40', () => {
    expect(hourlyCost(80_000)).toBeCloseTo(38.4615, 3);
    expect(hourlyCost(0)).toBe(0);
  });

  it.each([
    [3600, 4, 80_000, 154],
    [1800, 2, 80_000, 38],
    [5400, 10, 104_000, 750],
    [0, 4, 80_000, 0],
    [3600, 0, 80_000, 0],
    [3600, 4, 0, 0],
  ])('%is × %i people at %i → $%i', (durationSeconds, attendeesCount, annualSalary, dollars) => {
    expect(meetingCost({ durationSeconds, attendeesCount, annualSalary })).toBe(dollars);
  });

  it('equals round(hours × attendees × hourly cost)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 * 3600 }),
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 1, max: 500_000 }),
        (s, n, salary) => {
          const exact = (s / 3600) * n * (salary / 52 / 40);
          return (
            Math.abs(meetingCost({ durationSeconds: s, attendeesCount: n, annualSalary: salary }) - exact) <=
            0.5 + 1e-9
          );
        },
      ),
    );
  });

  it('never exceeds what a meeting row holds, however long, large or well paid the meeting', () => {
    expect(meetingCost({ durationSeconds: 366 * 86_400, attendeesCount: 8, annualSalary: 100_000_000 })).toBe(
      MAX_MEETING_COST,
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 400 * 86_400 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 100_000_000 }),
        (s, n, salary) => {
          const cost = meetingCost({ durationSeconds: s, attendeesCount: n, annualSalary: salary });
          return Number.isInteger(cost) && cost >= 0 && cost <= MAX_MEETING_COST;
        },
      ),
    );
  });
});

describe('roiCalculator', () => {
  it('defaults: 6 teammates, 80,000, 15 hours a week', () => {
    const r = roiCalculator();
    expect(ROI_DEFAULTS).toEqual({ teammates: 6, annualSalary: 80_000, hoursPerWeek: 15 });
    expect(r.hourlyCost).toBeCloseTo((80_000 / 52 / 40) * 6, 9);
    expect(r.monthlyPrice).toBe(30);
    expect(r.annualPrice).toBe(360);
    expect(r.breakEvenHours).toBe(Math.ceil(360 / ((80_000 / 52 / 40) * 6)));
    expect(r.breakEvenHours).toBe(2);
    expect(r.weeklyMeetingCost).toBeCloseTo(15 * r.hourlyCost, 9);
  });

  it('custom values; invalid ones fall back to the defaults', () => {
    const r = roiCalculator({ teammates: 20, annualSalary: 52_000, hoursPerWeek: 10 });
    expect(r.hourlyCost).toBe(500);
    expect(r.annualPrice).toBe(1200);
    expect(r.breakEvenHours).toBe(3);
    expect(roiCalculator({ teammates: -1, annualSalary: Number.NaN }).teammates).toBe(6);
  });
});
