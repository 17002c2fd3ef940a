import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crowdOut, isMoreEvent, type MoreEvent } from './crowding';

type Event = { id: string; start: Date; end: Date; allDay: boolean };

const MINUTE = 60_000;
const MONDAY = Date.parse('2026-11-30T00:00:00Z');
const at = (minutes: number) => new Date(MONDAY + minutes * MINUTE);
const event = (id: string, from: number, minutes: number, allDay = false): Event => ({
  id,
  start: at(from),
  end: at(from + minutes),
  allDay,
});

const drawnEnd = (e: { start: Date; end: Date }) =>
  Math.max(e.end.getTime(), e.start.getTime() + 15 * MINUTE);
/** The most drawn events under way at one time. */
function mostAtOnce(events: readonly { start: Date; end: Date; allDay: boolean }[]): number {
  const timed = events.filter((e) => !e.allDay);
  return Math.max(
    0,
    ...timed.map((e) => timed.filter((o) => o.start <= e.start && drawnEnd(o) > e.start.getTime()).length),
  );
}
const ids = (list: readonly (Event | MoreEvent<Event>)[]) =>
  list.flatMap((e) => (isMoreEvent(e) ? e.hidden.map((h) => h.id) : [e.id])).sort();

describe('crowdOut', () => {
  it('draws a week of ordinary overlaps as it is', () => {
    const week = [
      event('standup', 9 * 60, 15),
      event('review', 9 * 60, 60),
      event('focus', 8 * 60, 180),
      event('lunch', 12 * 60, 60),
      event('offsite', 0, 1440, true),
    ];
    expect(crowdOut(week)).toHaveLength(5);
    expect(crowdOut(week).some(isMoreEvent)).toBe(false);
  });

  it('gathers twenty parallel sessions into three drawn and one "+17 more"', () => {
    const sessions = Array.from({ length: 20 }, (_, i) => event(`talk-${i}`, 10 * 60, 45));
    const drawn = crowdOut([...sessions, event('keynote', 9 * 60, 60)]);
    const more = drawn.filter(isMoreEvent);
    expect(more).toHaveLength(1);
    expect(more[0]!.hidden).toHaveLength(17);
    expect(more[0]!.start).toEqual(at(10 * 60));
    expect(more[0]!.end).toEqual(at(10 * 60 + 45));
    // The keynote before them stays; the first three sessions are drawn beside the "+17 more".
    expect(drawn.filter((e) => !isMoreEvent(e)).map((e) => (e as Event).id)).toEqual([
      'keynote',
      'talk-0',
      'talk-1',
      'talk-2',
    ]);
  });

  it('gives each crowded stretch of a long day its own "more"', () => {
    const morning = Array.from({ length: 6 }, (_, i) => event(`am-${i}`, 9 * 60, 60));
    const evening = Array.from({ length: 6 }, (_, i) => event(`pm-${i}`, 17 * 60, 60));
    const allDayLong = event('conference', 8 * 60, 11 * 60);
    const more = crowdOut([...morning, ...evening, allDayLong]).filter(isMoreEvent);
    expect(more.map((m) => [m.start, m.hidden.length])).toEqual([
      [at(9 * 60), 4],
      [at(17 * 60), 4],
    ]);
  });

  // Crowded often: up to 60 events in two days, some of them starting together.
  const arbitraryWeek = fc.array(
    fc.record({
      from: fc.oneof(fc.integer({ min: 0, max: 2 * 1440 }), fc.constantFrom(540, 600)),
      minutes: fc.integer({ min: 0, max: 300 }),
      allDay: fc.constantFrom(false, false, false, true),
    }),
    { maxLength: 60, size: 'max' },
  );
  const asEvents = (list: { from: number; minutes: number; allDay: boolean }[]) =>
    list.map((e, i) => event(`e${i}`, e.from, e.minutes, e.allDay));

  it('loses no event and draws each once, whatever the week', () => {
    fc.assert(
      fc.property(arbitraryWeek, fc.integer({ min: 2, max: 6 }), (list, columns) => {
        const events = asEvents(list);
        expect(ids(crowdOut(events, columns))).toEqual(events.map((e) => e.id).sort());
      }),
    );
  });

  it('never draws more than its columns at once, and hides nothing where they fit', () => {
    fc.assert(
      fc.property(arbitraryWeek, fc.integer({ min: 2, max: 6 }), (list, columns) => {
        const events = asEvents(list);
        const drawn = crowdOut(events, columns);
        expect(mostAtOnce(drawn)).toBeLessThanOrEqual(columns);
        if (mostAtOnce(events) <= columns) expect(drawn.some(isMoreEvent)).toBe(false);
      }),
    );
  });
});
