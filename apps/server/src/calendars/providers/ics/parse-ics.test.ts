import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CalendarEvent } from '../../types';
import { type ParseIcsOptions, parseIcs } from './parse-ics';

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, '__fixtures__', name));

const YEAR_2024: ParseIcsOptions = {
  window: { from: new Date('2024-01-01T00:00:00Z'), to: new Date('2025-01-01T00:00:00Z') },
  ownerEmail: 'alex@northwind.example',
  defaultTimeZone: 'UTC',
};

/** [providerEventId, startsAt, endsAt, status] sorted by start, the shape every trap is checked in. */
function rows(events: CalendarEvent[]) {
  return [...events]
    .sort(
      (a, b) =>
        a.startsAt.getTime() - b.startsAt.getTime() || a.providerEventId.localeCompare(b.providerEventId),
    )
    .map((e) => [e.providerEventId, e.startsAt.toISOString(), e.endsAt.toISOString(), e.status]);
}

function parse(name: string, options: Partial<ParseIcsOptions> = {}) {
  return parseIcs(fixture(name), { ...YEAR_2024, ...options });
}

describe('parseIcs: the same UID several times', () => {
  it('keeps the highest SEQUENCE, then the latest LAST-MODIFIED', () => {
    const { events, problems } = parse('google-duplicate-uid.ics');
    expect(problems).toEqual([]);
    expect(rows(events)).toEqual([
      ['dup-1@google.com', '2024-04-15T10:00:00.000Z', '2024-04-15T11:00:00.000Z', 'confirmed'],
      ['dup-2@google.com', '2024-04-16T14:00:00.000Z', '2024-04-16T15:00:00.000Z', 'confirmed'],
    ]);
    expect(events.map((e) => e.summary).sort()).toEqual(['Planning (v2)', 'Retro (newer)']);
    expect(events.find((e) => e.providerEventId === 'dup-1@google.com')?.sequence).toBe(2);
  });
});

