import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { utcToWall } from '../lib/tz';
import { block, HOUR, MIN } from '../testing/factories';
import {
  buildWeeklyRRule,
  expandWellnessBlockOccurrences,
  findBlockConflicts,
  indexBlockOccurrences,
  seriesBlockShape,
  type WellnessBlockInput,
  wellnessBlockSchedule,
  wellnessBlockTimes,
} from './wellness-blocks';

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 16);
const expand = (blocks: WellnessBlockInput[], from: string, to: string, timeZone = 'UTC') =>
  expandWellnessBlockOccurrences(blocks, { from, to, timeZone }).map((o) => `${iso(o.start)}/${iso(o.end)}`);

describe('expandWellnessBlockOccurrences', () => {
  it('weekdays at local times, sorted, clipped to the window', () => {
    expect(expand([block()], '2025-03-03T00:00:00Z', '2025-03-06T00:00:00Z')).toEqual([
      '2025-03-03T14:00/2025-03-03T15:00',
      '2025-03-04T14:00/2025-03-04T15:00',
      '2025-03-05T14:00/2025-03-05T15:00',
    ]);
  });

  it('America/New_York across the March change keeps 9:00–10:00 local', () => {
    expect(expand([block()], '2025-03-06T00:00:00Z', '2025-03-12T00:00:00Z')).toEqual([
      '2025-03-06T14:00/2025-03-06T15:00',
      '2025-03-07T14:00/2025-03-07T15:00',
      '2025-03-10T13:00/2025-03-10T14:00',
      '2025-03-11T13:00/2025-03-11T14:00',
    ]);
  });

  it('America/New_York across the November change', () => {
    expect(expand([block()], '2025-10-30T00:00:00Z', '2025-11-05T00:00:00Z')).toEqual([
      '2025-10-30T13:00/2025-10-30T14:00',
      '2025-10-31T13:00/2025-10-31T14:00',
      '2025-11-03T14:00/2025-11-03T15:00',
      '2025-11-04T14:00/2025-11-04T15:00',
    ]);
  });

  const paris = block({
    id: 'p',
    rrule: 'RRULE:FREQ=WEEKLY;BYDAY=SA,SU',
    // Saturday 2025-03-01 12:30–13:30 in Paris (CET, UTC+1).
    startsAt: Date.UTC(2025, 2, 1, 11, 30),
    endsAt: Date.UTC(2025, 2, 1, 12, 30),
    timeZone: 'Europe/Paris',
  });

  it('Europe/Paris across the March change (Sunday the 30th)', () => {
    expect(expand([paris], '2025-03-29T00:00:00Z', '2025-03-31T00:00:00Z')).toEqual([
      '2025-03-29T11:30/2025-03-29T12:30',
      '2025-03-30T10:30/2025-03-30T11:30',
    ]);
  });

  it('Europe/Paris across the October change (Sunday the 26th)', () => {
    expect(expand([paris], '2025-10-25T00:00:00Z', '2025-10-27T00:00:00Z')).toEqual([
      '2025-10-25T10:30/2025-10-25T11:30',
      '2025-10-26T11:30/2025-10-26T12:30',
    ]);
  });

  it('a block that spans the change keeps its wall-clock times (01:00–04:00 on March 9th in New York lasts 2 hours)', () => {
    const night = block({
      rrule: 'RRULE:FREQ=WEEKLY;BYDAY=SU',
      startsAt: Date.UTC(2025, 2, 2, 6, 0), // Sunday 01:00 EST
      endsAt: Date.UTC(2025, 2, 2, 9, 0), // 04:00 EST
    });
    const [occ] = expandWellnessBlockOccurrences([night], {
      from: '2025-03-09T00:00:00Z',
      to: '2025-03-10T00:00:00Z',
    });
    expect(occ && (occ.end - occ.start) / HOUR).toBe(2);
    expect(occ && iso(occ.start)).toBe('2025-03-09T06:00');
  });

  it('a time skipped by the change moves forward (02:30 → 03:30)', () => {
    const skipped = block({
      rrule: 'RRULE:FREQ=WEEKLY;BYDAY=SU',
      startsAt: Date.UTC(2025, 2, 2, 7, 30), // Sunday 02:30 EST
      endsAt: Date.UTC(2025, 2, 2, 8, 30),
    });
    expect(expand([skipped], '2025-03-09T00:00:00Z', '2025-03-10T00:00:00Z')).toEqual([
      '2025-03-09T07:30/2025-03-09T08:30',
    ]);
  });

  it('nothing before the first occurrence', () => {
    expect(expand([block()], '2025-02-24T00:00:00Z', '2025-03-04T00:00:00Z')).toEqual([
      '2025-03-03T14:00/2025-03-03T15:00',
    ]);
  });

  it('includes an occurrence that started before the window', () => {
    expect(expand([block()], '2025-03-03T14:30:00Z', '2025-03-03T14:45:00Z')).toEqual([
      '2025-03-03T14:00/2025-03-03T15:00',
    ]);
  });

  it('UNTIL, COUNT, INTERVAL, WKST and EXDATE', () => {
    const from = '2025-03-01T00:00:00Z';
    const to = '2025-04-01T00:00:00Z';
    const mondays = (rrule: string) => expand([block({ rrule })], from, to).map((s) => s.slice(5, 10));
    expect(mondays('RRULE:FREQ=WEEKLY;BYDAY=MO;UNTIL=20250317T140000Z')).toEqual(['03-03', '03-10', '03-17']);
    expect(mondays('RRULE:FREQ=WEEKLY;BYDAY=MO;UNTIL=20250316')).toEqual(['03-03', '03-10']);
    expect(mondays('RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=2')).toEqual(['03-03', '03-10']);
    expect(mondays('RRULE:FREQ=WEEKLY;BYDAY=MO;INTERVAL=2')).toEqual(['03-03', '03-17', '03-31']);
    expect(mondays('RRULE:FREQ=WEEKLY;BYDAY=MO,WE;INTERVAL=2;COUNT=3')).toEqual(['03-03', '03-05', '03-17']);
    expect(mondays('RRULE:FREQ=WEEKLY;BYDAY=MO\nEXDATE;TZID=America/New_York:20250310T090000')).toEqual([
      '03-03',
      '03-17',
      '03-24',
      '03-31',
    ]);
    expect(mondays('FREQ=WEEKLY')).toEqual(['03-03', '03-10', '03-17', '03-24', '03-31']);
    expect(mondays('')).toEqual(['03-03', '03-10', '03-17', '03-24', '03-31']);
  });

  it('other rules go through the rrule library (daily, monthly by position)', () => {
    const daily = expand(
      [block({ rrule: 'RRULE:FREQ=DAILY;COUNT=3' })],
      '2025-03-01T00:00:00Z',
      '2025-04-01T00:00:00Z',
    );
    expect(daily).toEqual([
      '2025-03-03T14:00/2025-03-03T15:00',
      '2025-03-04T14:00/2025-03-04T15:00',
      '2025-03-05T14:00/2025-03-05T15:00',
    ]);
    const firstMonday = expand(
      [block({ rrule: 'RRULE:FREQ=MONTHLY;BYDAY=1MO' })],
      '2025-03-01T00:00:00Z',
      '2025-05-01T00:00:00Z',
    );
    // April 7th is after the March change: 13:00 UTC.
    expect(firstMonday).toEqual(['2025-03-03T14:00/2025-03-03T15:00', '2025-04-07T13:00/2025-04-07T14:00']);
  });

  it('a single (non-recurring) block', () => {
    const once = block({ recurring: false });
    expect(expand([once], '2025-03-01T00:00:00Z', '2025-04-01T00:00:00Z')).toEqual([
      '2025-03-03T14:00/2025-03-03T15:00',
    ]);
    expect(expand([once], '2025-03-04T00:00:00Z', '2025-04-01T00:00:00Z')).toEqual([]);
  });

  it("a block without a zone uses the window's zone", () => {
    const noZone = block({ timeZone: null });
    const [inParis] = expandWellnessBlockOccurrences([noZone], {
      from: '2025-03-10T00:00:00Z',
      to: '2025-03-11T00:00:00Z',
      timeZone: 'Europe/Paris',
    });
    // First occurrence 14:00 UTC = 15:00 in Paris: every occurrence is at 15:00 Paris time.
    expect(inParis && iso(inParis.start)).toBe('2025-03-10T14:00');
  });

  it('ignores broken blocks and windows', () => {
    expect(
      expand([block({ endsAt: Date.UTC(2025, 2, 3, 13) })], '2025-03-01T00:00:00Z', '2025-04-01T00:00:00Z'),
    ).toEqual([]);
    expect(expand([block({ startsAt: 'nonsense' })], '2025-03-01T00:00:00Z', '2025-04-01T00:00:00Z')).toEqual(
      [],
    );
    expect(expand([block()], '2025-04-01T00:00:00Z', '2025-03-01T00:00:00Z')).toEqual([]);
    expect(
      expand(
        [block({ rrule: 'RRULE:FREQ=YEARLY;BYWEEKNO=99;BYDAY=XX' })],
        '2025-03-01T00:00:00Z',
        '2025-04-01T00:00:00Z',
      ),
    ).toBeInstanceOf(Array);
  });

  it('returns the same result from its caches', () => {
    const blocks = [
      block(),
      block({
        id: 'b2',
        label: 'Lunch',
        category: 'life',
        startsAt: Date.UTC(2025, 2, 3, 17),
        endsAt: Date.UTC(2025, 2, 3, 18),
      }),
    ];
    const first = expandWellnessBlockOccurrences(blocks, {
      from: '2025-03-01T00:00:00Z',
      to: '2025-06-01T00:00:00Z',
    });
    const second = expandWellnessBlockOccurrences(blocks, {
      from: '2025-03-01T00:00:00Z',
      to: '2025-06-01T00:00:00Z',
    });
    expect(second).toEqual(first);
    expect(first.filter((o) => o.category === 'life')).toHaveLength(first.length / 2);
    // A changed label is a different block.
    const renamed = expandWellnessBlockOccurrences([block({ label: 'Writing' })], {
      from: '2025-03-03T00:00:00Z',
      to: '2025-03-04T00:00:00Z',
    });
    expect(renamed[0]?.label).toBe('Writing');
  });

  it('property: every occurrence has the local times of the first one, in New York and Paris', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('America/New_York', 'Europe/Paris', 'Asia/Tokyo', 'Australia/Sydney'),
        fc.integer({ min: 0, max: 23 * 4 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 400 }),
        (zone, quarter, length, dayOffset) => {
          const start = Date.UTC(2025, 0, 6) + quarter * 15 * MIN;
          const zoned = block({
            timeZone: zone,
            startsAt: start,
            endsAt: start + length * 15 * MIN,
            rrule: 'RRULE:FREQ=WEEKLY;BYDAY=MO,TH',
          });
          const from = Date.UTC(2025, 0, 1) + dayOffset * 86_400_000;
          const occurrences = expandWellnessBlockOccurrences([zoned], { from, to: from + 14 * 86_400_000 });
          const wallStart = utcToWall(zone, start) % 86_400_000;
          return occurrences.every((o) => {
            const w = utcToWall(zone, o.start) % 86_400_000;
            // Equal, or moved forward by a skipped hour.
            return w === wallStart || w === wallStart + HOUR;
          });
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('findBlockConflicts', () => {
  const occurrences = expandWellnessBlockOccurrences([block()], {
    from: '2025-03-01T00:00:00Z',
    to: '2025-04-01T00:00:00Z',
  });
  const index = indexBlockOccurrences(occurrences);
  const at = (s: string, minutes: number) => [Date.parse(s), Date.parse(s) + minutes * MIN] as const;

  it.each([
    ['2025-03-10T13:30:00Z', 60, 1],
    ['2025-03-10T12:00:00Z', 60, 0],
    ['2025-03-10T12:59:00Z', 2, 0],
    ['2025-03-10T12:58:00Z', 4, 1],
    ['2025-03-08T13:00:00Z', 600, 0],
    ['2025-03-10T00:00:00Z', 60 * 24 * 2, 2],
  ])('%s for %i minutes → %i', (start, minutes, count) => {
    const [s, e] = at(start, minutes);
    expect(findBlockConflicts(index, s, e)?.length ?? 0).toBe(count);
  });

  it('skips the excluded block', () => {
    const [s, e] = at('2025-03-10T13:30:00Z', 60);
    expect(findBlockConflicts(index, s, e, 'b1')).toBeNull();
  });

  it('indexes each array once', () => {
    expect(indexBlockOccurrences(occurrences)).toBe(index);
  });

  it('names the same blocks in the same order whatever order the blocks were listed in', () => {
    const occurrence = fc.record({
      blockId: fc.constantFrom('b1', 'b2', 'b3', 'b4'),
      label: fc.constantFrom('Lunch', 'Focus', 'Gym', 'focus'),
      start: fc.integer({ min: 0, max: 3 }),
      hours: fc.integer({ min: 1, max: 3 }),
    });
    fc.assert(
      fc.property(fc.array(occurrence, { minLength: 1, maxLength: 12 }), (rows) => {
        const listed = rows.map((r) => ({
          ...occurrences[0]!,
          blockId: r.blockId,
          label: r.label,
          start: Date.parse('2025-03-10T08:00:00Z') + r.start * HOUR,
          end: Date.parse('2025-03-10T08:00:00Z') + (r.start + r.hours) * HOUR,
        }));
        const [s, e] = at('2025-03-10T08:00:00Z', 6 * 60);
        const named = (list: typeof listed) =>
          findBlockConflicts(indexBlockOccurrences(list), s, e)?.map((o) => `${o.blockId}:${o.label}`);
        expect(named([...listed].reverse())).toEqual(named(listed));
      }),
      { numRuns: 200 },
    );
  });
});

describe('block times and schedules', () => {
  it('reads weekdays and local minutes of a stored block', () => {
    expect(wellnessBlockTimes(block())).toEqual({
      weekdays: [1, 2, 3, 4, 5],
      startMinute: 540,
      endMinute: 600,
      timeZone: 'America/New_York',
    });
  });

  it('builds rrules Monday first', () => {
    expect(buildWeeklyRRule([0, 3, 1, 1, 9])).toBe('RRULE:FREQ=WEEKLY;BYDAY=MO,WE,SU');
  });

  it('schedules the first occurrence on or after a date', () => {
    const s = wellnessBlockSchedule({
      weekdays: [3],
      startMinute: 780,
      endMinute: 840,
      timeZone: 'Europe/Paris',
      fromDate: '2025-03-28',
    });
    expect(s && [s.rrule, s.startsAt.toISOString(), s.endsAt.toISOString()]).toEqual([
      'RRULE:FREQ=WEEKLY;BYDAY=WE',
      '2025-04-02T11:00:00.000Z',
      '2025-04-02T12:00:00.000Z',
    ]);
    expect(
      wellnessBlockSchedule({
        weekdays: [],
        startMinute: 1,
        endMinute: 2,
        timeZone: 'UTC',
        fromDate: '2025-03-28',
      }),
    ).toBeNull();
  });
});

describe('seriesBlockShape', () => {
  // Monday 7 January 2030 onwards; 12:30–13:30 in Paris is 11:30–12:30 UTC in winter.
  const lunch = (id: string, day: number, hourUtc = 11) => ({
    id,
    startsAt: Date.UTC(2030, 0, day, hourUtc, 30),
    endsAt: Date.UTC(2030, 0, day, hourUtc + 1, 30),
  });
  const weekOfLunches = [7, 8, 9, 10, 11].map((day) => lunch(`d${day}`, day));

  it('a Monday-to-Friday lunch clicked on Tuesday is a block every weekday from Monday', () => {
    const moved = lunch('moved', 16, 13);
    const shape = seriesBlockShape(weekOfLunches[1]!, [...weekOfLunches, moved], 'Europe/Paris');
    expect(shape.weekdays).toEqual([1, 2, 3, 4, 5]);
    expect(buildWeeklyRRule(shape.weekdays)).toBe('RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR');
    expect(shape.coveredIds).toEqual(['d7', 'd8', 'd9', 'd10', 'd11']);
    expect(shape.startsAt).toBe(weekOfLunches[0]!.startsAt);
  });

  it('weekdays are local: a late evening series in Los Angeles stays on its local day', () => {
    // 18:00 Monday in Los Angeles is 02:00 Tuesday UTC.
    const gym = { id: 'g', startsAt: Date.UTC(2030, 0, 8, 2), endsAt: Date.UTC(2030, 0, 8, 3) };
    expect(seriesBlockShape(gym, [], 'America/Los_Angeles').weekdays).toEqual([1]);
  });

  it('always covers the chosen occurrence, and covers only occurrences at its local times', () => {
    const occurrence = fc.record({
      day: fc.integer({ min: 1, max: 60 }),
      hour: fc.integer({ min: 0, max: 22 }),
      minutes: fc.constantFrom(30, 60, 90),
    });
    fc.assert(
      fc.property(occurrence, fc.array(occurrence, { maxLength: 12 }), (chosenSpec, others) => {
        const toSeries = (o: { day: number; hour: number; minutes: number }, id: string) => ({
          id,
          startsAt: Date.UTC(2030, 0, o.day, o.hour),
          endsAt: Date.UTC(2030, 0, o.day, o.hour) + o.minutes * MIN,
        });
        const chosen = toSeries(chosenSpec, 'chosen');
        const all = others.map((o, i) => toSeries(o, `o${i}`));
        const shape = seriesBlockShape(chosen, all, 'UTC');
        expect(shape.coveredIds).toContain('chosen');
        expect(shape.weekdays).toContain(new Date(chosen.startsAt).getUTCDay());
        for (const o of all) {
          const sameTimes =
            new Date(o.startsAt).getUTCHours() === chosenSpec.hour &&
            o.endsAt - o.startsAt === chosen.endsAt - chosen.startsAt;
          expect(shape.coveredIds.includes(o.id)).toBe(sameTimes);
        }
        expect(shape.startsAt).toBeLessThanOrEqual(chosen.startsAt);
      }),
    );
  });
});
