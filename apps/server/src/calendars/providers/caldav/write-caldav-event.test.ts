import { describe, expect, it } from 'vitest';
import { parseIcs } from '../ics/parse-ics';
import { applyResponse, buildEventIcs, existingMeta, removeOccurrence } from './write-caldav-event';

const NOW = Date.parse('2027-01-02T12:00:00Z');

describe('buildEventIcs', () => {
  it.each([
    // Twelve Mondays at 12:00 from 1 February: the last one (19 April) is past each zone's change of offset.
    ['Europe/Berlin', '2027-04-19T10:00:00.000Z'],
    ['America/New_York', '2027-04-19T16:00:00.000Z'],
    ['Australia/Sydney', '2027-04-19T02:00:00.000Z'],
    ['Asia/Kolkata', '2027-04-19T06:30:00.000Z'],
  ])('writes %s local times with a VTIMEZONE that reads back to the same instants', (timeZone, lastStart) => {
    const zoneNoon = parseIcs(
      `BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:x\r\nDTSTART;TZID=${timeZone}:20270201T120000\r\nEND:VEVENT\r\nEND:VCALENDAR`,
      {
        window: { from: new Date('2027-01-01'), to: new Date('2028-01-01') },
        ownerEmail: 'a@b.c',
        defaultTimeZone: 'UTC',
      },
    ).events[0]!.startsAt;
    const ics = buildEventIcs(
      {
        summary: 'Focus; deep, work\\ now',
        description:
          'Line one\nLine two with a long text that needs folding because it is longer than seventy-five octets — ünïcödé',
        startsAt: zoneNoon,
        endsAt: new Date(zoneNoon.getTime() + 3_600_000),
        timeZone,
        recurrence: ['RRULE:FREQ=WEEKLY;COUNT=12'],
        appMarker: 'wb_7',
        transparency: 'opaque',
      },
      { uid: 'block-1@meetwell', now: NOW },
    );
    expect(ics).toContain('BEGIN:VTIMEZONE');
    expect(ics.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    // Read with ical.js' own VTIMEZONE path too: the generated rules must agree with the runtime's zone.
    const renamed = ics
      .replaceAll(`TZID=${timeZone}`, 'TZID=Custom Zone')
      .replace(`TZID:${timeZone}`, 'TZID:Custom Zone');
    for (const text of [ics, renamed]) {
      const { events, problems } = parseIcs(text, {
        window: { from: new Date('2027-01-01'), to: new Date('2028-01-01') },
        ownerEmail: 'a@b.c',
        defaultTimeZone: 'UTC',
      });
      expect(problems).toEqual([]);
      expect(events).toHaveLength(12);
      expect(events.at(-1)!.startsAt.toISOString()).toBe(lastStart);
      expect(events[0]).toMatchObject({ summary: 'Focus; deep, work\\ now', appMarker: 'wb_7' });
      expect(events[0]!.description).toContain('ünïcödé');
    }
  });

  it('keeps SEQUENCE and CREATED readable for updates', () => {
    const ics = buildEventIcs(
      {
        summary: 'x',
        startsAt: new Date(NOW),
        endsAt: new Date(NOW + 60_000),
        timeZone: 'UTC',
        appMarker: 'm',
      },
      { uid: 'u', now: NOW, sequence: 3, created: '20260101T000000Z' },
    );
    expect(existingMeta(ics)).toEqual({ sequence: 3, created: '20260101T000000Z' });
    expect(ics).toContain('DTSTART:20270102T120000Z');
  });

  it('refuses recurrence lines that could inject properties', () => {
    expect(() =>
      buildEventIcs(
        {
          summary: 'x',
          startsAt: new Date(NOW),
          endsAt: new Date(NOW),
          timeZone: 'UTC',
          appMarker: 'm',
          recurrence: ['RRULE:FREQ=DAILY\r\nATTENDEE:mailto:x@y.z'],
        },
        { uid: 'u', now: NOW },
      ),
    ).toThrow(/Not a recurrence line/);
  });
});

describe('answering an event a sloppy producer wrote', () => {
  const SLOPPY = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//sloppy//EN',
    'BEGIN:VEVENT',
    'UID:weekly',
    'DTSTART:20270301T1200',
    'DTEND:20270301T1300',
    'RRULE:FREQ=WEEKLY;COUNT=4',
    'EXDATE:20270315T1200',
    'ORGANIZER:mailto:organizer@example.org',
    'ATTENDEE;PARTSTAT=NEEDS-ACTION:mailto:me@example.org',
    'SUMMARY:Weekly',
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:holiday',
    'DTSTART:20270302',
    'DTEND:20270303',
    'ORGANIZER:mailto:organizer@example.org',
    'ATTENDEE;PARTSTAT=NEEDS-ACTION:mailto:me@example.org',
    'SUMMARY:Offsite',
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:lower',
    'DTSTART:20270304T090000z',
    'DTEND:20270304T100000z',
    'ORGANIZER:mailto:organizer@example.org',
    'ATTENDEE;PARTSTAT=NEEDS-ACTION:mailto:me@example.org',
    'END:VEVENT',
    'END:VCALENDAR',
  ].join('\r\n');
  const read = (data: string) =>
    parseIcs(data, {
      window: { from: new Date('2027-02-01'), to: new Date('2027-05-01') },
      ownerEmail: 'me@example.org',
      defaultTimeZone: 'UTC',
    })
      .events.map((e) => [e.providerEventId, e.startsAt.toISOString(), e.endsAt.toISOString(), e.allDay])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
  const answer = (uid: string, occurrence?: string) =>
    applyResponse(SLOPPY, {
      uid,
      occurrence,
      ownerEmail: 'me@example.org',
      timeZone: 'UTC',
      response: 'declined',
      now: NOW,
    });

  it('writes back every event at the times the reader read, in RFC 5545 form', () => {
    for (const written of [answer('holiday'), answer('lower'), answer('weekly', '2027-03-08T12:00:00')]) {
      expect(read(written)).toEqual(read(SLOPPY));
      expect(written).not.toMatch(/T\d\d:|T::|NaN/);
      expect(written).toContain('DTSTART;VALUE=DATE:20270302');
      expect(written).toContain('DTSTART:20270301T120000');
      expect(written).toContain('DTSTART:20270304T090000Z');
    }
  });

  it('declines one occurrence of a series whose times have no seconds', () => {
    const written = answer('weekly', '2027-03-08T12:00:00');
    expect(written).toMatch(/RECURRENCE-ID:20270308T120000\r\n/);
    expect(written.match(/PARTSTAT=DECLINED/g)).toHaveLength(1);
  });

  it('keys a floating-time series by its wall clock, so an answer holds in any reader’s zone', () => {
    const readIn = (data: string, timeZone: string) =>
      parseIcs(data, {
        window: { from: new Date('2027-02-01'), to: new Date('2027-05-01') },
        ownerEmail: 'me@example.org',
        defaultTimeZone: timeZone,
      }).events.filter((e) => e.recurringEventId === 'weekly');
    const ids = (timeZone: string) => readIn(SLOPPY, timeZone).map((e) => e.providerEventId);
    expect(ids('Asia/Tokyo')).toEqual(ids('America/Los_Angeles'));
    expect(ids('Asia/Tokyo')).toContain('weekly::2027-03-08T12:00:00');

    // Answered by someone in Paris, the occurrence stays theirs when read from Tokyo.
    const written = applyResponse(SLOPPY, {
      uid: 'weekly',
      occurrence: '2027-03-08T12:00:00',
      ownerEmail: 'me@example.org',
      timeZone: 'Europe/Paris',
      response: 'declined',
      now: NOW,
    });
    expect(written).toMatch(/RECURRENCE-ID:20270308T120000\r\n/);
    const declined = readIn(written, 'Asia/Tokyo').find(
      (e) => e.providerEventId === 'weekly::2027-03-08T12:00:00',
    );
    expect(declined?.startsAt.toISOString()).toBe('2027-03-08T03:00:00.000Z');
    expect(readIn(written, 'Asia/Tokyo')).toHaveLength(readIn(SLOPPY, 'Asia/Tokyo').length);
    const removed = removeOccurrence(written, {
      uid: 'weekly',
      occurrence: '2027-03-08T12:00:00',
      ownerEmail: 'me@example.org',
      timeZone: 'Europe/Paris',
    });
    expect(removed).toMatch(/EXDATE:20270308T120000\r\n/);
    expect(readIn(removed, 'Asia/Tokyo').map((e) => e.providerEventId)).not.toContain(
      'weekly::2027-03-08T12:00:00',
    );
  });

  it('declines a date without VALUE=DATE, and removes an occurrence of it', () => {
    expect(answer('holiday')).toMatch(/UID:holiday[\s\S]*PARTSTAT=DECLINED/);
    const removed = removeOccurrence(SLOPPY, {
      uid: 'weekly',
      occurrence: '2027-03-22T12:00:00',
      ownerEmail: 'me@example.org',
      timeZone: 'UTC',
    });
    expect(read(removed).map((r) => r[0])).not.toContain('weekly::2027-03-22T12:00:00');
    expect(read(removed)).toHaveLength(read(SLOPPY).length - 1);
  });
});
