import { localEpochDay, localMinuteOfDay, weekdayOfEpochDay } from '@meetwell/domain';
import { describe, expect, it } from 'vitest';
import { previousWeek, slotAt, TIP_SLOT, WEEKLY_REPORT_SLOT, zonesInSlot } from './schedule';

const AUCKLAND = 'Pacific/Auckland';
const LOS_ANGELES = 'America/Los_Angeles';
const HOUR = 3_600_000;

describe('the weekly report slot: Monday 07:xx in the person’s zone', () => {
  it.each([
    // Auckland in summer time (+13): Monday 07:05 is Sunday 18:05 UTC.
    { at: '2026-03-08T18:05:00Z', zone: AUCKLAND, weekStart: '2026-03-09' },
    { at: '2026-03-08T18:59:00Z', zone: AUCKLAND, weekStart: '2026-03-09' },
    { at: '2026-03-08T17:05:00Z', zone: AUCKLAND, weekStart: null },
    { at: '2026-03-08T19:05:00Z', zone: AUCKLAND, weekStart: null },
    // Los Angeles, the Monday after clocks went forward (PDT, -7): 07:05 is 14:05 UTC…
    { at: '2026-03-09T14:05:00Z', zone: LOS_ANGELES, weekStart: '2026-03-09' },
    { at: '2026-03-09T15:05:00Z', zone: LOS_ANGELES, weekStart: null },
    { at: '2026-03-09T13:05:00Z', zone: LOS_ANGELES, weekStart: null },
    // …and the Monday before, still in PST (-8): 15:05 UTC.
    { at: '2026-03-02T15:05:00Z', zone: LOS_ANGELES, weekStart: '2026-03-02' },
    { at: '2026-03-02T14:05:00Z', zone: LOS_ANGELES, weekStart: null },
    // Auckland the Monday after summer time ended (Sunday 5 April 2026, back to +12): 19:05 UTC.
    { at: '2026-04-05T19:05:00Z', zone: AUCKLAND, weekStart: '2026-04-06' },
    { at: '2026-04-05T18:05:00Z', zone: AUCKLAND, weekStart: null },
    // A zone the runtime does not know is timed as UTC.
    { at: '2026-03-09T07:05:00Z', zone: 'Not/AZone', weekStart: '2026-03-09' },
    { at: '2026-03-09T07:05:00Z', zone: 'UTC', weekStart: '2026-03-09' },
    { at: '2026-03-09T07:05:00Z', zone: 'Asia/Kolkata', weekStart: null },
    // +05:30: Monday 07:35 is 02:05 UTC.
    { at: '2026-03-09T02:05:00Z', zone: 'Asia/Kolkata', weekStart: '2026-03-09' },
  ])('$at in $zone → $weekStart', ({ at, zone, weekStart }) => {
    expect(slotAt(new Date(at), zone, WEEKLY_REPORT_SLOT)?.weekStart ?? null).toBe(weekStart);
  });

  it('gives the instant the local hour began, across a clock change', () => {
    expect(slotAt(new Date('2026-03-09T14:40:00Z'), LOS_ANGELES, WEEKLY_REPORT_SLOT)?.slotStart).toEqual(
      new Date('2026-03-09T14:00:00Z'),
    );
    expect(slotAt(new Date('2026-03-02T15:40:00Z'), LOS_ANGELES, WEEKLY_REPORT_SLOT)?.slotStart).toEqual(
      new Date('2026-03-02T15:00:00Z'),
    );
  });

  it('reports on the Monday–Sunday week before, the one that holds the clock change', () => {
    const hit = slotAt(new Date('2026-03-09T14:05:00Z'), LOS_ANGELES, WEEKLY_REPORT_SLOT)!;
    expect(previousWeek(hit.today)).toEqual({ start: '2026-03-02', end: '2026-03-08' });
    expect(previousWeek('2026-01-05')).toEqual({ start: '2025-12-29', end: '2026-01-04' });
  });

  it('picks only the zones at Monday 07:xx', () => {
    const zones = [AUCKLAND, LOS_ANGELES, 'Europe/Paris', 'Not/AZone'];
    expect(zonesInSlot(zones, new Date('2026-03-08T18:05:00Z'), WEEKLY_REPORT_SLOT)).toEqual([AUCKLAND]);
    expect(zonesInSlot(zones, new Date('2026-03-09T14:05:00Z'), WEEKLY_REPORT_SLOT)).toEqual([LOS_ANGELES]);
    expect(zonesInSlot(zones, new Date('2026-03-09T07:05:00Z'), WEEKLY_REPORT_SLOT)).toEqual(['Not/AZone']);
  });
});

describe('an hourly sweep picks each zone once a week', () => {
  const zones = [
    AUCKLAND,
    LOS_ANGELES,
    'Europe/London',
    'Asia/Kolkata',
    'Asia/Kathmandu',
    'Pacific/Chatham',
    'Australia/Lord_Howe',
    'UTC',
  ];

  it.each([
    { slot: WEEKLY_REPORT_SLOT, name: 'Monday' },
    { slot: TIP_SLOT, name: 'Thursday' },
  ])('on $name at 07:xx, every week of a year with all its clock changes', ({ slot }) => {
    const start = Date.parse('2026-01-05T00:05:00Z');
    const end = Date.parse('2027-01-04T00:05:00Z');
    for (const zone of zones) {
      const weeks: string[] = [];
      for (let t = start; t < end; t += HOUR) {
        const hit = slotAt(new Date(t), zone, slot);
        if (!hit) continue;
        const day = localEpochDay(zone, t);
        expect(weekdayOfEpochDay(day) || 7).toBe(slot.weekday);
        expect(Math.floor(localMinuteOfDay(zone, t) / 60)).toBe(7);
        weeks.push(hit.weekStart);
      }
      // 52 weeks, each once, none skipped.
      expect(new Set(weeks).size).toBe(weeks.length);
      expect(weeks.length).toBe(52);
      for (let i = 1; i < weeks.length; i++) {
        expect(Date.parse(weeks[i]!) - Date.parse(weeks[i - 1]!)).toBe(7 * 24 * HOUR);
      }
    }
  });
});
