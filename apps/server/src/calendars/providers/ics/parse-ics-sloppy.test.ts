import { describe, expect, it } from 'vitest';
import type { CalendarEvent } from '../../types';
import { type ParseIcsOptions, parseIcs } from './parse-ics';

/**
 * Files as real exporters write them, not as RFC 5545 says (issue 26): dates without VALUE=DATE, VALUE=DATE
 * holding a time, overrides whose own start cannot be read, zones defined by RDATEs. Each is read the way a
 * calendar app shows it, and the import report names the leniency once per kind.
 */
const OPTIONS: ParseIcsOptions = {
  window: { from: new Date('2023-01-01T00:00:00Z'), to: new Date('2025-01-01T00:00:00Z') },
  ownerEmail: 'alex@northwind.example',
  defaultTimeZone: 'Europe/Berlin',
};

function ics(...events: string[]) {
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...events, 'END:VCALENDAR'].join('\r\n');
}

function vevent(...lines: string[]) {
  return ['BEGIN:VEVENT', ...lines, 'END:VEVENT'].join('\r\n');
}

function parse(text: string, options: Partial<ParseIcsOptions> = {}) {
  return parseIcs(text, { ...OPTIONS, ...options });
}

/** [providerEventId, startsAt, endsAt, allDay, status, summary], sorted by start. */
function rows(events: CalendarEvent[]) {
  return [...events]
    .sort(
      (a, b) =>
        a.startsAt.getTime() - b.startsAt.getTime() || a.providerEventId.localeCompare(b.providerEventId),
    )
    .map((e) => [
      e.providerEventId,
      e.startsAt.toISOString(),
      e.endsAt.toISOString(),
      e.allDay,
      e.status,
      e.summary,
    ]);
}

const messages = (problems: { message: string }[]) => problems.map((p) => p.message);
/** The report's fields (a counted note also carries its counts, for merging). */
const plain = (problems: { line?: number | undefined; uid?: string | undefined; message: string }[]) =>
  problems.map(({ line, uid, message }) => ({ line, uid, message }));

describe('parseIcs: dates written without VALUE=DATE', () => {
  it('reads an 8-digit DTSTART and DTEND as an all-day event, and says so', () => {
    const { events, problems } = parse(
      ics(vevent('UID:xmas', 'DTSTART:20231224', 'DTEND:20231226', 'SUMMARY:Christmas')),
    );
    expect(rows(events)).toEqual([
      ['xmas', '2023-12-23T23:00:00.000Z', '2023-12-25T23:00:00.000Z', true, 'confirmed', 'Christmas'],
    ]);
    expect(plain(problems)).toEqual([
      {
        line: 6,
        uid: 'xmas',
        message: 'Dates written without VALUE=DATE (DTSTART, DTEND) were read as all-day dates',
      },
    ]);
  });

  it('reads EXDATE, RDATE, RECURRENCE-ID and UNTIL written the same way', () => {
    const { events, problems } = parse(
      ics(
        vevent(
          'UID:daily',
          'DTSTART:20240101',
          'RRULE:FREQ=DAILY;UNTIL=20240105',
          'EXDATE:20240103',
          'RDATE:20240110',
          'SUMMARY:Daily',
        ),
        vevent('UID:daily', 'RECURRENCE-ID:20240102', 'DTSTART:20240102', 'SUMMARY:Daily (changed)'),
      ),
    );
    expect(rows(events).map((r) => [r[0], r[3], r[5]])).toEqual([
      ['daily::2024-01-01', true, 'Daily'],
      ['daily::2024-01-02', true, 'Daily (changed)'],
      ['daily::2024-01-04', true, 'Daily'],
      ['daily::2024-01-05', true, 'Daily'],
      ['daily::2024-01-10', true, 'Daily'],
    ]);
    expect(messages(problems)).toEqual([
      'Dates written without VALUE=DATE (DTSTART, RECURRENCE-ID, RDATE, EXDATE) were read as all-day dates',
    ]);
  });

  it('an 8-digit EXDATE on a timed series removes that day', () => {
    const { events, problems } = parse(
      ics(
        vevent(
          'UID:standup',
          'DTSTART;TZID=Europe/Berlin:20240101T093000',
          'DURATION:PT15M',
          'RRULE:FREQ=DAILY;COUNT=3',
          'EXDATE:20240102',
        ),
      ),
    );
    expect(rows(events).map((r) => r[1])).toEqual(['2024-01-01T08:30:00.000Z', '2024-01-03T08:30:00.000Z']);
    expect(messages(problems)).toEqual([
      'Dates written without VALUE=DATE (EXDATE) were read as all-day dates',
    ]);
  });

  it('a date UNTIL on a timed series keeps its whole day, and says so', () => {
    const { events, problems } = parse(
      ics(
        vevent(
          'UID:evening',
          'DTSTART;TZID=Europe/Berlin:20240101T190000',
          'DURATION:PT1H',
          'RRULE:FREQ=DAILY;UNTIL=20240103',
        ),
      ),
    );
    expect(rows(events).map((r) => r[1])).toEqual([
      '2024-01-01T18:00:00.000Z',
      '2024-01-02T18:00:00.000Z',
      '2024-01-03T18:00:00.000Z',
    ]);
    expect(messages(problems)).toEqual([
      'Dates written without VALUE=DATE (UNTIL) were read as all-day dates',
    ]);
  });

  it('counts the events of a large holiday file in one line instead of one line per event', () => {
    const holidays = Array.from({ length: 5000 }, (_, i) => {
      const day = new Date(Date.UTC(2023, 0, 1) + (i % 700) * 86_400_000).toISOString().slice(0, 10);
      const date = day.replaceAll('-', '');
      return vevent(`UID:holiday-${i}`, `DTSTART:${date}`, `SUMMARY:Holiday ${i}`);
    });
    const { events, problems } = parse(ics(...holidays));
    expect(events).toHaveLength(5000);
    expect(events.every((e) => e.allDay)).toBe(true);
    expect(plain(problems)).toEqual([
      {
        line: 6,
        uid: undefined,
        message:
          '5,000 events had dates written without VALUE=DATE (DTSTART); they were read as all-day dates (the first: holiday-0)',
      },
    ]);
  });
});

