import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PLANS, planAllows, trialDaysLeft } from './plans';

describe('planAllows', () => {
  it('keeps manual actions for paid plans and team management for the trial and the Team plan', () => {
    expect(
      PLANS.map((p) => [p.id, planAllows(p.id, 'manual_actions'), planAllows(p.id, 'team_management')]),
    ).toEqual([
      ['trial', false, true],
      ['team-500', true, false],
      ['team-5000', true, true],
    ]);
    expect(planAllows(null, 'manual_actions')).toBe(false);
    expect(planAllows('gold', 'team_management')).toBe(false);
  });
});

describe('trialDaysLeft', () => {
  const end = new Date('2026-12-09T12:00:00Z');
  it('counts a part of a day as a day and ends at 0', () => {
    expect(trialDaysLeft(end, new Date('2026-11-25T12:00:00Z'))).toBe(14);
    expect(trialDaysLeft(end, new Date('2026-12-09T11:00:00Z'))).toBe(1);
    expect(trialDaysLeft(end, new Date('2026-12-09T12:00:00Z'))).toBe(0);
    expect(trialDaysLeft(end, new Date('2027-01-01T00:00:00Z'))).toBe(0);
  });
  it('never grows as time passes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -40 * 86_400_000, max: 40 * 86_400_000 }),
        fc.nat(86_400_000 * 3),
        (a, step) => {
          const earlier = new Date(end.getTime() + a);
          const later = new Date(earlier.getTime() + step);
          expect(trialDaysLeft(end, later)).toBeLessThanOrEqual(trialDaysLeft(end, earlier));
          expect(trialDaysLeft(end, later)).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});
