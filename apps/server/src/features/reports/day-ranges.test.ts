import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergedDayRanges } from './rollups';

const DAY = 86_400_000;
const dayOf = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY;

/** Every day a span touches, a day of margin each side, as the invalidation has always read it. */
function daysOf(span: { from: Date; to: Date }): number[] {
  const lo = Math.floor((Math.min(+span.from, +span.to) - DAY) / DAY);
  const hi = Math.floor((Math.max(+span.from, +span.to) + DAY) / DAY);
  return Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);
}

const span = fc
  .tuple(
    fc.integer({ min: 1_700_000_000_000, max: 1_900_000_000_000 }),
    fc.integer({ min: -3 * DAY, max: 3 * DAY }),
  )
  .map(([start, length]) => ({ from: new Date(start), to: new Date(start + length) }));

describe('the days a change of meetings touches', () => {
  it('are the same days, as sorted disjoint ranges that never touch', () => {
    fc.assert(
      fc.property(fc.array(span, { maxLength: 60 }), (spans) => {
        const ranges = mergedDayRanges(spans);
        const covered = new Set(
          ranges.flatMap((r) =>
            daysOf({ from: new Date(dayOf(r.lo) * DAY + DAY), to: new Date(dayOf(r.hi) * DAY - DAY) }),
          ),
        );
        const expected = new Set(spans.flatMap(daysOf));
        expect([...covered].sort()).toEqual([...expected].sort());
        for (let i = 1; i < ranges.length; i++)
          expect(dayOf(ranges[i]!.lo)).toBeGreaterThan(dayOf(ranges[i - 1]!.hi) + 1);
      }),
    );
  });

  it('collapse a big import into a handful of ranges', () => {
    const start = Date.UTC(2026, 8, 1);
    const spans = Array.from({ length: 50_000 }, (_, i) => ({
      from: new Date(start + i * 15 * 60_000),
      to: new Date(start + i * 15 * 60_000 + 30 * 60_000),
    }));
    const last = spans.at(-1)!.to;
    expect(mergedDayRanges(spans)).toEqual([
      { lo: '2026-08-31', hi: new Date(+last + DAY).toISOString().slice(0, 10) },
    ]);
  });
});