describe('parseIcs: VALUE=DATE holding a date-time', () => {
  it('keeps the time of day the producer wrote, floating or in the TZID zone', () => {
    const { events, problems } = parse(
      ics(
        vevent(
          'UID:doors',
          'DTSTART;VALUE=DATE:20240804T120000',
          'DTEND;VALUE=DATE:20240804T180000',
          'SUMMARY:Doors open',
        ),
        vevent(
          'UID:kickoff',
          'DTSTART;VALUE=DATE;TZID=America/New_York:20240805T090000',
          'DTEND;VALUE=DATE;TZID=America/New_York:20240805T100000',
        ),
      ),
    );
    expect(rows(events).map((r) => r.slice(0, 4))).toEqual([
      ['doors', '2024-08-04T10:00:00.000Z', '2024-08-04T16:00:00.000Z', false],
      ['kickoff', '2024-08-05T13:00:00.000Z', '2024-08-05T14:00:00.000Z', false],
    ]);
    expect(messages(problems)).toEqual([
      '2 events had VALUE=DATE values holding a time of day (DTSTART, DTEND); they were read as the times written (the first: doors)',
    ]);
  });

  it('an EXDATE;VALUE=DATE with a time removes that occurrence only', () => {
    const { events } = parse(
      ics(
        vevent(
          'UID:twice',
          'DTSTART:20240101T090000Z',
          'DURATION:PT1H',
          'RRULE:FREQ=HOURLY;INTERVAL=3;COUNT=3',
          'EXDATE;VALUE=DATE:20240101T120000Z',
        ),
      ),
    );
    expect(rows(events).map((r) => r[1])).toEqual(['2024-01-01T09:00:00.000Z', '2024-01-01T15:00:00.000Z']);
  });
});

describe('parseIcs: an override whose own DTSTART cannot be read', () => {
  const series = vevent(
    'UID:weekly',
    'DTSTART;TZID=Europe/Berlin:20240108T100000',
    'DTEND;TZID=Europe/Berlin:20240108T110000',
    'RRULE:FREQ=WEEKLY;COUNT=3',
    'SUMMARY:Weekly',
  );

  it('keeps the series occurrence it names, and reports the override', () => {
    const { events, problems } = parse(
      ics(
        series,
        vevent(
          'UID:weekly',
          'RECURRENCE-ID;TZID=Europe/Berlin:20240115T100000',
          'DTSTART;TZID=Europe/Berlin:15.01.2024 10:30',
          'DTEND;TZID=Europe/Berlin:20240115T113000',
          'SUMMARY:Weekly (moved)',
        ),
      ),
    );
    expect(rows(events)).toEqual([
      [
        'weekly::2024-01-08T09:00:00.000Z',
        '2024-01-08T09:00:00.000Z',
        '2024-01-08T10:00:00.000Z',
        false,
        'confirmed',
        'Weekly',
      ],
      [
        'weekly::2024-01-15T09:00:00.000Z',
        '2024-01-15T09:00:00.000Z',
        '2024-01-15T10:00:00.000Z',
        false,
        'confirmed',
        'Weekly',
      ],
      [
        'weekly::2024-01-22T09:00:00.000Z',
        '2024-01-22T09:00:00.000Z',
        '2024-01-22T10:00:00.000Z',
        false,
        'confirmed',
        'Weekly',
      ],
    ]);
    expect(messages(problems)).toEqual([
      'Unreadable DTSTART',
      'The change to the occurrence of 2024-01-15T09:00:00.000Z has an unreadable DTSTART: the series occurrence was kept as it is',
    ]);
  });

  it('still cancels the occurrence when the override is a cancellation', () => {
    const { events } = parse(
      ics(
        series,
        vevent(
          'UID:weekly',
          'RECURRENCE-ID;TZID=Europe/Berlin:20240115T100000',
          'DTSTART;TZID=Europe/Berlin:BROKEN',
          'STATUS:CANCELLED',
        ),
      ),
    );
    expect(rows(events).map((r) => [r[0], r[1], r[4]])).toEqual([
      ['weekly::2024-01-08T09:00:00.000Z', '2024-01-08T09:00:00.000Z', 'confirmed'],
      ['weekly::2024-01-15T09:00:00.000Z', '2024-01-15T09:00:00.000Z', 'cancelled'],
      ['weekly::2024-01-22T09:00:00.000Z', '2024-01-22T09:00:00.000Z', 'confirmed'],
    ]);
  });

  it('invents no event when the series is not in the file', () => {
    const { events, problems } = parse(
      ics(
        vevent(
          'UID:orphan',
          'RECURRENCE-ID:20240115T090000Z',
          'DTSTART:2024011509',
          'SUMMARY:One occurrence I was invited to',
        ),
      ),
    );
    expect(events).toEqual([]);
    expect(messages(problems)).toEqual([
      'Unreadable DTSTART',
      'The change to the occurrence of 2024-01-15T09:00:00.000Z has an unreadable DTSTART and its series is not in the file: it was skipped',
    ]);
  });

  it('an override whose RECURRENCE-ID line cannot be parsed at all does not replace the series', () => {
    const { events, problems } = parse(
      ics(
        series,
        vevent(
          'UID:weekly',
          'SEQUENCE:1',
          'RECURRENCE-ID;TZID="Europe/Berlin:20240115T100000',
          'DTSTART;TZID=Europe/Berlin:20240115T140000',
          'DTEND;TZID=Europe/Berlin:20240115T150000',
          'SUMMARY:Weekly (afternoon)',
        ),
      ),
    );
    expect(rows(events).map((r) => [r[0], r[5]])).toEqual([
      ['weekly::2024-01-08T09:00:00.000Z', 'Weekly'],
      ['weekly::2024-01-15T09:00:00.000Z', 'Weekly'],
      ['weekly::2024-01-22T09:00:00.000Z', 'Weekly'],
    ]);
    expect(messages(problems)).toEqual([
      expect.stringMatching(/^Unreadable RECURRENCE-ID: /),
      'Unreadable RECURRENCE-ID; event skipped',
    ]);
  });

  it('an override whose DTEND cannot be read keeps the series duration', () => {
    const { events } = parse(
      ics(
        series,
        vevent(
          'UID:weekly',
          'RECURRENCE-ID;TZID=Europe/Berlin:20240115T100000',
          'DTSTART;TZID=Europe/Berlin:20240115T140000',
          'DTEND;TZID=Europe/Berlin:tomorrow',
          'SUMMARY:Weekly (afternoon)',
        ),
      ),
    );
    const moved = events.find((e) => e.providerEventId === 'weekly::2024-01-15T09:00:00.000Z');
    expect([moved?.startsAt.toISOString(), moved?.endsAt.toISOString(), moved?.summary]).toEqual([
      '2024-01-15T13:00:00.000Z',
      '2024-01-15T14:00:00.000Z',
      'Weekly (afternoon)',
    ]);
  });
});