describe('parseIcs: recurrence', () => {
  const OUTLOOK_UID =
    '040000008200E00074C5B7101A82E00800000000A0B1C2D3E4F5D901000000000000000010000000F1E2D3C4B5A69788';

  it('applies overrides listed before their master (Exchange, Windows zone with VTIMEZONE, UNTIL, EXDATE)', () => {
    const { events, problems } = parse('outlook-overrides-before-master.ics');
    expect(problems).toEqual([]);
    expect(rows(events)).toEqual([
      [
        `${OUTLOOK_UID}::2024-03-13T09:00:00.000Z`,
        '2024-03-13T09:00:00.000Z',
        '2024-03-13T09:30:00.000Z',
        'confirmed',
      ],
      [
        `${OUTLOOK_UID}::2024-03-20T09:00:00.000Z`,
        '2024-03-20T09:00:00.000Z',
        '2024-03-20T09:30:00.000Z',
        'confirmed',
      ],
      [
        `${OUTLOOK_UID}::2024-03-27T09:00:00.000Z`,
        '2024-03-27T14:00:00.000Z',
        '2024-03-27T14:30:00.000Z',
        'confirmed',
      ],
      // After the switch to summer time the series stays at 10:00 Berlin; 04-03 is excluded.
      [
        `${OUTLOOK_UID}::2024-04-10T08:00:00.000Z`,
        '2024-04-10T08:00:00.000Z',
        '2024-04-10T08:30:00.000Z',
        'confirmed',
      ],
    ]);
    const moved = events.find((e) => e.providerEventId.endsWith('2024-03-27T09:00:00.000Z'))!;
    expect(moved.summary).toBe('Team standup (moved)');
    expect(moved.recurringEventId).toBe(OUTLOOK_UID);
    expect(moved.originalStartsAt?.toISOString()).toBe('2024-03-27T09:00:00.000Z');
    expect(moved.attendees.find((a) => a.self)?.responseStatus).toBe('accepted');
    expect(moved.conferenceUrl).toMatch(/^https:\/\/teams\.microsoft\.com\/l\/meetup-join\//);
    const regular = events.find((e) => e.providerEventId.endsWith('2024-03-13T09:00:00.000Z'))!;
    expect(regular.attendees.map((a) => [a.email, a.optional, a.responseStatus])).toEqual([
      ['alex@northwind.example', false, 'needsAction'],
      ['sam@northwind.example', true, 'needsAction'],
    ]);
  });

  it('imports an orphan override (RECURRENCE-ID without its master) as one event', () => {
    const { events, problems } = parse('google-orphan-override.ics');
    expect(problems).toEqual([]);
    const id = '7kukuqrfedlm2f9t0vpm1jhf2q@google.com';
    expect(rows(events)).toEqual([
      [
        `${id}::2024-05-06T14:00:00.000Z`,
        '2024-05-06T15:00:00.000Z',
        '2024-05-06T16:00:00.000Z',
        'confirmed',
      ],
    ]);
    expect(events[0]!.recurringEventId).toBe(id);
    expect(events[0]!.originalStartsAt?.toISOString()).toBe('2024-05-06T14:00:00.000Z');
  });

  it("puts an override whose RECURRENCE-ID names no occurrence in place of that day's occurrence", () => {
    const ics = (recurrenceId: string, range = '') =>
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'BEGIN:VEVENT',
        'UID:orphan-1',
        'DTSTART;TZID=Europe/Berlin:20240603T100000',
        'DTEND;TZID=Europe/Berlin:20240603T110000',
        'RRULE:FREQ=WEEKLY;COUNT=3',
        'SUMMARY:Weekly',
        'END:VEVENT',
        'BEGIN:VEVENT',
        'UID:orphan-1',
        // The series started at 9:30 when this occurrence was moved; it has moved to 10:00 since.
        `RECURRENCE-ID;TZID=Europe/Berlin${range}:${recurrenceId}`,
        'DTSTART;TZID=Europe/Berlin:20240610T150000',
        'DTEND;TZID=Europe/Berlin:20240610T160000',
        'SUMMARY:Weekly (moved)',
        'END:VEVENT',
        'END:VCALENDAR',
      ].join('\r\n');
    const { events, problems } = parseIcs(Buffer.from(ics('20240610T093000')), YEAR_2024);
    expect(rows(events)).toEqual([
      [
        'orphan-1::2024-06-03T08:00:00.000Z',
        '2024-06-03T08:00:00.000Z',
        '2024-06-03T09:00:00.000Z',
        'confirmed',
      ],
      [
        'orphan-1::2024-06-10T08:00:00.000Z',
        '2024-06-10T13:00:00.000Z',
        '2024-06-10T14:00:00.000Z',
        'confirmed',
      ],
      [
        'orphan-1::2024-06-17T08:00:00.000Z',
        '2024-06-17T08:00:00.000Z',
        '2024-06-17T09:00:00.000Z',
        'confirmed',
      ],
    ]);
    expect(events.find((e) => e.startsAt.toISOString() === '2024-06-10T13:00:00.000Z')?.summary).toBe(
      'Weekly (moved)',
    );
    expect(problems).toEqual([
      expect.objectContaining({
        uid: 'orphan-1',
        message: expect.stringContaining(
          'names no occurrence of its series: it replaces the one of 2024-06-10',
        ),
      }),
    ]);

    // RANGE=THISANDFUTURE from an unmatched start: that day's occurrence and the later ones move, once each.
    const range = parseIcs(Buffer.from(ics('20240610T093000', ';RANGE=THISANDFUTURE')), YEAR_2024);
    expect(rows(range.events).map((r) => r[1])).toEqual([
      '2024-06-03T08:00:00.000Z',
      '2024-06-10T13:00:00.000Z',
      '2024-06-17T13:00:00.000Z',
    ]);

    // No occurrence that day: the override stands on its own, as before.
    const alone = parseIcs(Buffer.from(ics('20240611T100000')), YEAR_2024);
    expect(rows(alone.events).map((r) => r[1])).toEqual([
      '2024-06-03T08:00:00.000Z',
      '2024-06-10T08:00:00.000Z',
      '2024-06-10T13:00:00.000Z',
      '2024-06-17T08:00:00.000Z',
    ]);
  });

  it('applies RANGE=THISANDFUTURE to that occurrence and every later one (Apple)', () => {
    const { events, problems } = parse('apple-thisandfuture.ics');
    expect(problems).toEqual([]);
    const id = '5B3F1C2E-8D7A-4F0B-9C1D-2E3F4A5B6C7D';
    expect(rows(events)).toEqual([
      [
        `${id}::2024-06-03T07:00:00.000Z`,
        '2024-06-03T07:00:00.000Z',
        '2024-06-03T07:30:00.000Z',
        'confirmed',
      ],
      [
        `${id}::2024-06-04T07:00:00.000Z`,
        '2024-06-04T07:00:00.000Z',
        '2024-06-04T07:30:00.000Z',
        'confirmed',
      ],
      [
        `${id}::2024-06-05T07:00:00.000Z`,
        '2024-06-05T07:00:00.000Z',
        '2024-06-05T07:30:00.000Z',
        'confirmed',
      ],
      [
        `${id}::2024-06-06T07:00:00.000Z`,
        '2024-06-06T09:00:00.000Z',
        '2024-06-06T10:00:00.000Z',
        'confirmed',
      ],
      [
        `${id}::2024-06-07T07:00:00.000Z`,
        '2024-06-07T09:00:00.000Z',
        '2024-06-07T10:00:00.000Z',
        'confirmed',
      ],
      [
        `${id}::2024-06-08T07:00:00.000Z`,
        '2024-06-08T09:00:00.000Z',
        '2024-06-08T10:00:00.000Z',
        'confirmed',
      ],
    ]);
    expect(events.filter((e) => e.summary === 'Daily sync (later)')).toHaveLength(3);
  });

  it('matches EXDATEs written in another zone, in UTC, or as dates on a date-time series (Nextcloud)', () => {
    const { events, problems } = parse('nextcloud-exdate-zones.ics');
    expect(problems).toEqual([]);
    const id = '0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0';
    expect(rows(events)).toEqual([
      [
        `${id}::2024-09-02T13:00:00.000Z`,
        '2024-09-02T13:00:00.000Z',
        '2024-09-02T14:00:00.000Z',
        'confirmed',
      ],
      [
        `${id}::2024-09-05T13:00:00.000Z`,
        '2024-09-05T13:00:00.000Z',
        '2024-09-05T14:00:00.000Z',
        'confirmed',
      ],
    ]);
  });

  it('unites several RRULEs, across the end of summer time', () => {
    const { events, problems } = parse('nextcloud-multiple-rrules.ics');
    expect(problems).toEqual([]);
    const id = 'multi-rrule-6c1f@nextcloud.example';
    expect(rows(events)).toEqual([
      [
        `${id}::2024-10-07T14:00:00.000Z`,
        '2024-10-07T14:00:00.000Z',
        '2024-10-07T14:30:00.000Z',
        'confirmed',
      ],
      [
        `${id}::2024-10-14T14:00:00.000Z`,
        '2024-10-14T14:00:00.000Z',
        '2024-10-14T14:30:00.000Z',
        'confirmed',
      ],
      [
        `${id}::2024-10-15T14:00:00.000Z`,
        '2024-10-15T14:00:00.000Z',
        '2024-10-15T14:30:00.000Z',
        'confirmed',
      ],
      [
        `${id}::2024-10-21T14:00:00.000Z`,
        '2024-10-21T14:00:00.000Z',
        '2024-10-21T14:30:00.000Z',
        'confirmed',
      ],
      [
        `${id}::2024-11-15T15:00:00.000Z`,
        '2024-11-15T15:00:00.000Z',
        '2024-11-15T15:30:00.000Z',
        'confirmed',
      ],
    ]);
  });

  it('adds RDATEs, with PERIOD values keeping their own end or duration (Thunderbird)', () => {
    const { events, problems } = parse('rdate-periods.ics');
    expect(problems).toEqual([]);
    const id = 'rdate-7f3a9c@thunderbird.example';
    expect(rows(events)).toEqual([
      [
        `${id}::2024-11-04T15:00:00.000Z`,
        '2024-11-04T15:00:00.000Z',
        '2024-11-04T16:00:00.000Z',
        'confirmed',
      ],
      [
        `${id}::2024-11-06T15:00:00.000Z`,
        '2024-11-06T15:00:00.000Z',
        '2024-11-06T17:30:00.000Z',
        'confirmed',
      ],
      [
        `${id}::2024-11-08T09:00:00.000Z`,
        '2024-11-08T09:00:00.000Z',
        '2024-11-08T09:45:00.000Z',
        'confirmed',
      ],
      [
        `${id}::2024-11-11T09:00:00.000Z`,
        '2024-11-11T09:00:00.000Z',
        '2024-11-11T10:00:00.000Z',
        'confirmed',
      ],
    ]);
  });

  it('counts RDATEs in the cap of occurrences per series, alone and beside an RRULE', () => {
    const hourly = (count: number, from: string) =>
      Array.from({ length: count }, (_, i) =>
        new Date(Date.parse(from) + i * 3_600_000).toISOString().replace(/[-:]/g, '').replace(/\.\d+/, ''),
      );
    const ics = [
      'BEGIN:VCALENDAR',
      'BEGIN:VEVENT',
      'UID:rdates',
      'SUMMARY:Listed',
      'DTSTART:20240101T000000Z',
      'DURATION:PT15M',
      // 200,000 values in one property, as a hostile or broken export writes them (most fall in the window).
      `RDATE:${hourly(200_000, '2024-01-01T01:00:00Z').join(',')}`,
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:both',
      'SUMMARY:Both',
      'DTSTART:20240101T120000Z',
      'DURATION:PT15M',
      'RRULE:FREQ=DAILY',
      `RDATE:${hourly(1_800, '2024-06-01T00:30:00Z').join(',')}`,
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    const { events, problems } = parseIcs(ics, YEAR_2024);
    const listed = events.filter((e) => e.recurringEventId === 'rdates');
    const both = events.filter((e) => e.recurringEventId === 'both');
    expect(listed).toHaveLength(2_000);
    expect(both).toHaveLength(2_000);
    // The earliest are kept: every daily occurrence before June, then the listed times.
    const bothStarts = both.map((e) => e.startsAt.getTime()).sort((a, b) => a - b);
    expect(new Date(bothStarts[0]!).toISOString()).toBe('2024-01-01T12:00:00.000Z');
    expect(bothStarts.filter((t) => t < Date.parse('2024-06-01T00:00:00Z'))).toHaveLength(152);
    expect(problems.filter((p) => p.message.includes('repeats more than 2,000 times'))).toEqual([
      expect.objectContaining({ uid: 'rdates', message: expect.stringContaining('"Listed"') }),
      expect.objectContaining({ uid: 'both', message: expect.stringContaining('"Both"') }),
    ]);
  });

  it('expands only the window, and a DAILY series begun decades ago quickly', () => {
    const ics = [
      'BEGIN:VCALENDAR',
      'BEGIN:VEVENT',
      'UID:old-daily',
      'DTSTART;TZID=Europe/Berlin:19900101T090000',
      'DURATION:PT15M',
      'RRULE:FREQ=DAILY',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:old-minutely',
      'DTSTART:19900101T000000Z',
      'RRULE:FREQ=MINUTELY;INTERVAL=30',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    const started = performance.now();
    const { events, problems } = parseIcs(ics, {
      ...YEAR_2024,
      window: { from: new Date('2024-03-30T00:00:00Z'), to: new Date('2024-04-02T00:00:00Z') },
    });
    expect(performance.now() - started).toBeLessThan(2000);
    expect(problems).toEqual([]);
    expect(rows(events.filter((e) => e.recurringEventId === 'old-daily'))).toEqual([
      [
        'old-daily::2024-03-30T08:00:00.000Z',
        '2024-03-30T08:00:00.000Z',
        '2024-03-30T08:15:00.000Z',
        'confirmed',
      ],
      [
        'old-daily::2024-03-31T07:00:00.000Z',
        '2024-03-31T07:00:00.000Z',
        '2024-03-31T07:15:00.000Z',
        'confirmed',
      ],
      [
        'old-daily::2024-04-01T07:00:00.000Z',
        '2024-04-01T07:00:00.000Z',
        '2024-04-01T07:15:00.000Z',
        'confirmed',
      ],
    ]);
    expect(events.filter((e) => e.recurringEventId === 'old-minutely')).toHaveLength(3 * 48);
  });
});

describe('parseIcs: time zones', () => {
  it('reads Windows zone names without a VTIMEZONE, mozilla-prefixed ids and custom VTIMEZONEs (Outlook)', () => {
    const { events, problems } = parse('outlook-windows-zones.ics');
    expect(problems).toEqual([]);
    expect(rows(events)).toEqual([
      ['win-ist-002', '2024-07-10T03:30:00.000Z', '2024-07-10T04:30:00.000Z', 'confirmed'],
      ['custom-004', '2024-07-10T06:00:00.000Z', '2024-07-10T07:00:00.000Z', 'confirmed'],
      ['prefixed-003', '2024-07-10T07:00:00.000Z', '2024-07-10T08:00:00.000Z', 'confirmed'],
      ['win-pst-001', '2024-07-10T16:00:00.000Z', '2024-07-10T16:30:00.000Z', 'confirmed'],
    ]);
  });

  it('reads an unknown TZID in X-WR-TIMEZONE, and reports it', () => {
    const { events, problems } = parse('unknown-tzid.ics');
    expect(rows(events)).toEqual([
      ['unknown-tz-1', '2024-01-15T15:00:00.000Z', '2024-01-15T16:00:00.000Z', 'confirmed'],
    ]);
    expect(problems).toEqual([
      {
        line: 9,
        uid: 'unknown-tz-1',
        message: 'Unknown time zone "Mars/Olympus_Mons"; times in it are read in America/Chicago',
      },
    ]);
  });

  it('reads an unknown TZID in the default zone when there is no X-WR-TIMEZONE', () => {
    const text = fixture('unknown-tzid.ics').toString('utf8').replace('X-WR-TIMEZONE:America/Chicago\n', '');
    const { events, problems } = parseIcs(text, { ...YEAR_2024, defaultTimeZone: 'Asia/Tokyo' });
    expect(rows(events)).toEqual([
      ['unknown-tz-1', '2024-01-15T00:00:00.000Z', '2024-01-15T01:00:00.000Z', 'confirmed'],
    ]);
    expect(problems.map((p) => p.message)).toEqual([
      'Unknown time zone "Mars/Olympus_Mons"; times in it are read in Asia/Tokyo',
    ]);
  });

  it('reads floating times in X-WR-TIMEZONE, with its summer time', () => {
    const { events, problems } = parse('floating-x-wr-timezone.ics');
    expect(problems).toEqual([]);
    expect(rows(events)).toEqual([
      ['floating-winter', '2024-01-15T15:00:00.000Z', '2024-01-15T16:00:00.000Z', 'confirmed'],
      ['utc-event', '2024-07-15T09:00:00.000Z', '2024-07-15T10:00:00.000Z', 'confirmed'],
      ['floating-summer', '2024-07-15T14:00:00.000Z', '2024-07-15T15:00:00.000Z', 'confirmed'],
    ]);
  });

  it('keeps the wall clock of a floating time, which does not move with the reader’s zone', () => {
    const ics = [
      'BEGIN:VCALENDAR',
      'BEGIN:VEVENT',
      'UID:single',
      'DTSTART:20240115T100000',
      'DURATION:PT1H',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:weekly',
      'DTSTART:20240116T090000',
      'DURATION:PT30M',
      'RRULE:FREQ=WEEKLY;COUNT=2',
      'END:VEVENT',
      // The second occurrence moved to 14:00 in New York: its start is an instant, its identity floating.
      'BEGIN:VEVENT',
      'UID:weekly',
      'RECURRENCE-ID:20240123T090000',
      'DTSTART;TZID=America/New_York:20240123T140000',
      'DURATION:PT30M',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:zoned',
      'DTSTART;TZID=Europe/Berlin:20240117T100000',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:day',
      'DTSTART;VALUE=DATE:20240118',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    const read = (defaultTimeZone: string) =>
      parseIcs(ics, { ...YEAR_2024, defaultTimeZone })
        .events.sort((a, b) => a.providerEventId.localeCompare(b.providerEventId))
        .map((e) => [e.providerEventId, e.floatingStart, e.floatingOriginalStart]);
    const expected = [
      ['day', undefined, undefined],
      ['single', '2024-01-15T10:00:00', '2024-01-15T10:00:00'],
      ['weekly::2024-01-16T09:00:00', '2024-01-16T09:00:00', '2024-01-16T09:00:00'],
      ['weekly::2024-01-23T09:00:00', undefined, '2024-01-23T09:00:00'],
      ['zoned', undefined, undefined],
    ];
    expect(read('Europe/Berlin')).toEqual(expected);
    expect(read('Asia/Tokyo')).toEqual(expected);
  });

  it('moves non-existent local times forward and takes the first of ambiguous ones', () => {
    const { events, problems } = parse('dst-transitions.ics');
    expect(problems).toEqual([]);
    expect(rows(events)).toEqual([
      [
        'dst-daily@google.com::2024-03-30T01:30:00.000Z',
        '2024-03-30T01:30:00.000Z',
        '2024-03-30T02:00:00.000Z',
        'confirmed',
      ],
      // 02:30 on 31 March does not exist in Berlin: read with the winter offset, it is 03:30 summer time.
      [
        'dst-daily@google.com::2024-03-31T01:30:00.000Z',
        '2024-03-31T01:30:00.000Z',
        '2024-03-31T02:00:00.000Z',
        'confirmed',
      ],
      ['dst-gap@google.com', '2024-03-31T01:30:00.000Z', '2024-03-31T02:00:00.000Z', 'confirmed'],
      [
        'dst-daily@google.com::2024-04-01T00:30:00.000Z',
        '2024-04-01T00:30:00.000Z',
        '2024-04-01T01:00:00.000Z',
        'confirmed',
      ],
      // 02:30 on 27 October happens twice: the first (summer time) is taken; 03:30 is winter time.
      ['dst-ambiguous@google.com', '2024-10-27T00:30:00.000Z', '2024-10-27T02:30:00.000Z', 'confirmed'],
    ]);
  });
});

describe('parseIcs: cancellations', () => {
  it('applies an iTIP stream: CANCEL of one occurrence, of a whole event, REPLY ignored, a newer REQUEST reinstates', () => {
    const { events, problems } = parse('itip-stream.ics');
    expect(problems).toEqual([]);
    expect(rows(events)).toEqual([
      [
        'itip-1@example.com::2024-12-02T10:00:00.000Z',
        '2024-12-02T10:00:00.000Z',
        '2024-12-02T11:00:00.000Z',
        'confirmed',
      ],
      ['itip-2@example.com', '2024-12-03T15:00:00.000Z', '2024-12-03T16:00:00.000Z', 'cancelled'],
      ['itip-4@example.com', '2024-12-06T09:00:00.000Z', '2024-12-06T17:00:00.000Z', 'confirmed'],
      [
        'itip-1@example.com::2024-12-09T10:00:00.000Z',
        '2024-12-09T10:00:00.000Z',
        '2024-12-09T11:00:00.000Z',
        'cancelled',
      ],
      [
        'itip-1@example.com::2024-12-16T10:00:00.000Z',
        '2024-12-16T10:00:00.000Z',
        '2024-12-16T11:00:00.000Z',
        'confirmed',
      ],
    ]);
    expect(events.find((e) => e.providerEventId === 'itip-4@example.com')?.summary).toBe(
      'Offsite (rescheduled)',
    );
    // The cancelled occurrence keeps the series' content.
    expect(events.find((e) => e.providerEventId.endsWith('2024-12-09T10:00:00.000Z'))?.summary).toBe(
      'Design review',
    );
  });

  it('keeps STATUS:CANCELLED events and occurrences as cancelled', () => {
    const { events, problems } = parse('google-status-cancelled.ics');
    expect(problems).toEqual([]);
    expect(rows(events)).toEqual([
      ['cancelled-single@google.com', '2024-06-10T09:00:00.000Z', '2024-06-10T10:00:00.000Z', 'cancelled'],
      [
        'series-one-cancelled@google.com::2024-06-11T09:00:00.000Z',
        '2024-06-11T09:00:00.000Z',
        '2024-06-11T09:30:00.000Z',
        'confirmed',
      ],
      [
        'series-one-cancelled@google.com::2024-06-12T09:00:00.000Z',
        '2024-06-12T09:00:00.000Z',
        '2024-06-12T09:30:00.000Z',
        'cancelled',
      ],
      [
        'series-one-cancelled@google.com::2024-06-13T09:00:00.000Z',
        '2024-06-13T09:00:00.000Z',
        '2024-06-13T09:30:00.000Z',
        'confirmed',
      ],
    ]);
  });

  it('cancels every occurrence when the master is cancelled', () => {
    const text = fixture('google-status-cancelled.ics')
      .toString('utf8')
      .replace(
        'UID:series-one-cancelled@google.com\r\nSTATUS:CONFIRMED',
        'UID:series-one-cancelled@google.com\r\nSTATUS:CANCELLED',
      );
    const { events } = parseIcs(text, YEAR_2024);
    expect(events.filter((e) => e.recurringEventId).map((e) => e.status)).toEqual([
      'cancelled',
      'cancelled',
      'cancelled',
    ]);
  });
});

describe('parseIcs: all-day events', () => {
  it('reads dates as days of the default zone, DTEND exclusive, a missing DTEND as one day, ids by date', () => {
    const { events, problems } = parse('all-day.ics', { defaultTimeZone: 'America/New_York' });
    expect(problems).toEqual([]);
    expect(rows(events)).toEqual([
      ['allday-birthday::2024-03-15', '2024-03-15T04:00:00.000Z', '2024-03-16T04:00:00.000Z', 'confirmed'],
      ['allday-two-days', '2024-07-04T04:00:00.000Z', '2024-07-06T04:00:00.000Z', 'confirmed'],
      ['allday-no-end', '2024-07-10T04:00:00.000Z', '2024-07-11T04:00:00.000Z', 'confirmed'],
    ]);
    expect(events.every((e) => e.allDay)).toBe(true);
  });
});

describe('parseIcs: people and links', () => {
  it('maps ORGANIZER, ATTENDEE PARTSTAT/ROLE/CN, the owner, and leaves rooms out (Google)', () => {
    const { events, problems } = parse('google-attendees-conference.ics');
    expect(problems).toEqual([]);
    const event = events.find((e) => e.providerEventId === 'attendees-1@google.com')!;
    expect(event.organizer).toEqual({ email: 'jordan@northwind.example', name: 'Jordan Lee' });
    expect(event.attendees).toEqual([
      {
        email: 'jordan@northwind.example',
        name: 'Jordan Lee',
        optional: false,
        organizer: true,
        self: false,
        responseStatus: 'accepted',
        role: 'req-participant',
      },
      {
        email: 'alex@northwind.example',
        name: 'alex@northwind.example',
        optional: false,
        organizer: false,
        self: true,
        responseStatus: 'needsAction',
        role: 'req-participant',
      },
      {
        email: 'sam@northwind.example',
        name: 'Patel, Sam',
        optional: true,
        organizer: false,
        self: false,
        responseStatus: 'declined',
        role: 'opt-participant',
      },
      {
        email: 'riley@northwind.example',
        name: 'Riley Chen',
        optional: false,
        organizer: false,
        self: false,
        responseStatus: 'tentative',
        role: 'req-participant',
      },
    ]);
    expect(event.conferenceUrl).toBe('https://meet.google.com/abc-defg-hij');
    expect(event.description).toContain('Agenda:\n1. Roadmap\n2. Hiring');
    expect(event.createdAt?.toISOString()).toBe('2024-08-01T00:00:00.000Z');
    expect(event.updatedAt?.toISOString()).toBe('2024-08-15T00:00:00.000Z');
    expect(event.canEdit).toBe(false);
  });

  it('leaves out a Google room written as an individual, by its address', () => {
    const file = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'BEGIN:VEVENT',
      'UID:room-as-person',
      'DTSTART:20240610T090000Z',
      'DTEND:20240610T093000Z',
      'ORGANIZER:mailto:jordan@northwind.example',
      'ATTENDEE;CUTYPE=INDIVIDUAL;PARTSTAT=ACCEPTED:mailto:jordan@northwind.example',
      'ATTENDEE;CUTYPE=INDIVIDUAL;PARTSTAT=NEEDS-ACTION:mailto:alex@northwind.example',
      'ATTENDEE;CUTYPE=INDIVIDUAL;PARTSTAT=ACCEPTED;CN=Room 4.01:mailto:c_1889@resource.calendar.google.com',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    const [event] = parseIcs(Buffer.from(file), YEAR_2024).events;
    expect(event!.attendees.map((a) => a.email)).toEqual([
      'jordan@northwind.example',
      'alex@northwind.example',
    ]);
  });

  it('finds Teams, Zoom and whereby links in DESCRIPTION, LOCATION and URL; Apple EMAIL parameters', () => {
    const { events } = parse('google-attendees-conference.ics');
    const byId = new Map(events.map((e) => [e.providerEventId, e]));
    expect(byId.get('teams-in-description')?.conferenceUrl).toBe(
      'https://teams.microsoft.com/l/meetup-join/19%3ameeting_abc%40thread.v2/0',
    );
    expect(byId.get('zoom-in-location')?.conferenceUrl).toBe(
      'https://us02web.zoom.us/j/81234567890?pwd=abc123',
    );
    const apple = byId.get('apple-attendee-urn')!;
    expect(apple.conferenceUrl).toBe('https://whereby.com/northwind-design');
    expect(apple.organizer?.email).toBe('alex@northwind.example');
    expect(apple.attendees.map((a) => [a.email, a.self, a.organizer, a.role])).toEqual([
      ['alex@northwind.example', true, true, 'chair'],
      ['riley@northwind.example', false, false, 'req-participant'],
    ]);
  });

  it('lets the owner edit their own events only on a writable calendar', () => {
    const writable = parse('google-attendees-conference.ics', { writable: true }).events;
    expect(writable.find((e) => e.providerEventId === 'apple-attendee-urn')?.canEdit).toBe(true);
    expect(writable.find((e) => e.providerEventId === 'attendees-1@google.com')?.canEdit).toBe(false);
    expect(writable.find((e) => e.providerEventId === 'zoom-in-location')?.canEdit).toBe(true);
  });
});

describe('parseIcs: encodings and broken files', () => {
  it('reads windows-1252 files and says so', () => {
    const { events, problems } = parse('outlook-windows-1252.ics');
    expect(events.map((e) => [e.summary, e.location])).toEqual([
      ['Café – Besprechung für Jürgen', 'Büro München'],
    ]);
    expect(problems).toEqual([{ message: 'The file is not UTF-8; it was read as windows-1252 (latin1)' }]);
  });

  it('reads UTF-16 with a BOM', () => {
    const { events, problems } = parse('utf16le-bom.ics');
    expect(problems).toEqual([]);
    expect(rows(events)).toEqual([
      ['utf16-001', '2024-08-13T08:00:00.000Z', '2024-08-13T09:00:00.000Z', 'confirmed'],
    ]);
    expect(events[0]!.summary).toBe('Réunion d’équipe ✓');
  });

  it('unfolds lines, also a fold inside a multi-byte character and a tab fold', () => {
    const { events, problems } = parse('folded-lines.ics');
    expect(problems).toEqual([]);
    expect(events[0]!.summary).toBe('Planung für das Quartal – Überblick');
    expect(events[0]!.description).toBe('Line one\nLine two continuesafter a tab fold');
  });

  it('imports what is valid and reports the rest with line numbers', () => {
    const { events, problems } = parse('malformed.ics');
    expect(rows(events)).toEqual([
      ['good-1', '2024-08-20T08:00:00.000Z', '2024-08-20T09:00:00.000Z', 'confirmed'],
      ['bad-rrule', '2024-08-22T08:00:00.000Z', '2024-08-22T09:00:00.000Z', 'confirmed'],
      ['no-uid-4e755afb', '2024-08-23T08:00:00.000Z', '2024-08-23T09:00:00.000Z', 'confirmed'],
      [
        'impossible-rule::2024-08-24T08:00:00.000Z',
        '2024-08-24T08:00:00.000Z',
        '2024-08-24T09:00:00.000Z',
        'confirmed',
      ],
      ['truncated', '2024-08-25T08:00:00.000Z', '2024-08-25T09:00:00.000Z', 'confirmed'],
    ]);
    expect(problems.map((p) => [p.line, p.uid, p.message.slice(0, 38)])).toEqual([
      [17, undefined, 'Not an iCalendar content line: "this l'],
      [23, undefined, 'Unreadable RRULE: invalid frequency "S'],
      [24, undefined, 'Unreadable ATTENDEE: invalid line (no '],
      [42, undefined, 'VEVENT not closed at the end of the fi'],
      [27, 'no-uid-4e755afb', 'VEVENT without UID; an id was derived '],
      [14, 'bad-start', 'Unreadable DTSTART'],
      [38, 'impossible-rule', 'RRULE that can never occur (BYMONTHDAY'],
    ]);
  });

  it('never throws, whatever the input (property)', () => {
    const valid = [
      'google-duplicate-uid.ics',
      'outlook-overrides-before-master.ics',
      'apple-thisandfuture.ics',
      'nextcloud-exdate-zones.ics',
      'rdate-periods.ics',
      'dst-transitions.ics',
      'itip-stream.ics',
      'all-day.ics',
    ].map((name) => fixture(name).toString('utf8'));
    const lineOps = fc.oneof(
      fc.record({ kind: fc.constant('delete' as const), at: fc.nat() }),
      fc.record({ kind: fc.constant('duplicate' as const), at: fc.nat() }),
      fc.record({ kind: fc.constant('swap' as const), at: fc.nat(), with: fc.nat() }),
      fc.record({ kind: fc.constant('truncate' as const), at: fc.nat(), length: fc.nat({ max: 40 }) }),
      fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), text: fc.string({ maxLength: 60 }) }),
      fc.record({
        kind: fc.constant('mutate' as const),
        at: fc.nat(),
        position: fc.nat(),
        text: fc.constantFrom(
          '',
          ';',
          ':',
          '"',
          ',',
          '\\',
          'Z',
          'T',
          '0',
          '99',
          ';TZID=Nowhere',
          ';VALUE=DATE',
          ';RANGE=THISANDFUTURE',
          '/PT1H',
          '-',
        ),
      }),
    );
    const mangled = fc
      .record({ base: fc.nat({ max: valid.length - 1 }), ops: fc.array(lineOps, { maxLength: 12 }) })
      .map(({ base, ops }) => {
        const lines = valid[base]!.split(/\r?\n/);
        for (const op of ops) {
          const i = op.at % Math.max(1, lines.length);
          if (op.kind === 'delete') lines.splice(i, 1);
          else if (op.kind === 'duplicate') lines.splice(i, 0, lines[i] ?? '');
          else if (op.kind === 'swap') {
            const j = op.with % Math.max(1, lines.length);
            [lines[i], lines[j]] = [lines[j] ?? '', lines[i] ?? ''];
          } else if (op.kind === 'truncate') lines[i] = (lines[i] ?? '').slice(0, op.length);
          else if (op.kind === 'insert') lines.splice(i, 0, op.text);
          else {
            const line = lines[i] ?? '';
            const p = op.position % (line.length + 1);
            lines[i] = line.slice(0, p) + op.text + line.slice(p + 1);
          }
        }
        return lines.join('\r\n');
      });
    const input = fc.oneof(
      mangled,
      fc.string({ maxLength: 300 }),
      fc.uint8Array({ maxLength: 300 }),
      fc
        .array(
          fc.constantFrom(
            'BEGIN:VCALENDAR',
            'BEGIN:VEVENT',
            'END:VEVENT',
            'END:VCALENDAR',
            'UID:x',
            'DTSTART:20240101T100000Z',
            'RRULE:FREQ=DAILY',
            'RECURRENCE-ID:20240102T100000Z',
            'EXDATE;VALUE=DATE:20240103',
            'RDATE;VALUE=PERIOD:20240105T100000Z/PT1H',
            'METHOD:CANCEL',
            'SEQUENCE:2',
            ' folded',
            'DURATION:-PT1H',
          ),
          { maxLength: 40 },
        )
        .map((lines) => lines.join('\n')),
    );
    fc.assert(
      fc.property(input, (text) => {
        const result = parseIcs(text, YEAR_2024);
        expect(Array.isArray(result.events)).toBe(true);
        for (const event of result.events) {
          expect(Number.isNaN(event.startsAt.getTime())).toBe(false);
          expect(event.endsAt.getTime()).toBeGreaterThanOrEqual(event.startsAt.getTime());
        }
      }),
      { numRuns: Number(process.env.ICS_PROPERTY_RUNS ?? 400) },
    );
  });
});

