import { describe, expect, it } from 'vitest';
import {
  deletedStub,
  OWNER,
  offsite,
  teamSync,
  weeklyInstance,
  wellnessBlock,
  zoomCall,
} from './__fixtures__/google-events';
import { mapGoogleEvent, startOfGoogleDate } from './map-google-event';

const paris = { ownerEmail: OWNER, timeZone: 'Europe/Paris' };

describe('mapGoogleEvent', () => {
  it('maps a timed meeting organised by someone else', () => {
    expect(mapGoogleEvent(teamSync, paris)).toEqual({
      providerEventId: 'teamsync01',
      icalUid: 'teamsync01@google.com',
      recurringEventId: undefined,
      originalStartsAt: undefined,
      status: 'confirmed',
      summary: 'Team sync',
      description: 'Agenda:\n- roadmap\n- hiring',
      location: 'Room 4',
      conferenceUrl: 'https://meet.google.com/abc-defg-hij',
      startsAt: new Date('2024-01-15T09:00:00Z'),
      endsAt: new Date('2024-01-15T10:00:00Z'),
      allDay: false,
      organizer: { email: 'boss@example.com', name: 'Boss' },
      attendees: [
        {
          email: 'boss@example.com',
          name: 'Boss',
          optional: false,
          organizer: true,
          self: false,
          responseStatus: 'accepted',
          role: 'CHAIR',
        },
        {
          email: OWNER,
          name: undefined,
          optional: false,
          organizer: false,
          self: true,
          responseStatus: 'needsAction',
          role: 'REQ-PARTICIPANT',
        },
        {
          email: 'opt@example.com',
          name: 'Opt',
          optional: true,
          organizer: false,
          self: false,
          responseStatus: 'tentative',
          role: 'OPT-PARTICIPANT',
        },
      ],
      createdAt: new Date('2024-01-02T08:00:00.000Z'),
      updatedAt: new Date('2024-01-10T09:30:12.345Z'),
      etag: '"3409876543210000"',
      sequence: 2,
      canEdit: false,
      appMarker: undefined,
    });
  });

  it('leaves rooms and other resources out of the attendees', () => {
    const emails = mapGoogleEvent(teamSync, paris)?.attendees.map((a) => a.email);
    expect(emails).not.toContain('c_1889abcdef@resource.calendar.google.com');
  });

  it('knows a Google room by its address where the resource flag is missing (seen from another company)', () => {
    const unflagged = {
      ...teamSync,
      attendees: (teamSync.attendees ?? []).map(({ resource: _resource, ...attendee }) => attendee),
    };
    const emails = mapGoogleEvent(unflagged, paris)?.attendees.map((a) => a.email);
    expect(emails).not.toContain('c_1889abcdef@resource.calendar.google.com');
    expect(emails?.length).toBe((teamSync.attendees ?? []).filter((a) => !a.resource).length);
  });

  it('takes the video entry point of a conference add-on, and organizer.self → canEdit', () => {
    expect(mapGoogleEvent(zoomCall, paris)).toMatchObject({
      status: 'tentative',
      conferenceUrl: 'https://us02web.zoom.us/j/81234567890?pwd=abc',
      canEdit: true,
      organizer: { email: OWNER },
    });
  });

  it('falls back to hangoutLink', () => {
    const { conferenceData: _, ...meetOnly } = teamSync;
    expect(mapGoogleEvent(meetOnly, paris)?.conferenceUrl).toBe('https://meet.google.com/abc-defg-hij');
    const { hangoutLink: __, ...none } = meetOnly;
    expect(mapGoogleEvent(none, paris)?.conferenceUrl).toBeUndefined();
  });

  it('guestsCanModify gives edit rights; a locked event never', () => {
    expect(mapGoogleEvent({ ...teamSync, guestsCanModify: true }, paris)?.canEdit).toBe(true);
    expect(mapGoogleEvent({ ...zoomCall, locked: true }, paris)?.canEdit).toBe(false);
  });

  it('maps all-day dates to local midnights of the calendar zone, end exclusive', () => {
    expect(mapGoogleEvent(offsite, paris)).toMatchObject({
      allDay: true,
      startsAt: new Date('2024-03-08T23:00:00Z'),
      endsAt: new Date('2024-03-10T23:00:00Z'),
    });
    expect(mapGoogleEvent(offsite, { ownerEmail: OWNER, timeZone: 'UTC' })).toMatchObject({
      startsAt: new Date('2024-03-09T00:00:00Z'),
      endsAt: new Date('2024-03-11T00:00:00Z'),
    });
  });

  it('keeps an all-day day 23 hours long across a DST change', () => {
    const day = { ...offsite, start: { date: '2024-03-10' }, end: { date: '2024-03-11' } };
    const mapped = mapGoogleEvent(day, { ownerEmail: OWNER, timeZone: 'America/New_York' });
    expect(mapped?.startsAt).toEqual(new Date('2024-03-10T05:00:00Z'));
    expect(mapped?.endsAt).toEqual(new Date('2024-03-11T04:00:00Z'));
  });

  it('maps occurrences: recurringEventId and originalStartTime', () => {
    expect(mapGoogleEvent(weeklyInstance('2024-01-15'), paris)).toMatchObject({
      providerEventId: 'weekly01_20240115T090000Z',
      recurringEventId: 'weekly01',
      originalStartsAt: new Date('2024-01-15T09:00:00Z'),
      icalUid: 'weekly01@google.com',
    });
    const allDayOccurrence = {
      ...offsite,
      recurringEventId: 'offsite',
      originalStartTime: { date: '2024-03-09' },
    };
    expect(mapGoogleEvent(allDayOccurrence, paris)?.originalStartsAt).toEqual(
      new Date('2024-03-08T23:00:00Z'),
    );
  });

  it('reads our marker from the private extended properties', () => {
    expect(mapGoogleEvent(wellnessBlock, paris)).toMatchObject({ appMarker: 'wb_0d8f1c2e', canEdit: true });
  });

  it('marks the owner by email when Google leaves out self, case-insensitively', () => {
    const event = { ...teamSync, attendees: [{ email: 'Me@Example.com', responseStatus: 'declined' }] };
    expect(mapGoogleEvent(event, paris)?.attendees[0]).toMatchObject({
      self: true,
      responseStatus: 'declined',
    });
  });

  it('defaults missing fields and unknown response statuses', () => {
    const bare = {
      id: 'bare01',
      start: { dateTime: '2024-01-15T10:00:00Z' },
      end: { dateTime: '2024-01-15T10:30:00Z' },
      attendees: [{ email: 'x@example.com', responseStatus: 'weird' }, { displayName: 'No email' }],
    };
    expect(mapGoogleEvent(bare, paris)).toMatchObject({
      status: 'confirmed',
      summary: '',
      description: '',
      organizer: undefined,
      canEdit: false,
      attendees: [{ email: 'x@example.com', responseStatus: 'needsAction' }],
    });
  });

  it('returns null when an item has no start (a bare cancelled stub) or no id', () => {
    expect(mapGoogleEvent(deletedStub, paris)).toBeNull();
    expect(mapGoogleEvent({ ...teamSync, id: undefined }, paris)).toBeNull();
  });
});

