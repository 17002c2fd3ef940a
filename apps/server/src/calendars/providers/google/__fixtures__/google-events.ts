/**
 * Events as Google Calendar API v3 returns them (events.list with singleEvents=true, showDeleted=true),
 * for the driver tests and the sync-engine tests. The calendar belongs to me@example.com, in Europe/Paris.
 */
import type { calendar_v3 } from '@googleapis/calendar';

export const OWNER = 'me@example.com';
export const CALENDAR_ID = OWNER;

/** A timed meeting organised by someone else: Meet link, optional guest, a room, the owner's own entry. */
export const teamSync: calendar_v3.Schema$Event = {
  kind: 'calendar#event',
  etag: '"3409876543210000"',
  id: 'teamsync01',
  status: 'confirmed',
  htmlLink: 'https://www.google.com/calendar/event?eid=dGVhbXN5bmMwMQ',
  created: '2024-01-02T08:00:00.000Z',
  updated: '2024-01-10T09:30:12.345Z',
  summary: 'Team sync',
  description: 'Agenda:\n- roadmap\n- hiring',
  location: 'Room 4',
  creator: { email: 'boss@example.com', displayName: 'Boss' },
  organizer: { email: 'boss@example.com', displayName: 'Boss' },
  start: { dateTime: '2024-01-15T10:00:00+01:00', timeZone: 'Europe/Paris' },
  end: { dateTime: '2024-01-15T11:00:00+01:00', timeZone: 'Europe/Paris' },
  iCalUID: 'teamsync01@google.com',
  sequence: 2,
  attendees: [
    { email: 'boss@example.com', displayName: 'Boss', organizer: true, responseStatus: 'accepted' },
    { email: OWNER, self: true, responseStatus: 'needsAction' },
    { email: 'opt@example.com', displayName: 'Opt', optional: true, responseStatus: 'tentative' },
    {
      email: 'c_1889abcdef@resource.calendar.google.com',
      displayName: 'Room 4',
      resource: true,
      responseStatus: 'accepted',
    },
  ],
  hangoutLink: 'https://meet.google.com/abc-defg-hij',
  conferenceData: {
    entryPoints: [
      {
        entryPointType: 'video',
        uri: 'https://meet.google.com/abc-defg-hij',
        label: 'meet.google.com/abc-defg-hij',
      },
      { entryPointType: 'phone', uri: 'tel:+33-1-23-45-67-89', label: '+33 1 23 45 67 89', pin: '123456789' },
      { entryPointType: 'more', uri: 'https://tel.meet/abc-defg-hij?pin=123456789' },
    ],
    conferenceSolution: {
      key: { type: 'hangoutsMeet' },
      name: 'Google Meet',
      iconUri:
        'https://fonts.gstatic.com/s/i/productlogos/meet_2020q4/v6/web-512dp/logo_meet_2020q4_color_2x_web_512dp.png',
    },
    conferenceId: 'abc-defg-hij',
  },
  guestsCanModify: false,
  reminders: { useDefault: true },
  eventType: 'default',
};

/** A Zoom meeting added by the Zoom add-on: a video entry point, no hangoutLink; the owner organises. */
export const zoomCall: calendar_v3.Schema$Event = {
  kind: 'calendar#event',
  etag: '"3409876543210001"',
  id: 'zoomcall01',
  status: 'tentative',
  created: '2024-01-03T08:00:00.000Z',
  updated: '2024-01-03T08:00:00.000Z',
  summary: 'Customer call',
  creator: { email: OWNER, self: true },
  organizer: { email: OWNER, self: true },
  start: { dateTime: '2024-01-16T14:00:00Z', timeZone: 'UTC' },
  end: { dateTime: '2024-01-16T14:30:00Z', timeZone: 'UTC' },
  iCalUID: 'zoomcall01@google.com',
  sequence: 0,
  attendees: [
    { email: OWNER, self: true, organizer: true, responseStatus: 'accepted' },
    { email: 'client@customer.test', responseStatus: 'needsAction' },
  ],
  conferenceData: {
    entryPoints: [
      {
        entryPointType: 'video',
        uri: 'https://us02web.zoom.us/j/81234567890?pwd=abc',
        label: 'us02web.zoom.us/j/81234567890',
      },
    ],
    conferenceSolution: { key: { type: 'addOn' }, name: 'Zoom Meeting' },
    conferenceId: '81234567890',
  },
  reminders: { useDefault: true },
  eventType: 'default',
};