describe('parseIcs: issues found on third-party files', () => {
  const file = (...lines: string[]) =>
    ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...lines, 'END:VCALENDAR'].join('\r\n');

  it('reads BYHOUR, BYMINUTE and BYSECOND values of 0 (on the hour, at midnight)', () => {
    const { events, problems } = parseIcs(
      file(
        'BEGIN:VEVENT',
        'UID:tram',
        'DTSTART:20240304T090000Z',
        'DURATION:PT10M',
        'RRULE:FREQ=DAILY;COUNT=6;BYHOUR=9,10;BYMINUTE=0,20,40;BYSECOND=0',
        'SUMMARY:Tram',
        'END:VEVENT',
      ),
      YEAR_2024,
    );
    expect(problems).toEqual([]);
    expect(rows(events).map((r) => r[1])).toEqual([
      '2024-03-04T09:00:00.000Z',
      '2024-03-04T09:20:00.000Z',
      '2024-03-04T09:40:00.000Z',
      '2024-03-04T10:00:00.000Z',
      '2024-03-04T10:20:00.000Z',
      '2024-03-04T10:40:00.000Z',
    ]);
  });

  it('still refuses 0 where it counts from either end (BYMONTHDAY)', () => {
    const { events, problems } = parseIcs(
      file(
        'BEGIN:VEVENT',
        'UID:bad',
        'DTSTART:20240304T090000Z',
        'RRULE:FREQ=MONTHLY;BYMONTHDAY=0',
        'END:VEVENT',
      ),
      YEAR_2024,
    );
    expect(problems.map((p) => p.message)).toEqual(['RRULE with an invalid BYMONTHDAY']);
    expect(events).toHaveLength(1);
  });

  it('reads a timed RECURRENCE-ID or EXDATE of an all-day series as the date it has in its own zone', () => {
    // Sent from Berlin; read by someone in Los Angeles, where Berlin's midnight is the day before.
    const { events, problems } = parseIcs(
      file(
        'BEGIN:VEVENT',
        'UID:offsite',
        'DTSTART;VALUE=DATE:20240305',
        'DTEND;VALUE=DATE:20240306',
        'RRULE:FREQ=WEEKLY;COUNT=3',
        'EXDATE;TZID=Europe/Berlin:20240305T000000',
        'SUMMARY:Offsite',
        'END:VEVENT',
        'BEGIN:VEVENT',
        'UID:offsite',
        'RECURRENCE-ID;TZID=Europe/Berlin:20240312T000000',
        'DTSTART;VALUE=DATE:20240313',
        'DTEND;VALUE=DATE:20240314',
        'SUMMARY:Offsite (moved)',
        'END:VEVENT',
      ),
      { ...YEAR_2024, defaultTimeZone: 'America/Los_Angeles' },
    );
    expect(problems).toEqual([]);
    expect(events.map((e) => [e.summary, e.startsAt.toISOString().slice(0, 10)]).sort()).toEqual([
      ['Offsite (moved)', '2024-03-13'],
      ['Offsite', '2024-03-19'],
    ]);
  });

  it('reads an Outlook display-name TZID without VTIMEZONE in its zone, EXDATE included', () => {
    const { events, problems } = parseIcs(
      file(
        'BEGIN:VEVENT',
        'UID:weekly',
        'DTSTART;TZID="(UTC-05:00) Eastern Time (US & Canada)":20240702T090000',
        'DTEND;TZID="(UTC-05:00) Eastern Time (US & Canada)":20240702T093000',
        'RRULE:FREQ=WEEKLY;COUNT=3',
        'EXDATE;TZID="(UTC-05:00) Eastern Time (US & Canada)":20240709T090000',
        'SUMMARY:Weekly',
        'END:VEVENT',
      ),
      { ...YEAR_2024, defaultTimeZone: 'Europe/Paris' },
    );
    expect(problems).toEqual([]);
    expect(rows(events).map((r) => r[1])).toEqual(['2024-07-02T13:00:00.000Z', '2024-07-16T13:00:00.000Z']);
  });
});

