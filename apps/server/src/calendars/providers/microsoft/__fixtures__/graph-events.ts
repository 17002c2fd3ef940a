/**
 * Vendor-shaped Microsoft Graph v1.0 payloads (as returned with Prefer: outlook.timezone="UTC"), built by
 * small factories so each test states only what matters.
 */
import type { GraphCalendar, GraphEvent } from '../graph-types';

export const OWNER = 'megan@contoso.com';

/** A meeting the owner was invited to, 2024-05-10 16:00-16:30 UTC, Teams link, two attendees. */
export function graphEvent(overrides: Partial<GraphEvent> & { id?: string } = {}): GraphEvent {
  return {
    '@odata.etag': 'W/"DwAAABYAAAAQ+7SLs4xvRJ3K0LT4fW2dAAA7ofxN"',
    id: 'AAMkAGIAAAoZDOFAAA=',
    createdDateTime: '2024-05-01T09:15:32.1234567Z',
    lastModifiedDateTime: '2024-05-02T10:00:00.7654321Z',
    changeKey: 'DwAAABYAAAAQ+7SLs4xvRJ3K0LT4fW2dAAA7ofxN',
    categories: [],
    transactionId: null,
    originalStartTimeZone: 'Pacific Standard Time',
    originalEndTimeZone: 'Pacific Standard Time',
    iCalUId: '040000008200E00074C5B7101A82E00800000000D1C2A7B6E39DDA01000000000000000010000000',
    reminderMinutesBeforeStart: 15,
    isReminderOn: true,
    hasAttachments: false,
    subject: 'Quarterly planning',
    bodyPreview: 'Agenda: review Q2 goals',
    importance: 'normal',
    sensitivity: 'normal',
    isAllDay: false,
    isCancelled: false,
    isOrganizer: false,
    responseRequested: true,
    seriesMasterId: null,
    showAs: 'tentative',
    type: 'singleInstance',
    webLink: 'https://outlook.office365.com/owa/?itemid=AAMkAGIAAAoZDOFAAA%3D&exvsurl=1&path=/calendar/item',
    onlineMeetingUrl: null,
    isOnlineMeeting: true,
    onlineMeetingProvider: 'teamsForBusiness',
    allowNewTimeProposals: true,
    isDraft: false,
    hideAttendees: false,
    responseStatus: { response: 'notResponded', time: '0001-01-01T00:00:00Z' },
    body: {
      contentType: 'html',
      content: '<html><body><p>Agenda: review Q2 goals</p></body></html>',
    },
    start: { dateTime: '2024-05-10T16:00:00.0000000', timeZone: 'UTC' },
    end: { dateTime: '2024-05-10T16:30:00.0000000', timeZone: 'UTC' },
    location: {
      displayName: 'Conf Room 3/Building 99',
      locationType: 'default',
      uniqueId: 'Conf Room 3/Building 99',
      uniqueIdType: 'private',
    },
    locations: [{ displayName: 'Conf Room 3/Building 99', locationType: 'default' }],
    recurrence: null,
    attendees: [
      {
        type: 'required',
        status: { response: 'none', time: '0001-01-01T00:00:00Z' },
        emailAddress: { name: 'Megan Bowen', address: OWNER },
      },
      {
        type: 'optional',
        status: { response: 'accepted', time: '2024-05-02T08:00:00Z' },
        emailAddress: { name: 'Lynne Robbins', address: 'lynner@contoso.com' },
      },
    ],
    organizer: { emailAddress: { name: 'Adele Vance', address: 'adelev@contoso.com' } },
    onlineMeeting: { joinUrl: 'https://teams.microsoft.com/l/meetup-join/19%3ameeting_abc%40thread.v2/0' },
    ...overrides,
  } as GraphEvent;
}

/** An occurrence of a weekly series (calendarView expands series into these). */
export function graphOccurrence(seriesMasterId: string, start: string, overrides: Partial<GraphEvent> = {}): GraphEvent {
  const startMs = Date.parse(`${start}Z`);
  const end = new Date(startMs + 30 * 60_000).toISOString().replace('Z', '').replace('.000', '.0000000');
  return graphEvent({
    id: `${seriesMasterId}_occ_${start.slice(0, 10)}`,
    type: 'occurrence',
    seriesMasterId,
    subject: 'Weekly sync',
    originalStart: `${start.slice(0, 19)}Z`,
    start: { dateTime: `${start.slice(0, 19)}.0000000`, timeZone: 'UTC' },
    end: { dateTime: end, timeZone: 'UTC' },
    ...overrides,
  });
}

/** What calendarView delta sends for an event that left the calendar or the window. */
export function graphRemoved(id: string, reason: 'deleted' | 'changed' = 'deleted'): GraphEvent {
  return { '@odata.type': '#microsoft.graph.event', id, '@removed': { reason } } as GraphEvent;
}

export function graphCalendar(overrides: Partial<GraphCalendar> = {}): GraphCalendar {
  return {
    id: 'AAMkAGI2TGuLAAA=',
    name: 'Calendar',
    color: 'auto',
    hexColor: '',
    isDefaultCalendar: true,
    changeKey: 'nfZyf7VcrEKLNoU37KWlkQAAA0x0+w==',
    canShare: true,
    canViewPrivateItems: true,
    canEdit: true,
    allowedOnlineMeetingProviders: ['teamsForBusiness'],
    defaultOnlineMeetingProvider: 'teamsForBusiness',
    isTallyingResponses: true,
    isRemovable: false,
    owner: { name: 'Megan Bowen', address: OWNER },
    ...overrides,
  } as GraphCalendar;
}