describe('startOfGoogleDate', () => {
  it('is local midnight in the zone', () => {
    expect(startOfGoogleDate('2024-07-01', 'Europe/Paris')).toEqual(new Date('2024-06-30T22:00:00Z'));
    expect(startOfGoogleDate('2024-07-01', 'Asia/Kolkata')).toEqual(new Date('2024-06-30T18:30:00Z'));
    expect(startOfGoogleDate('2024-07-01', 'Not/AZone')).toEqual(new Date('2024-07-01T00:00:00Z'));
  });

  it('moves a midnight skipped by DST to the first instant of the day', () => {
    // America/Santiago sprang forward at 2024-09-08 00:00 → 01:00 (UTC-4 → UTC-3).
    expect(startOfGoogleDate('2024-09-08', 'America/Santiago')).toEqual(new Date('2024-09-08T04:00:00Z'));
  });
});

describe('mapGoogleEvent whatever the server zone', () => {
  const offsetless = {
    ...teamSync,
    id: 'offsetless01',
    start: { dateTime: '2024-07-01T09:00:00', timeZone: 'Europe/Paris' },
    end: { dateTime: '2024-07-01T10:00:00', timeZone: 'Europe/Paris' },
  };
  const serverZone = process.env.TZ;

  it.each(['UTC', 'Pacific/Kiritimati', 'America/Los_Angeles'])(
    'reads the same instants with TZ=%s',
    (tz) => {
      process.env.TZ = tz;
      try {
        // A dateTime without offset is a wall time in the event's zone (9:00 in Paris, summer: 07:00 UTC).
        const mapped = mapGoogleEvent(offsetless, paris);
        expect(mapped?.startsAt.toISOString()).toBe('2024-07-01T07:00:00.000Z');
        expect(mapped?.endsAt.toISOString()).toBe('2024-07-01T08:00:00.000Z');
        // Without its own zone, the calendar's.
        const calendarZone = mapGoogleEvent(
          {
            ...offsetless,
            start: { dateTime: '2024-07-01T09:00:00' },
            end: { dateTime: '2024-07-01T10:00:00' },
          },
          { ownerEmail: OWNER, timeZone: 'America/New_York' },
        );
        expect(calendarZone?.startsAt.toISOString()).toBe('2024-07-01T13:00:00.000Z');
        expect(mapGoogleEvent(teamSync, paris)?.startsAt.toISOString()).toBe('2024-01-15T09:00:00.000Z');
        expect(mapGoogleEvent(offsite, paris)?.startsAt.toISOString()).toBe(
          startOfGoogleDate('2024-03-09', 'Europe/Paris').toISOString(),
        );
      } finally {
        if (serverZone === undefined) delete process.env.TZ;
        else process.env.TZ = serverZone;
      }
    },
  );
});