describe('parseIcs: events handed over as they are read', () => {
  it('hands every event over once, in order, `every` at a time then the rest, and still answers them all', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 0, max: 60 }), (every, count) => {
        const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0'];
        for (let i = 0; i < count; i++) {
          const day = String((i % 28) + 1).padStart(2, '0');
          lines.push(
            'BEGIN:VEVENT',
            `UID:e${i}`,
            `DTSTART:202403${day}T090000Z`,
            `DTEND:202403${day}T100000Z`,
            ...(i % 7 === 0 ? ['RRULE:FREQ=DAILY;COUNT=3'] : []),
            `SUMMARY:Event ${i}`,
            'END:VEVENT',
          );
        }
        lines.push('END:VCALENDAR');
        const slices: CalendarEvent[][] = [];
        const parsed = parseIcs(lines.join('\r\n'), YEAR_2024, { every, onEvents: (e) => slices.push(e) });
        expect(slices.flat()).toEqual(parsed.events);
        for (const [i, event] of slices.flat().entries()) expect(event).toBe(parsed.events[i]);
        // Each slice holds at least `every` (a series' occurrences come together), the last whatever is left.
        for (const slice of slices.slice(0, -1)) expect(slice.length).toBeGreaterThanOrEqual(every);
        expect(slices.every((slice) => slice.length > 0)).toBe(true);
        expect(parsed).toEqual(parseIcs(lines.join('\r\n'), YEAR_2024));
      }),
      { numRuns: 60 },
    );
  });
});
