import { describe, expect, it } from 'vitest';
import type { EventWrite } from '../../types';
import { rruleToGraphRecurrence, toGraphEventBody } from './build-microsoft-event';
import { APP_MARKER_PROPERTY_ID } from './map-microsoft-event';

// Monday 13 May 2024, 12:00-12:30 in Paris (10:00Z).
const startsAt = new Date('2024-05-13T10:00:00Z');
const zone = 'Europe/Paris';

describe('rruleToGraphRecurrence', () => {
  it('weekly BYDAY → weekly pattern, no end from the local start date', () => {
    expect(rruleToGraphRecurrence(['RRULE:FREQ=WEEKLY;BYDAY=WE,MO'], startsAt, zone)).toEqual({
      pattern: { type: 'weekly', interval: 1, daysOfWeek: ['monday', 'wednesday'], firstDayOfWeek: 'monday' },
      range: { type: 'noEnd', startDate: '2024-05-13', recurrenceTimeZone: zone },
    });
  });

  it('the start date is the date in the event zone, not in UTC', () => {
    // 15:30Z on 13 May is 00:30 on the 14th in Tokyo.
    const late = rruleToGraphRecurrence(
      ['RRULE:FREQ=WEEKLY;BYDAY=TU'],
      new Date('2024-05-13T15:30:00Z'),
      'Asia/Tokyo',
    );
    expect(late?.range.startDate).toBe('2024-05-14');
  });

  it('weekly without BYDAY repeats on the start weekday; INTERVAL, WKST, UNTIL and COUNT carry over', () => {
    expect(rruleToGraphRecurrence(['RRULE:FREQ=WEEKLY;INTERVAL=2;WKST=SU'], startsAt, zone)?.pattern).toEqual(
      {
        type: 'weekly',
        interval: 2,
        daysOfWeek: ['monday'],
        firstDayOfWeek: 'sunday',
      },
    );
    expect(
      rruleToGraphRecurrence(['RRULE:FREQ=WEEKLY;BYDAY=MO;UNTIL=20240630T215959Z'], startsAt, zone)?.range,
    ).toEqual({
      type: 'endDate',
      startDate: '2024-05-13',
      endDate: '2024-06-30',
      recurrenceTimeZone: zone,
    });
    expect(rruleToGraphRecurrence(['RRULE:FREQ=DAILY;COUNT=5'], startsAt, zone)).toEqual({
      pattern: { type: 'daily', interval: 1 },
      range: { type: 'numbered', startDate: '2024-05-13', numberOfOccurrences: 5, recurrenceTimeZone: zone },
    });
  });

  it.each([
    [['RRULE:FREQ=MONTHLY;BYMONTHDAY=1']],
    [['RRULE:FREQ=WEEKLY;BYDAY=1MO']],
    [['RRULE:FREQ=WEEKLY;BYDAY=MO', 'EXDATE:20240520T100000Z']],
    [['RRULE:FREQ=WEEKLY;BYSETPOS=1']],
  ])('refuses what Graph cannot say exactly: %j', (recurrence) => {
    expect(() => rruleToGraphRecurrence(recurrence, startsAt, zone)).toThrow(
      expect.objectContaining({ kind: 'invalid' }),
    );
  });
});

describe('toGraphEventBody', () => {
  const block: EventWrite = {
    summary: 'Focus time',
    description: 'Protected by MeetWell',
    startsAt,
    endsAt: new Date('2024-05-13T10:30:00Z'),
    timeZone: zone,
    recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=MO,WE'],
    appMarker: 'wellness-block:42',
    transparency: 'opaque',
  };

  it('writes wall times in the event zone, showAs, recurrence and the marker', () => {
    expect(toGraphEventBody(block)).toEqual({
      subject: 'Focus time',
      body: { contentType: 'text', content: 'Protected by MeetWell' },
      start: { dateTime: '2024-05-13T12:00:00', timeZone: zone },
      end: { dateTime: '2024-05-13T12:30:00', timeZone: zone },
      showAs: 'busy',
      recurrence: {
        pattern: {
          type: 'weekly',
          interval: 1,
          daysOfWeek: ['monday', 'wednesday'],
          firstDayOfWeek: 'monday',
        },
        range: { type: 'noEnd', startDate: '2024-05-13', recurrenceTimeZone: zone },
      },
      singleValueExtendedProperties: [{ id: APP_MARKER_PROPERTY_ID, value: 'wellness-block:42' }],
    });
  });

  it('a free single event has no recurrence', () => {
    const body = toGraphEventBody({ ...block, recurrence: undefined, transparency: 'transparent' });
    expect(body.showAs).toBe('free');
    expect(body).not.toHaveProperty('recurrence');
  });
});