describe('parseIcs: custom VTIMEZONEs made of DTSTART and RDATEs', () => {
  const zone = [
    'BEGIN:VTIMEZONE',
    'TZID:Fictitious Eastern',
    'BEGIN:DAYLIGHT',
    'DTSTART:19730429T020000',
    'RDATE:19740106T020000',
    'RDATE:19750223T020000,19760425T020000',
    'TZOFFSETFROM:-0500',
    'TZOFFSETTO:-0400',
    'END:DAYLIGHT',
    'BEGIN:STANDARD',
    'DTSTART:19731028T020000',
    'RDATE:19741027T020000,19751026T020000',
    'RDATE:19761031T020000',
    'TZOFFSETFROM:-0400',
    'TZOFFSETTO:-0500',
    'END:STANDARD',
    'END:VTIMEZONE',
  ].join('\r\n');
  const at = (uid: string, local: string) =>
    vevent(`UID:${uid}`, `DTSTART;TZID=Fictitious Eastern:${local}`, 'DURATION:PT1H');

  it('takes each observance at its DTSTART and at every RDATE value', () => {
    const { events, problems } = parse(
      ics(
        zone,
        at('before', '19730115T120000'),
        at('daylight-dtstart', '19730615T120000'),
        at('standard-dtstart', '19731215T120000'),
        at('first-rdate', '19740215T120000'),
        at('second-value', '19760704T120000'),
        at('last', '19761201T120000'),
      ),
      { window: { from: new Date('1973-01-01T00:00:00Z'), to: new Date('1978-01-01T00:00:00Z') } },
    );
    expect(problems).toEqual([]);
    expect(rows(events).map((r) => [r[0], r[1]])).toEqual([
      ['before', '1973-01-15T17:00:00.000Z'], // before the first onset: its TZOFFSETFROM
      ['daylight-dtstart', '1973-06-15T16:00:00.000Z'],
      ['standard-dtstart', '1973-12-15T17:00:00.000Z'],
      ['first-rdate', '1974-02-15T16:00:00.000Z'],
      ['second-value', '1976-07-04T16:00:00.000Z'],
      ['last', '1976-12-01T17:00:00.000Z'],
    ]);
  });

  const unreadable = (extra: string[]) =>
    [
      'BEGIN:VTIMEZONE',
      'TZID:Head office',
      ...extra,
      'BEGIN:STANDARD',
      'DTSTART:19701025T030000',
      'TZNAME:CET',
      'END:STANDARD',
      'END:VTIMEZONE',
    ].join('\r\n');
  const meeting = vevent('UID:m', 'DTSTART;TZID=Head office:20240610T090000', 'DURATION:PT1H');

  it('a zone it cannot understand is read as the IANA zone its X-LIC-LOCATION names, and reported', () => {
    const { events, problems } = parse(ics(unreadable(['X-LIC-LOCATION:America/Chicago']), meeting), {
      defaultTimeZone: 'UTC',
    });
    expect(rows(events).map((r) => r[1])).toEqual(['2024-06-10T14:00:00.000Z']);
    expect(messages(problems)).toEqual([
      'The file\'s time zone "Head office" cannot be read (no observance with DTSTART, TZOFFSETFROM and TZOFFSETTO); times in it are read in America/Chicago, named by its X-LIC-LOCATION',
    ]);
  });

  it('without one, in the calendar zone, and reported: never silently in UTC', () => {
    const { events, problems } = parse(ics(unreadable([]), meeting));
    expect(rows(events).map((r) => r[1])).toEqual(['2024-06-10T07:00:00.000Z']);
    expect(messages(problems)).toEqual([
      'The file\'s time zone "Head office" cannot be read (no observance with DTSTART, TZOFFSETFROM and TZOFFSETTO); times in it are read in Europe/Berlin',
    ]);
  });
});

describe('parseIcs: neighbours of the sloppy dates', () => {
  it('an all-day event that ends on the day it starts lasts that day', () => {
    const { events, problems } = parse(
      ics(
        vevent('UID:a', 'DTSTART;VALUE=DATE:20240101', 'DTEND;VALUE=DATE:20240101'),
        vevent('UID:b', 'DTSTART;VALUE=DATE:20240106', 'DTEND;VALUE=DATE:20240106'),
      ),
      { defaultTimeZone: 'UTC' },
    );
    expect(rows(events).map((r) => r.slice(0, 4))).toEqual([
      ['a', '2024-01-01T00:00:00.000Z', '2024-01-02T00:00:00.000Z', true],
      ['b', '2024-01-06T00:00:00.000Z', '2024-01-07T00:00:00.000Z', true],
    ]);
    expect(messages(problems)).toEqual([
      '2 all-day events ended on the day they start; they were read as lasting that day (the first: a)',
    ]);
  });

  it('an empty RRULE (as some holiday exporters write) is no rule', () => {
    const { events, problems } = parse(
      ics(vevent('UID:h', 'DTSTART;VALUE=DATE:20240501', 'RRULE:', 'SUMMARY:Labour Day')),
    );
    expect(rows(events).map((r) => [r[0], r[3]])).toEqual([['h', true]]);
    expect(messages(problems)).toEqual(['An empty RRULE was ignored; the event was read as a single event']);
  });
});

