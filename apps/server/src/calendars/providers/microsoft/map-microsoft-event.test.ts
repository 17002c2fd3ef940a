import { describe, expect, it } from 'vitest';
import { graphEvent, graphOccurrence, OWNER } from './__fixtures__/graph-events';
import { APP_MARKER_PROPERTY_ID, mapMicrosoftEvent, mapResponseStatus } from './map-microsoft-event';

const utc = { ownerEmail: OWNER, timeZone: 'UTC' };

describe('mapMicrosoftEvent', () => {
  it('maps a meeting invitation field by field', () => {
    const event = mapMicrosoftEvent(graphEvent(), utc);
    expect(event).toMatchObject({
      providerEventId: 'AAMkAGIAAAoZDOFAAA=',
      icalUid: '040000008200E00074C5B7101A82E00800000000D1C2A7B6E39DDA01000000000000000010000000',
      recurringEventId: undefined,
      status: 'confirmed',
      summary: 'Quarterly planning',
      description: '<html><body><p>Agenda: review Q2 goals</p></body></html>',
      location: 'Conf Room 3/Building 99',
      conferenceUrl: 'https://teams.microsoft.com/l/meetup-join/19%3ameeting_abc%40thread.v2/0',
      startsAt: new Date('2024-05-10T16:00:00Z'),
      endsAt: new Date('2024-05-10T16:30:00Z'),
      allDay: false,
      organizer: { email: 'adelev@contoso.com', name: 'Adele Vance' },
      createdAt: new Date('2024-05-01T09:15:32.123Z'),
      updatedAt: new Date('2024-05-02T10:00:00.765Z'),
      etag: 'DwAAABYAAAAQ+7SLs4xvRJ3K0LT4fW2dAAA7ofxN',
      canEdit: false,
      appMarker: undefined,
    });
  });

  it('lists the organizer and the owner among attendees, with the owner answer from responseStatus', () => {
    const event = mapMicrosoftEvent(
      graphEvent({ responseStatus: { response: 'tentativelyAccepted', time: '2024-05-03T10:00:00Z' } }),
      utc,
    );
    expect(event?.attendees).toEqual([
      {
        email: 'adelev@contoso.com',
        name: 'Adele Vance',
        optional: false,
        organizer: true,
        self: false,
        responseStatus: 'accepted',
        role: 'organizer',
      },
      {
        email: OWNER,
        name: 'Megan Bowen',
        optional: false,
        organizer: false,
        self: true,
        responseStatus: 'tentative',
        role: 'required',
      },
      {
        email: 'lynner@contoso.com',
        name: 'Lynne Robbins',
        optional: true,
        organizer: false,
        self: false,
        responseStatus: 'accepted',
        role: 'optional',
      },
    ]);
  });

  it('leaves rooms out of the people, and adds the owner when invited through a group', () => {
    const event = mapMicrosoftEvent(
      graphEvent({
        responseStatus: { response: 'declined' },
        attendees: [
          {
            type: 'resource',
            status: { response: 'accepted' },
            emailAddress: { name: 'Room 1', address: 'room1@contoso.com' },
          },
          {
            type: 'required',
            status: { response: 'none' },
            emailAddress: { name: 'Team', address: 'team@contoso.com' },
          },
        ],
      }),
      utc,
    );
    // A room booked for the meeting is no one's time: it counts neither among the people nor in the cost.
    expect(event?.attendees.map((a) => a.email).sort()).toEqual(
      ['adelev@contoso.com', OWNER, 'team@contoso.com'].sort(),
    );
    expect(event?.attendees.find((a) => a.self)).toMatchObject({ email: OWNER, responseStatus: 'declined' });
  });

  it('an event the owner organizes is editable and has no invented attendees', () => {
    const event = mapMicrosoftEvent(
      graphEvent({
        isOrganizer: true,
        responseStatus: { response: 'organizer' },
        organizer: { emailAddress: { name: 'Megan Bowen', address: OWNER } },
        attendees: [],
      }),
      utc,
    );
    expect(event).toMatchObject({ canEdit: true, attendees: [] });
  });

  it.each([
    ['none', 'needsAction'],
    ['notResponded', 'needsAction'],
    ['accepted', 'accepted'],
    ['tentativelyAccepted', 'tentative'],
    ['declined', 'declined'],
    ['organizer', 'accepted'],
    [undefined, 'needsAction'],
  ] as const)('response %s → %s', (response, expected) => {
    expect(mapResponseStatus(response)).toBe(expected);
  });

  it('takes onlineMeetingUrl when onlineMeeting has no joinUrl, and locations[] when location is empty', () => {
    const event = mapMicrosoftEvent(
      graphEvent({
        onlineMeeting: null,
        onlineMeetingUrl: 'https://contoso.zoom.us/j/123',
        location: { displayName: '' },
        locations: [{ displayName: 'Room 7' }],
      }),
      utc,
    );
    expect(event).toMatchObject({ conferenceUrl: 'https://contoso.zoom.us/j/123', location: 'Room 7' });
  });

  it('cancelled meetings are status cancelled', () => {
    expect(
      mapMicrosoftEvent(graphEvent({ isCancelled: true, subject: 'Canceled: Quarterly planning' }), utc)
        ?.status,
    ).toBe('cancelled');
  });

  it('occurrences carry the series id and their original start', () => {
    const event = mapMicrosoftEvent(graphOccurrence('AAMkSERIES=', '2024-05-13T09:00:00'), utc);
    expect(event).toMatchObject({
      providerEventId: 'AAMkSERIES=_occ_2024-05-13',
      recurringEventId: 'AAMkSERIES=',
      originalStartsAt: new Date('2024-05-13T09:00:00Z'),
      startsAt: new Date('2024-05-13T09:00:00Z'),
    });
  });

  it('skips series masters and @removed stubs', () => {
    expect(mapMicrosoftEvent(graphEvent({ type: 'seriesMaster' }), utc)).toBeNull();
    expect(mapMicrosoftEvent({ id: 'x', '@removed': { reason: 'deleted' } }, utc)).toBeNull();
    expect(mapMicrosoftEvent(graphEvent({ start: null }), utc)).toBeNull();
  });

  it('reads times given in another zone, Windows names included', () => {
    const event = mapMicrosoftEvent(
      graphEvent({
        start: { dateTime: '2024-05-10T09:00:00.0000000', timeZone: 'Pacific Standard Time' },
        end: { dateTime: '2024-05-10T09:30:00.0000000', timeZone: 'America/Los_Angeles' },
      }),
      utc,
    );
    expect(event?.startsAt).toEqual(new Date('2024-05-10T16:00:00Z'));
    expect(event?.endsAt).toEqual(new Date('2024-05-10T16:30:00Z'));
  });

  it('reads the app marker from its single-value extended property (id case-insensitive)', () => {
    const raw = graphEvent({
      singleValueExtendedProperties: [
        { id: APP_MARKER_PROPERTY_ID.toUpperCase(), value: 'wellness-block:42' },
      ],
    });
    expect(mapMicrosoftEvent(raw, utc)?.appMarker).toBe('wellness-block:42');
    const viaExtension = graphEvent({
      extensions: [
        { id: 'Microsoft.OutlookServices.OpenTypeExtension.com.meetwell.appMarker', marker: 'report:7' },
      ],
    });
    expect(mapMicrosoftEvent(viaExtension, utc)?.appMarker).toBe('report:7');
  });

  describe('all-day events (Graph sends midnight-to-midnight UTC whatever the zone)', () => {
    const allDay = (overrides = {}) =>
      graphEvent({
        isAllDay: true,
        subject: 'Offsite',
        start: { dateTime: '2024-05-10T00:00:00.0000000', timeZone: 'UTC' },
        end: { dateTime: '2024-05-11T00:00:00.0000000', timeZone: 'UTC' },
        ...overrides,
      });

    it('America/Los_Angeles: the date starts at local midnight', () => {
      const event = mapMicrosoftEvent(allDay({ originalStartTimeZone: 'Pacific Standard Time' }), {
        ownerEmail: OWNER,
        timeZone: 'America/Los_Angeles',
      });
      expect(event).toMatchObject({
        allDay: true,
        startsAt: new Date('2024-05-10T07:00:00Z'),
        endsAt: new Date('2024-05-11T07:00:00Z'),
      });
    });

    it('Asia/Tokyo: the date starts at local midnight', () => {
      const event = mapMicrosoftEvent(allDay({ originalStartTimeZone: 'Tokyo Standard Time' }), {
        ownerEmail: OWNER,
        timeZone: 'Asia/Tokyo',
      });
      expect(event).toMatchObject({
        allDay: true,
        startsAt: new Date('2024-05-09T15:00:00Z'),
        endsAt: new Date('2024-05-10T15:00:00Z'),
      });
    });

    it('a boundary that is not a midnight is read in the event zone (Tokyo midnight written in UTC)', () => {
      const event = mapMicrosoftEvent(
        allDay({
          originalStartTimeZone: 'Tokyo Standard Time',
          originalEndTimeZone: 'Tokyo Standard Time',
          start: { dateTime: '2024-05-09T15:00:00.0000000', timeZone: 'UTC' },
          end: { dateTime: '2024-05-11T15:00:00.0000000', timeZone: 'UTC' },
        }),
        { ownerEmail: OWNER, timeZone: 'America/Los_Angeles' },
      );
      // 10 and 11 May, each starting at Los Angeles midnight.
      expect(event).toMatchObject({
        startsAt: new Date('2024-05-10T07:00:00Z'),
        endsAt: new Date('2024-05-12T07:00:00Z'),
      });
    });

    it('spans a DST change with local midnights', () => {
      const event = mapMicrosoftEvent(
        allDay({
          start: { dateTime: '2024-03-09T00:00:00.0000000', timeZone: 'UTC' },
          end: { dateTime: '2024-03-11T00:00:00.0000000', timeZone: 'UTC' },
        }),
        { ownerEmail: OWNER, timeZone: 'America/Los_Angeles' },
      );
      expect(event?.startsAt).toEqual(new Date('2024-03-09T08:00:00Z'));
      expect(event?.endsAt).toEqual(new Date('2024-03-11T07:00:00Z'));
    });
  });
});
