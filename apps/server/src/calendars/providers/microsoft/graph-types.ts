/**
 * The parts of Microsoft Graph's JSON we read or write (v1.0), as the vendor documents them.
 * Everything read from the network is treated as possibly missing: the mapper checks before it trusts.
 */

type GraphDateTimeTimeZone = { dateTime?: string | null; timeZone?: string | null };

type GraphEmailAddress = { name?: string | null; address?: string | null };

export type GraphResponseType =
  | 'none'
  | 'organizer'
  | 'tentativelyAccepted'
  | 'accepted'
  | 'declined'
  | 'notResponded';

type GraphAttendee = {
  type?: 'required' | 'optional' | 'resource' | null;
  status?: { response?: GraphResponseType | null; time?: string | null } | null;
  emailAddress?: GraphEmailAddress | null;
};

type GraphShowAs = 'free' | 'tentative' | 'busy' | 'oof' | 'workingElsewhere' | 'unknown';

type GraphEventType = 'singleInstance' | 'occurrence' | 'exception' | 'seriesMaster';

type GraphExtendedProperty = { id?: string | null; value?: string | null };

export type GraphEvent = {
  id: string;
  '@odata.etag'?: string | null;
  '@removed'?: { reason?: 'changed' | 'deleted' | string } | null;
  type?: GraphEventType | null;
  subject?: string | null;
  body?: { contentType?: 'text' | 'html' | null; content?: string | null } | null;
  bodyPreview?: string | null;
  location?: { displayName?: string | null } | null;
  locations?: { displayName?: string | null }[] | null;
  isOnlineMeeting?: boolean | null;
  onlineMeeting?: { joinUrl?: string | null } | null;
  onlineMeetingUrl?: string | null;
  start?: GraphDateTimeTimeZone | null;
  end?: GraphDateTimeTimeZone | null;
  originalStartTimeZone?: string | null;
  originalEndTimeZone?: string | null;
  originalStart?: string | null;
  isAllDay?: boolean | null;
  isCancelled?: boolean | null;
  isOrganizer?: boolean | null;
  showAs?: GraphShowAs | null;
  responseStatus?: { response?: GraphResponseType | null; time?: string | null } | null;
  attendees?: GraphAttendee[] | null;
  organizer?: { emailAddress?: GraphEmailAddress | null } | null;
  seriesMasterId?: string | null;
  iCalUId?: string | null;
  createdDateTime?: string | null;
  lastModifiedDateTime?: string | null;
  changeKey?: string | null;
  singleValueExtendedProperties?: GraphExtendedProperty[] | null;
  extensions?: { id?: string | null; extensionName?: string | null; [key: string]: unknown }[] | null;
  recurrence?: GraphPatternedRecurrence | null;
};

export type GraphCalendar = {
  id: string;
  name?: string | null;
  color?: string | null;
  hexColor?: string | null;
  isDefaultCalendar?: boolean | null;
  canEdit?: boolean | null;
  owner?: GraphEmailAddress | null;
};

/** One page of a collection: `@odata.nextLink` on every page but the last; delta puts `@odata.deltaLink` on the last. */
export type GraphPage<T> = {
  value?: T[] | null;
  '@odata.nextLink'?: string | null;
  '@odata.deltaLink'?: string | null;
};

export type GraphDayOfWeek =
  | 'sunday'
  | 'monday'
  | 'tuesday'
  | 'wednesday'
  | 'thursday'
  | 'friday'
  | 'saturday';

export type GraphPatternedRecurrence = {
  pattern: {
    type: 'daily' | 'weekly' | 'absoluteMonthly' | 'relativeMonthly' | 'absoluteYearly' | 'relativeYearly';
    interval: number;
    daysOfWeek?: GraphDayOfWeek[];
    firstDayOfWeek?: GraphDayOfWeek;
  };
  range: {
    type: 'noEnd' | 'endDate' | 'numbered';
    startDate: string;
    endDate?: string;
    numberOfOccurrences?: number;
    recurrenceTimeZone?: string;
  };
};

export type GraphSubscription = {
  id: string;
  resource?: string | null;
  changeType?: string | null;
  clientState?: string | null;
  notificationUrl?: string | null;
  lifecycleNotificationUrl?: string | null;
  expirationDateTime?: string | null;
};