describe('parseIcs: date-times written loosely (no seconds, lowercase, fractions of a second, spaces)', () => {
  it('reads T1200 as 12:00 and a trailing z as UTC, and says so once', () => {
    const { events, problems } = parse(
      ics(
        vevent(
          'UID:short',
          'DTSTART;TZID=Europe/Berlin:20240304T1200',
          'DTEND;TZID=Europe/Berlin:20240304T1330',
        ),
        vevent('UID:lower', 'DTSTART:20240305T090000z', 'DTEND:20240305T100000z', 'SUMMARY:Lower'),
        vevent(
          'UID:weekly',
          'DTSTART:20240306T0800Z',
          'DURATION:PT30M',
          'RRULE:FREQ=WEEKLY;COUNT=2',
          'EXDATE:20240313T0800Z',
        ),
      ),
    );
    expect(rows(events).map((r) => r.slice(0, 3))).toEqual([
      ['short', '2024-03-04T11:00:00.000Z', '2024-03-04T12:30:00.000Z'],
      ['lower', '2024-03-05T09:00:00.000Z', '2024-03-05T10:00:00.000Z'],
      ['weekly::2024-03-06T08:00:00.000Z', '2024-03-06T08:00:00.000Z', '2024-03-06T08:30:00.000Z'],
    ]);
    expect(messages(problems)).toEqual([
      '3 events had date-times written loosely (without seconds, with fractions of a second, in lowercase, between spaces or with dashes and colons) (DTSTART, DTEND, EXDATE); they were read as the times written (the first: short)',
    ]);
  });

  it('reads a lowercase t, fractions of a second and spaces around the value (padded templates), and says so once', () => {
    const { events, problems } = parse(
      ics(
        vevent('UID:lower-t', 'DTSTART:20240304t120000z', 'DTEND:20240304t130000z'),
        vevent('UID:fraction', 'DTSTART:20240305T090000.000Z', 'DTEND:20240305T100000.5Z'),
        vevent(
          'UID:padded',
          'DTSTART;TZID=Europe/Berlin: 20240306T080000  ',
          'DTEND;TZID=Europe/Berlin:20240306T083000 ',
          'RRULE:FREQ=DAILY;COUNT=3',
          'EXDATE;TZID=Europe/Berlin:20240307T080000, 20240308T080000 ',
        ),
        vevent('UID:padded-day', 'DTSTART;VALUE=DATE:20240309 ', 'SUMMARY:Padded day'),
      ),
    );
    expect(rows(events).map((r) => r.slice(0, 4))).toEqual([
      ['lower-t', '2024-03-04T12:00:00.000Z', '2024-03-04T13:00:00.000Z', false],
      ['fraction', '2024-03-05T09:00:00.000Z', '2024-03-05T10:00:00.000Z', false],
      ['padded::2024-03-06T07:00:00.000Z', '2024-03-06T07:00:00.000Z', '2024-03-06T07:30:00.000Z', false],
      ['padded-day', '2024-03-08T23:00:00.000Z', '2024-03-09T23:00:00.000Z', true],
    ]);
    expect(messages(problems)).toEqual([
      '3 events had date-times written loosely (without seconds, with fractions of a second, in lowercase, between spaces or with dashes and colons) (DTSTART, DTEND, EXDATE); they were read as the times written (the first: lower-t)',
    ]);
  });

  it('reads dates written with dashes and colons, a UTC offset as that instant, and says so once', () => {
    const { events, problems } = parse(
      ics(
        vevent(
          'UID:iso',
          'DTSTART;TZID=Europe/Berlin:2024-03-04T12:00:00',
          'DTEND;TZID=Europe/Berlin:2024-03-04T13:30',
        ),
        vevent('UID:offset', 'DTSTART:2024-03-05T09:00:00+01:00', 'DTEND:2024-03-05T10:00:00-0230'),
        vevent('UID:sql', 'DTSTART:2024-03-06 08:00:00Z', 'DTEND:2024-03-06 08:30:00Z'),
        vevent('UID:iso-day', 'DTSTART;VALUE=DATE:2024-03-09', 'SUMMARY:Day'),
      ),
    );
    expect(rows(events).map((r) => r.slice(0, 4))).toEqual([
      ['iso', '2024-03-04T11:00:00.000Z', '2024-03-04T12:30:00.000Z', false],
      ['offset', '2024-03-05T08:00:00.000Z', '2024-03-05T12:30:00.000Z', false],
      ['sql', '2024-03-06T08:00:00.000Z', '2024-03-06T08:30:00.000Z', false],
      ['iso-day', '2024-03-08T23:00:00.000Z', '2024-03-09T23:00:00.000Z', true],
    ]);
    expect(messages(problems)).toEqual([
      '4 events had date-times written loosely (without seconds, with fractions of a second, in lowercase, between spaces or with dashes and colons) (DTSTART, DTEND); they were read as the times written (the first: iso)',
    ]);
  });

  it('reads a rule with empty entries (BYDAY=TU,;COUNT=3, a trailing semicolon) as the rule without them', () => {
    const { events, problems } = parse(
      ics(
        vevent(
          'UID:comma',
          'DTSTART:20240305T090000Z',
          'DTEND:20240305T100000Z',
          'RRULE:FREQ=WEEKLY;BYDAY=TU,;COUNT=2',
        ),
        vevent(
          'UID:semi',
          'DTSTART:20240306T090000Z',
          'DTEND:20240306T100000Z',
          'RRULE:FREQ=WEEKLY;;BYDAY=,WE,,;COUNT=2;',
        ),
      ),
    );
    expect(rows(events).map((r) => r[0])).toEqual([
      'comma::2024-03-05T09:00:00.000Z',
      'semi::2024-03-06T09:00:00.000Z',
      'comma::2024-03-12T09:00:00.000Z',
      'semi::2024-03-13T09:00:00.000Z',
    ]);
    expect(problems).toEqual([]);
  });

  it('reads a rule without a part it does not know (UNTL=) or a COUNT below one, and says which', () => {
    const { events, problems } = parse(
      ics(
        vevent(
          'UID:typo',
          'DTSTART:20240305T090000Z',
          'DTEND:20240305T100000Z',
          'RRULE:FREQ=MONTHLY;UNTL=20240415;BYDAY=1TU;WKST=SU',
        ),
        vevent(
          'UID:confluence',
          'DTSTART;VALUE=DATE:20240306',
          'DTEND;VALUE=DATE:20240307',
          'RRULE:FREQ=WEEKLY;UNTIL=20240320;COUNT=-1;INTERVAL=1;BYDAY=WE',
        ),
        vevent(
          'UID:extended',
          'DTSTART:20240307T090000Z',
          'DTEND:20240307T100000Z',
          'RRULE:FREQ=YEARLY;COUNT=1;X-VENDOR-HINT=7;RSCALE=GREGORIAN;SKIP=OMIT',
        ),
      ),
      { window: { from: new Date('2024-01-01T00:00:00Z'), to: new Date('2024-07-01T00:00:00Z') } },
    );
    const days = (uid: string) =>
      rows(events)
        .filter((r) => String(r[0]).startsWith(uid))
        .map((r) => String(r[1]).slice(5, 10));
    // Without its misspelt UNTIL, the rule has no end: every first Tuesday of the window.
    expect(days('typo')).toEqual(['03-05', '04-02', '05-07', '06-04']);
    expect(days('confluence')).toEqual(['03-05', '03-12', '03-19']);
    expect(days('extended')).toEqual(['03-07']);
    expect(plain(problems)).toEqual([
      {
        line: 8,
        uid: 'typo',
        message: 'RRULE part "UNTL" is no part of a rule; the rule was read without it',
      },
      {
        line: 14,
        uid: 'confluence',
        message: 'RRULE COUNT=-1 is not a positive whole number; the rule was read without it',
      },
    ]);
  });

  it('reads a TZID holding a colon without quotes up to the value, and says so once', () => {
    const { events, problems } = parse(
      ics(
        vevent(
          'UID:display',
          'DTSTART;TZID=(UTC-05:00) Eastern Time (US & Canada):20240304T090000',
          'DTEND;TZID=(UTC-05:00) Eastern Time (US & Canada);X-FOO=bar:20240304T100000',
        ),
        vevent(
          'UID:exchange',
          'DTSTART;TZID=tzone://Microsoft/Pacific:20240305T090000',
          'DTEND;TZID=tzone://Microsoft/Pacific:20240305T093000',
        ),
      ),
    );
    expect(rows(events).map((r) => r.slice(0, 3))).toEqual([
      ['display', '2024-03-04T14:00:00.000Z', '2024-03-04T15:00:00.000Z'],
      ['exchange', '2024-03-05T17:00:00.000Z', '2024-03-05T17:30:00.000Z'],
    ]);
    expect(messages(problems)).toEqual([
      "2 events had a TZID holding a colon without quotes (DTSTART, DTEND); it was read up to the value's colon (the first: display)",
    ]);
  });

  it('reads a display name of a place it does not know at the offset the name gives, or in the default zone when that is its standard time', () => {
    const { events, problems } = parse(
      ics(
        vevent(
          'UID:far',
          'DTSTART;TZID="(GMT+05.30) Somewhere Unlisted":20240704T090000',
          'DTEND;TZID="(GMT+05.30) Somewhere Unlisted":20240704T100000',
        ),
        vevent(
          'UID:near',
          'DTSTART;TZID="(GMT+01.00) Somewhere Unlisted":20240705T090000',
          'DTEND;TZID="(GMT+01.00) Somewhere Unlisted":20240705T100000',
        ),
      ),
    );
    // The default zone is Berlin: the second name's +01:00 is its standard time, so its summer time applies.
    expect(rows(events).map((r) => r.slice(0, 3))).toEqual([
      ['far', '2024-07-04T03:30:00.000Z', '2024-07-04T04:30:00.000Z'],
      ['near', '2024-07-05T07:00:00.000Z', '2024-07-05T08:00:00.000Z'],
    ]);
    expect(messages(problems)).toEqual([
      'Unknown time zone "(GMT+05.30) Somewhere Unlisted"; times in it are read at UTC+05:30, the offset its name gives',
      'Unknown time zone "(GMT+01.00) Somewhere Unlisted"; times in it are read in Europe/Berlin',
    ]);
  });

  it('reads an event Outlook marks all-day, written from midnight to midnight, as all-day on its dates', () => {
    const { events, problems } = parse(
      ics(
        vevent(
          'UID:new-year',
          'DTSTART;TZID="W. Europe Standard Time":20240101T000000',
          'DTEND;TZID="W. Europe Standard Time":20240102T000000',
          'X-MICROSOFT-CDO-ALLDAYEVENT:TRUE',
        ),
        // UTC times: the midnights of the calendar's zone (Berlin here).
        vevent(
          'UID:utc',
          'DTSTART:20240703T220000Z',
          'DTEND:20240705T220000Z',
          'X-MICROSOFT-CDO-ALLDAYEVENT:TRUE',
        ),
        vevent(
          'UID:xmas',
          'DTSTART;TZID=America/New_York:20231225T000000',
          'DURATION:P1D',
          'RRULE:FREQ=YEARLY;COUNT=2',
          'X-MICROSOFT-MSNCALENDAR-ALLDAYEVENT:TRUE',
        ),
        // Marked, but not at midnight: the times written.
        vevent(
          'UID:timed',
          'DTSTART;TZID=Europe/Berlin:20240105T090000',
          'DTEND;TZID=Europe/Berlin:20240105T100000',
          'X-MICROSOFT-CDO-ALLDAYEVENT:TRUE',
        ),
      ),
    );
    expect(rows(events).map((r) => r.slice(0, 4))).toEqual([
      ['xmas::2023-12-25', '2023-12-24T23:00:00.000Z', '2023-12-25T23:00:00.000Z', true],
      ['new-year', '2023-12-31T23:00:00.000Z', '2024-01-01T23:00:00.000Z', true],
      ['timed', '2024-01-05T08:00:00.000Z', '2024-01-05T09:00:00.000Z', false],
      ['utc', '2024-07-03T22:00:00.000Z', '2024-07-05T22:00:00.000Z', true],
      ['xmas::2024-12-25', '2024-12-24T23:00:00.000Z', '2024-12-25T23:00:00.000Z', true],
    ]);
    expect(messages(problems)).toEqual([
      '3 all-day events were written as times from midnight to midnight (X-MICROSOFT-CDO-ALLDAYEVENT); they were read as all-day (the first: new-year)',
    ]);
  });

  it('reads a summary, description or location with another VALUE as the text it is, escapes undone', () => {
    const { events, problems } = parse(
      ics(
        vevent(
          'UID:typed',
          'DTSTART:20240305T090000Z',
          'SUMMARY;VALUE=STRING:Plan\\, review',
          'DESCRIPTION;LANGUAGE=en;VALUE=HTML:Agenda\\n- Scope\\n- Dates',
          'LOCATION;VALUE=URI:Room 1\\; floor 2',
        ),
      ),
    );
    expect(events.map((e) => [e.summary, e.description, e.location])).toEqual([
      ['Plan, review', 'Agenda\n- Scope\n- Dates', 'Room 1; floor 2'],
    ]);
    expect(problems).toEqual([]);
  });

  it('reads a rule written in lowercase, and an UNTIL written with dashes as the end it names', () => {
    const { events, problems } = parse(
      ics(
        vevent(
          'UID:lower',
          'DTSTART:20240304T090000Z',
          'DTEND:20240304T100000Z',
          'rrule:freq=weekly;count=2',
        ),
        vevent(
          'UID:dashed',
          'DTSTART:20240305T090000Z',
          'DTEND:20240305T100000Z',
          'RRULE:FREQ=WEEKLY;UNTIL=2024-03-12T09:00:00Z',
        ),
      ),
    );
    expect(rows(events).map((r) => r[0])).toEqual([
      'lower::2024-03-04T09:00:00.000Z',
      'dashed::2024-03-05T09:00:00.000Z',
      'lower::2024-03-11T09:00:00.000Z',
      'dashed::2024-03-12T09:00:00.000Z',
    ]);
    expect(problems).toEqual([]);
  });

  it('reads a file whose every line is indented (a template), its folds indented further, and says so', () => {
    const file = ics(
      vevent(
        'UID:indented',
        'DTSTART:20240304T120000Z',
        'DTEND:20240304T130000Z',
        'SUMMARY:Quarterly',
        ' review',
      ),
    )
      .split('\r\n')
      .map((line) => `    ${line}`)
      .join('\n');
    const { events, problems } = parse(`\n${file}\n`);
    expect(rows(events)).toEqual([
      [
        'indented',
        '2024-03-04T12:00:00.000Z',
        '2024-03-04T13:00:00.000Z',
        false,
        'confirmed',
        'Quarterlyreview',
      ],
    ]);
    expect(messages(problems)).toEqual(['Every line of the file is indented; it was read as if it were not']);
  });

  it('reads a calendar wrapped inside another (files concatenated in one VCALENDAR) as one of its own', () => {
    const inner = ics(
      vevent('UID:inner', 'DTSTART:20240305T090000Z', 'DTEND:20240305T100000Z', 'SUMMARY:Inner'),
    );
    const { events, problems } = parse(
      ics(vevent('UID:outer', 'DTSTART:20240304T090000Z', 'DTEND:20240304T100000Z', 'SUMMARY:Outer'), inner),
    );
    expect(rows(events).map((r) => r[5])).toEqual(['Outer', 'Inner']);
    expect(problems).toEqual([]);
  });

  it('reads an event after one whose END:VEVENT is missing, or after a to-do closed by a misspelt END', () => {
    const { events, problems } = parse(
      ics(
        [
          'BEGIN:VEVENT',
          'UID:open',
          'DTSTART:20240304T090000Z',
          'DTEND:20240304T100000Z',
          'SUMMARY:Open',
        ].join('\r\n'),
        vevent('UID:next', 'DTSTART:20240305T090000Z', 'DTEND:20240305T100000Z', 'SUMMARY:Next'),
        ['BEGIN:VTODO', 'UID:todo', 'DTSTART:20240306T090000Z', 'SUMMARY:Todo', 'END:VTOOD'].join('\r\n'),
        vevent('UID:after-todo', 'DTSTART:20240307T090000Z', 'DTEND:20240307T100000Z', 'SUMMARY:After'),
        [
          'BEGIN:VEVENT',
          'UID:alarmed',
          'DTSTART:20240308T090000Z',
          'DTEND:20240308T100000Z',
          'SUMMARY:Alarmed',
        ].join('\r\n'),
        ['BEGIN:VALARM', 'ACTION:DISPLAY', 'TRIGGER:-PT15M', 'END:VALARM', 'END:VEVENT'].join('\r\n'),
      ),
    );
    expect(rows(events).map((r) => r[5])).toEqual(['Open', 'Next', 'After', 'Alarmed']);
    expect(plain(problems)).toEqual([
      {
        line: 4,
        uid: undefined,
        message: 'VEVENT not closed before the BEGIN:VEVENT of line 9; it was read as ending there',
      },
      { line: 19, uid: undefined, message: 'END:VTOOD without a matching BEGIN' },
      {
        line: 15,
        uid: undefined,
        message: 'VTODO not closed before the BEGIN:VEVENT of line 20; it was read as ending there',
      },
    ]);
  });

  it("keeps a zone's summer time after a STANDARD whose END is missing", () => {
    const zone = [
      'BEGIN:VTIMEZONE',
      'TZID:Office Time',
      'BEGIN:STANDARD',
      'DTSTART:19701025T030000',
      'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
      'TZOFFSETFROM:+0200',
      'TZOFFSETTO:+0100',
      'BEGIN:DAYLIGHT',
      'DTSTART:19700329T020000',
      'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
      'TZOFFSETFROM:+0100',
      'TZOFFSETTO:+0200',
      'END:DAYLIGHT',
      'END:VTIMEZONE',
    ].join('\r\n');
    const { events, problems } = parse(
      ics(zone, vevent('UID:summer', 'DTSTART;TZID=Office Time:20240717T140000', 'DURATION:PT1H')),
    );
    expect(rows(events).map((r) => r[1])).toEqual(['2024-07-17T12:00:00.000Z']);
    expect(messages(problems)).toEqual([
      'STANDARD not closed before the BEGIN:DAYLIGHT of line 11; it was read as ending there',
    ]);
  });

  it('reads files appended to one another, each with its byte-order mark, without a problem', () => {
    const first = ics(vevent('UID:first', 'DTSTART:20240305T090000Z', 'DTEND:20240305T100000Z', 'SUMMARY:A'));
    const second = ics(
      vevent('UID:second', 'DTSTART:20240306T090000Z', 'DTEND:20240306T100000Z', 'SUMMARY:B'),
    );
    const { events, problems } = parse(`\uFEFF${first}\r\n\uFEFF${second}\r\n`);
    expect(rows(events).map((r) => r[5])).toEqual(['A', 'B']);
    expect(problems).toEqual([]);
  });

  it('reads lines of text written after a DESCRIPTION without folding or escaping as that description, and says so', () => {
    const { events, problems } = parse(
      ics(
        [
          'BEGIN:VEVENT',
          'UID:unfolded',
          'DESCRIPTION;LANGUAGE=en-GB:',
          'Dear Team,',
          '',
          'Agenda:',
          '- Budget',
          'Join Zoom Meeting',
          'https://zoom.us/j/123456789?pwd=abc',
          'Passcode: 4242',
          'DCREATED:20240901T120000',
          'ORGANIZER="mailto:lead@example.com"',
          'DTSTART:20240923T100000Z',
          'DTEND:20240923T103000Z',
          'SUMMARY:Team Meeting',
          'LOCATION:Room 1',
          'END:VEVENT',
        ].join('\r\n'),
        vevent('UID:plain', 'DTSTART:20240924T100000Z', 'DTEND:20240924T103000Z', 'X-ALT-DESC:<p>hi</p>'),
      ),
    );
    const event = events.find((e) => e.providerEventId === 'unfolded')!;
    expect(event.description).toBe(
      'Dear Team,\nAgenda:\n- Budget\nJoin Zoom Meeting\nhttps://zoom.us/j/123456789?pwd=abc\nPasscode: 4242',
    );
    expect(event.summary).toBe('Team Meeting');
    expect(event.location).toBe('Room 1');
    expect(event.conferenceUrl).toBe('https://zoom.us/j/123456789?pwd=abc');
    // A property after the text (vCalendar 1.0's DCREATED too) is not text; a broken one is reported as before.
    expect(plain(problems)).toEqual([
      {
        line: 6,
        uid: 'unfolded',
        message: 'Lines of text after the DESCRIPTION, neither folded nor escaped, were read as part of it',
      },
      {
        line: 15,
        uid: undefined,
        message: 'Not an iCalendar content line: "ORGANIZER="mailto:lead@example.com""',
      },
    ]);
  });

  it('still refuses a date-time it cannot read', () => {
    const { events, problems } = parse(ics(vevent('UID:bad', 'DTSTART:20240304T12', 'SUMMARY:Bad')));
    expect(events).toEqual([]);
    expect(messages(problems).join('\n')).toMatch(/DTSTART/);
  });
});