/** An all-day event over two days (end date exclusive), created by the owner. */
export const offsite: calendar_v3.Schema$Event = {
  kind: 'calendar#event',
  etag: '"3409876543210002"',
  id: 'offsite01',
  status: 'confirmed',
  created: '2024-02-01T10:00:00.000Z',
  updated: '2024-02-01T10:00:00.000Z',
  summary: 'Offsite',
  creator: { email: OWNER, self: true },
  organizer: { email: OWNER, self: true },
  start: { date: '2024-03-09' },
  end: { date: '2024-03-11' },
  transparency: 'transparent',
  iCalUID: 'offsite01@google.com',
  sequence: 0,
  reminders: { useDefault: false },
  eventType: 'default',
};

/** A Wellness block this app wrote: marker in the private extended properties. */
export const wellnessBlock: calendar_v3.Schema$Event = {
  kind: 'calendar#event',
  etag: '"3409876543210003"',
  id: 'wellness01',
  status: 'confirmed',
  created: '2024-01-05T07:00:00.000Z',
  updated: '2024-01-05T07:00:00.000Z',
  summary: 'Focus time',
  creator: { email: OWNER, self: true },
  organizer: { email: OWNER, self: true },
  start: { dateTime: '2024-01-17T09:00:00+01:00', timeZone: 'Europe/Paris' },
  end: { dateTime: '2024-01-17T11:00:00+01:00', timeZone: 'Europe/Paris' },
  iCalUID: 'wellness01@google.com',
  sequence: 0,
  colorId: '2',
  extendedProperties: { private: { meetwellId: 'wb_0d8f1c2e' } },
  reminders: { useDefault: true },
  eventType: 'default',
};

/** A working-location entry: not a meeting, never synced. */
export const workingLocation: calendar_v3.Schema$Event = {
  kind: 'calendar#event',
  etag: '"3409876543210004"',
  id: 'wl01',
  status: 'confirmed',
  summary: 'Home',
  organizer: { email: OWNER, self: true },
  start: { date: '2024-01-15' },
  end: { date: '2024-01-16' },
  visibility: 'public',
  transparency: 'transparent',
  eventType: 'workingLocation',
  workingLocationProperties: { type: 'homeOffice', homeOffice: {} },
};

/** A deleted single event, as Google sends most deletions: a bare stub. */
export const deletedStub: calendar_v3.Schema$Event = {
  kind: 'calendar#event',
  etag: '"3409876543210005"',
  id: 'gone01',
  status: 'cancelled',
};

/** The series "Weekly 1:1" (id weekly01), Mondays 10:00 Europe/Paris, as expanded instances. */
export function weeklyInstance(
  day: string,
  overrides: Partial<calendar_v3.Schema$Event> = {},
): calendar_v3.Schema$Event {
  // day: 'yyyy-mm-dd' of a Monday in January (UTC+1): 10:00 local is 09:00Z.
  const compact = day.replaceAll('-', '');
  return {
    kind: 'calendar#event',
    etag: `"34098765432${compact}"`,
    id: `weekly01_${compact}T090000Z`,
    status: 'confirmed',
    created: '2023-12-01T10:00:00.000Z',
    updated: '2023-12-01T10:00:00.000Z',
    summary: 'Weekly 1:1',
    organizer: { email: 'boss@example.com' },
    start: { dateTime: `${day}T10:00:00+01:00`, timeZone: 'Europe/Paris' },
    end: { dateTime: `${day}T10:30:00+01:00`, timeZone: 'Europe/Paris' },
    recurringEventId: 'weekly01',
    originalStartTime: { dateTime: `${day}T10:00:00+01:00`, timeZone: 'Europe/Paris' },
    iCalUID: 'weekly01@google.com',
    sequence: 0,
    attendees: [
      { email: 'boss@example.com', organizer: true, responseStatus: 'accepted' },
      { email: OWNER, self: true, responseStatus: 'accepted' },
    ],
    reminders: { useDefault: true },
    eventType: 'default',
    ...overrides,
  };
}

