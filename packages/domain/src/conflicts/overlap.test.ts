import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HOUR, MIN, T0 } from '../testing/factories';
import { isAllDay, overlaps, overlapsMinutes } from './overlap';

const range = (from: number, to: number) => ({ start: T0 + from * MIN, end: T0 + to * MIN });

describe('overlap', () => {
  it.each([
    [range(0, 60), range(60, 120), 0, false],
    [range(0, 60), range(59, 120), 1, false],
    [range(0, 60), range(58, 120), 2, true],
    [range(0, 60), range(10, 20), 10, true],
    [range(0, 60), range(-30, 90), 60, true],
    [range(0, 60), range(120, 180), 0, false],
  ])('%j and %j share %i minutes', (a, b, minutes, conflict) => {
    expect(overlapsMinutes(a, b)).toBe(minutes);
    expect(overlaps(a, b)).toBe(conflict);
  });

  it('accepts Dates and ISO strings', () => {
    expect(
      overlapsMinutes(
        { start: '2025-03-10T09:00:00Z', end: '2025-03-10T10:00:00Z' },
        { start: new Date('2025-03-10T09:30:00Z'), end: Date.parse('2025-03-10T11:00:00Z') },
      ),
    ).toBe(30);
  });

  it('a custom tolerance', () => {
    expect(overlaps(range(0, 60), range(50, 120), 15)).toBe(false);
    expect(overlaps(range(0, 60), range(50, 120), 0)).toBe(true);
  });

  const rangeArb = fc
    .tuple(fc.integer({ min: -10_000, max: 10_000 }), fc.integer({ min: 0, max: 2_000 }))
    .map(([s, d]) => range(s, s + d));

  it('is symmetric', () => {
    fc.assert(
      fc.property(
        rangeArb,
        rangeArb,
        (a, b) => overlapsMinutes(a, b) === overlapsMinutes(b, a) && overlaps(a, b) === overlaps(b, a),
      ),
    );
  });

  it('a range longer than a minute overlaps itself; overlap never exceeds either length', () => {
    fc.assert(
      fc.property(rangeArb, rangeArb, (a, b) => {
        const shared = overlapsMinutes(a, b);
        const la = (a.end - a.start) / MIN;
        const lb = (b.end - b.start) / MIN;
        return shared <= Math.min(la, lb) && shared >= 0 && (la <= 1 || overlaps(a, a));
      }),
    );
  });
});

describe('isAllDay', () => {
  it.each([
    [{ allDay: true, startsAt: T0, endsAt: T0 + HOUR }, true],
    [{ startsAt: T0, endsAt: T0 + 6 * HOUR }, true],
    [{ startsAt: T0, endsAt: T0 + 6 * HOUR - 1 }, false],
    [{ allDay: false, startsAt: T0, endsAt: T0 + 30 * MIN }, false],
  ])('%j → %s', (event, expected) => expect(isAllDay(event)).toBe(expected));
});