describe('parseIcs: exporters met in real files (Exchange, CDO, Google, Confluence)', () => {
  const W_EUROPE = [
    'BEGIN:VTIMEZONE',
    'TZID:W. Europe Standard Time',
    'BEGIN:STANDARD',
    'DTSTART:16010101T030000',
    'TZOFFSETFROM:+0200',
    'TZOFFSETTO:+0100',
    'RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=-1SU;BYMONTH=10',
    'END:STANDARD',
    'BEGIN:DAYLIGHT',
    'DTSTART:16010101T020000',
    'TZOFFSETFROM:+0100',
    'TZOFFSETTO:+0200',
    'RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=-1SU;BYMONTH=3',
    'END:DAYLIGHT',
    'END:VTIMEZONE',
  ].join('\r\n');

  it("ends an Exchange all-day series on the day its UNTIL names in the file's zone, wherever the owner is", () => {
    // Exchange: UNTIL is the start of the last day (Tuesday 20 August) in the organizer's zone, in UTC.
    const file = ics(
      W_EUROPE,
      vevent(
        'UID:exchange-all-day',
        'DTSTART;VALUE=DATE:20240806',
        'DTEND;VALUE=DATE:20240807',
        'RRULE:FREQ=WEEKLY;UNTIL=20240819T220000Z;INTERVAL=1;BYDAY=TU,TH;WKST=MO',
        'SUMMARY:Office closed',
      ),
    );
    for (const defaultTimeZone of ['Europe/Berlin', 'Europe/London', 'America/New_York', 'Asia/Tokyo']) {
      const { events } = parse(file, { defaultTimeZone });
      expect(
        events.map((e) => e.providerEventId),
        defaultTimeZone,
      ).toEqual([
        'exchange-all-day::2024-08-06',
        'exchange-all-day::2024-08-08',
        'exchange-all-day::2024-08-13',
        'exchange-all-day::2024-08-15',
        'exchange-all-day::2024-08-20',
      ]);
    }
  });

  it('still reads any other UTC UNTIL of an all-day series as its day in the owner’s zone', () => {
    const file = ics(
      vevent('UID:until-evening', 'DTSTART;VALUE=DATE:20240806', 'RRULE:FREQ=DAILY;UNTIL=20240808T193000Z'),
    );
    expect(parse(file, { defaultTimeZone: 'America/New_York' }).events).toHaveLength(3);
    expect(parse(file, { defaultTimeZone: 'Asia/Tokyo' }).events).toHaveLength(4);
  });

  it('reads a rule with spaces after its commas (Microsoft CDO)', () => {
    const { events, problems } = parse(
      ics(
        vevent(
          'UID:cdo',
          'DTSTART:20240715T080000Z',
          'DTEND:20240715T090000Z',
          'RRULE:FREQ=DAILY;UNTIL=20240722T080000Z;INTERVAL=1;BYDAY=MO, TU, WE, TH, FR',
        ),
      ),
    );
    expect(events.map((e) => e.startsAt.toISOString().slice(0, 10))).toEqual([
      '2024-07-15',
      '2024-07-16',
      '2024-07-17',
      '2024-07-18',
      '2024-07-19',
      '2024-07-22',
    ]);
    expect(problems).toEqual([]);
  });

  it('reads a TZID written as a path (/Europe/Stockholm) or as a bare GMT offset', () => {
    const { events, problems } = parse(
      ics(
        vevent('UID:slash-ny', 'DTSTART;TZID=/America/New_York:20240715T200000', 'DURATION:PT1H'),
        vevent('UID:slash-sto', 'DTSTART;TZID=/Europe/Stockholm:20240716T200000', 'DURATION:PT1H'),
        vevent('UID:gmt-offset', 'DTSTART;TZID="(GMT +01:00)":20240717T140000', 'DURATION:PT1H'),
        vevent('UID:utc-minus', 'DTSTART;TZID="UTC-05:30":20240718T140000', 'DURATION:PT1H'),
      ),
      { defaultTimeZone: 'Asia/Tokyo' },
    );
    expect(rows(events).map((r) => r.slice(0, 2))).toEqual([
      ['slash-ny', '2024-07-16T00:00:00.000Z'],
      ['slash-sto', '2024-07-16T18:00:00.000Z'],
      ['gmt-offset', '2024-07-17T13:00:00.000Z'],
      ['utc-minus', '2024-07-18T19:30:00.000Z'],
    ]);
    expect(problems).toEqual([]);
  });

  it('reads a TZID whose closing quote came after the value (Outlook), and says so', () => {
    const { events, problems } = parse(
      ics(
        W_EUROPE,
        vevent(
          'UID:misquoted',
          'DTSTART;TZID="W. Europe Standard Time:20240609T090000"',
          'DTEND;TZID=W. Europe Standard Time:20240609T093000',
          'RRULE:FREQ=WEEKLY;COUNT=2',
        ),
      ),
    );
    expect(rows(events).map((r) => r.slice(0, 3))).toEqual([
      ['misquoted::2024-06-09T07:00:00.000Z', '2024-06-09T07:00:00.000Z', '2024-06-09T07:30:00.000Z'],
      ['misquoted::2024-06-16T07:00:00.000Z', '2024-06-16T07:00:00.000Z', '2024-06-16T07:30:00.000Z'],
    ]);
    expect(plain(problems)).toEqual([
      {
        line: 21,
        uid: 'misquoted',
        message: 'A TZID whose closing quote came after the value (DTSTART) was read as if it came before',
      },
    ]);
  });

  it('reads a date written with a Z (Google’s birthdays: RDATE:20131210Z) as that date', () => {
    const { events } = parse(
      ics(
        vevent(
          'UID:birthday',
          'DTSTART;VALUE=DATE:20231210',
          'DTEND;VALUE=DATE:20231211',
          'RDATE:20241210Z',
          'SUMMARY:Birthday',
        ),
      ),
      { defaultTimeZone: 'UTC' },
    );
    expect(rows(events).map((r) => r.slice(0, 4))).toEqual([
      ['birthday::2023-12-10', '2023-12-10T00:00:00.000Z', '2023-12-11T00:00:00.000Z', true],
      ['birthday::2024-12-10', '2024-12-10T00:00:00.000Z', '2024-12-11T00:00:00.000Z', true],
    ]);
  });

  it('gives an all-day event whose DURATION is negative or nothing its day, as one whose DTEND is its DTSTART', () => {
    const { events, problems } = parse(
      ics(
        vevent('UID:negative', 'DTSTART;VALUE=DATE:20240401', 'DURATION:-PT1W1D2H3M4S'),
        vevent('UID:zero', 'DTSTART;VALUE=DATE:20240402', 'DURATION:P0D'),
      ),
      { defaultTimeZone: 'UTC' },
    );
    expect(rows(events).map((r) => r.slice(0, 4))).toEqual([
      ['negative', '2024-04-01T00:00:00.000Z', '2024-04-02T00:00:00.000Z', true],
      ['zero', '2024-04-02T00:00:00.000Z', '2024-04-03T00:00:00.000Z', true],
    ]);
    expect(plain(problems)).toEqual([
      {
        line: 7,
        uid: 'negative',
        message: 'All-day event ends before it starts; it was read as lasting its first day',
      },
    ]);
  });

  it('finds the address of a quoted mailto: and of parameters written into the value (Confluence)', () => {
    const { events } = parse(
      ics(
        vevent(
          'UID:addresses',
          'DTSTART:20240715T080000Z',
          'DURATION:PT1H',
          'ORGANIZER;CN=stomlinson@mozilla.com:"mailto:stomlinson@mozilla.com"',
          'ATTENDEE:X-CONFLUENCE-USER-KEY=8a4a2f;CN=Daniel Latham;CUTYPE=INDIVIDUAL:mailto:DLatham@apple.com',
          'ATTENDEE;CN=Nobody:not an address@all',
          'ATTENDEE:mailto:alex@northwind.example',
        ),
      ),
    );
    expect(events[0]!.organizer?.email).toBe('stomlinson@mozilla.com');
    expect(events[0]!.attendees.map((a) => a.email).sort()).toEqual([
      'alex@northwind.example',
      'dlatham@apple.com',
    ]);
  });

  it('takes the EMAIL parameter over an iMIP relay address (iCloud), still knows the owner by the other, and reads X- names with underscores', () => {
    const { events, problems } = parse(
      ics(
        vevent(
          'UID:icloud',
          'DTSTART:20240715T080000Z',
          'DURATION:PT1H',
          'ORGANIZER;CN=Ben Bitdiddle;EMAIL=benbitdiddle@icloud.com:mailto:2_HEZDSOJZGEZTSOJZ@imip.me.com',
          'ATTENDEE;ROLE=CHAIR;CN=Ben;EMAIL=benbitdiddle@icloud.com:mailto:benbitdiddle@icloud.com',
          'ATTENDEE;PARTSTAT=ACCEPTED;EMAIL=alex.alias@icloud.com:mailto:alex@northwind.example',
          'X-LOTUS-CHILD_UID:3E19A2E8',
        ),
      ),
    );
    expect(events[0]!.organizer?.email).toBe('benbitdiddle@icloud.com');
    expect(events[0]!.attendees.map((a) => [a.email, a.organizer, a.self])).toEqual([
      ['benbitdiddle@icloud.com', true, false],
      // The owner's own row, known by its mailto: where its EMAIL is another of their addresses.
      ['alex.alias@icloud.com', false, true],
    ]);
    expect(problems).toEqual([]);
  });

  it('says so when two different events share a UID and only the later is read (Apple iCal 1.0)', () => {
    const { events, problems } = parse(
      ics(
        vevent('UID:twin', 'SUMMARY:Work', 'DTSTART:20240715T080000Z', 'DURATION:PT8H'),
        vevent('UID:twin', 'SUMMARY:Weekly Meeting', 'DTSTART:20240716T090000Z', 'DURATION:PT1H'),
        vevent('UID:update', 'SEQUENCE:0', 'SUMMARY:Draft', 'DTSTART:20240717T090000Z'),
        vevent('UID:update', 'SEQUENCE:1', 'SUMMARY:Final', 'DTSTART:20240717T100000Z'),
      ),
    );
    expect(events.map((e) => e.summary)).toEqual(['Weekly Meeting', 'Final']);
    expect(plain(problems)).toEqual([
      {
        line: 4,
        uid: 'twin',
        message:
          'Two different events share this UID; "Weekly Meeting", the later in the file, was read and "Work" was left out',
      },
    ]);
  });

  it('counts DTSTART as the first of COUNT when the rule does not make it (Apple iCal)', () => {
    const { events } = parse(
      ics(
        vevent(
          'UID:weekdays',
          'DTSTART:20240413T200000Z',
          'DURATION:PT1H',
          'RRULE:FREQ=DAILY;COUNT=12;BYDAY=MO,TU,WE,TH,FR',
        ),
        vevent(
          'UID:third-thursday',
          'DTSTART:20240404T070000Z',
          'DURATION:PT1H',
          'RRULE:FREQ=MONTHLY;INTERVAL=2;COUNT=4;BYDAY=3TH',
        ),
      ),
    );
    const days = (uid: string) =>
      rows(events)
        .filter((r) => String(r[0]).startsWith(uid))
        .map((r) => String(r[1]).slice(5, 10));
    expect(days('weekdays')).toEqual([
      '04-13',
      '04-15',
      '04-16',
      '04-17',
      '04-18',
      '04-19',
      '04-22',
      '04-23',
      '04-24',
      '04-25',
      '04-26',
      '04-29',
    ]);
    expect(days('third-thursday')).toEqual(['04-04', '04-18', '06-20', '08-15']);
  });
});