/** The weekly series in the window, before any edit. */
export const weeklyBeforeSplit = ['2024-01-08', '2024-01-15', '2024-01-22', '2024-01-29'].map((d) =>
  weeklyInstance(d),
);

/**
 * 'This and following' from 22 January, moved to 11:00: Google ends the old series with an UNTIL and makes a
 * new series whose id is the old one plus `_R<start>`. With singleEvents=true an incremental sync returns the
 * old occurrences after the split as cancelled instances, and the new series' occurrences as new events.
 */
export const weeklySplitChanges: calendar_v3.Schema$Event[] = [
  {
    kind: 'calendar#event',
    etag: '"3410000000000001"',
    id: 'weekly01_20240122T090000Z',
    status: 'cancelled',
    recurringEventId: 'weekly01',
    originalStartTime: { dateTime: '2024-01-22T10:00:00+01:00', timeZone: 'Europe/Paris' },
  },
  {
    kind: 'calendar#event',
    etag: '"3410000000000002"',
    id: 'weekly01_20240129T090000Z',
    status: 'cancelled',
    recurringEventId: 'weekly01',
    originalStartTime: { dateTime: '2024-01-29T10:00:00+01:00', timeZone: 'Europe/Paris' },
  },
  ...['2024-01-22', '2024-01-29'].map((day) => {
    const compact = day.replaceAll('-', '');
    return weeklyInstance(day, {
      etag: `"3410000000${compact}"`,
      id: `weekly01_R20240122T090000_${compact}T100000Z`,
      updated: '2024-01-20T12:00:00.000Z',
      start: { dateTime: `${day}T11:00:00+01:00`, timeZone: 'Europe/Paris' },
      end: { dateTime: `${day}T11:30:00+01:00`, timeZone: 'Europe/Paris' },
      recurringEventId: 'weekly01_R20240122T090000',
      originalStartTime: { dateTime: `${day}T11:00:00+01:00`, timeZone: 'Europe/Paris' },
      iCalUID: 'weekly01_R20240122T090000@google.com',
    });
  }),
];

/** calendarList items: primary (owner), a shared team calendar (writer), holidays (reader). */
export const calendarListItems: calendar_v3.Schema$CalendarListEntry[] = [
  {
    kind: 'calendar#calendarListEntry',
    etag: '"1704067200000000"',
    id: OWNER,
    summary: OWNER,
    timeZone: 'Europe/Paris',
    colorId: '14',
    backgroundColor: '#9fe1e7',
    foregroundColor: '#000000',
    selected: true,
    accessRole: 'owner',
    defaultReminders: [{ method: 'popup', minutes: 10 }],
    primary: true,
  },
  {
    kind: 'calendar#calendarListEntry',
    etag: '"1704067200000001"',
    id: 'c_team123@group.calendar.google.com',
    summary: 'Team',
    summaryOverride: 'My team',
    timeZone: 'Europe/Berlin',
    backgroundColor: '#16a765',
    accessRole: 'writer',
    defaultReminders: [],
  },
  {
    kind: 'calendar#calendarListEntry',
    etag: '"1704067200000002"',
    id: 'en.french#holiday@group.v.calendar.google.com',
    summary: 'Holidays in France',
    timeZone: 'Europe/Paris',
    backgroundColor: '#92e1c0',
    accessRole: 'reader',
    defaultReminders: [],
  },
];
