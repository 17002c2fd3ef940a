/**
 * The one shape every calendar provider is normalised to, and the one interface each provider implements.
 * Nothing outside `providers/<name>/` knows which provider an event came from.
 */
export type Provider = 'google' | 'microsoft' | 'caldav' | 'ics';

export type ResponseStatus = 'accepted' | 'tentative' | 'declined' | 'needsAction';

export type CalendarAttendee = {
  email: string;
  name?: string | undefined;
  optional: boolean;
  organizer: boolean;
  /** The calendar owner's own entry. */
  self: boolean;
  responseStatus: ResponseStatus;
  role?: string | undefined;
};

export type CalendarEvent = {
  /** Unique within the calendar; one per occurrence of a recurring series (expanded). */
  providerEventId: string;
  icalUid?: string | undefined;
  /** The series this occurrence belongs to, when recurring. */
  recurringEventId?: string | undefined;
  /** The occurrence's original start (RECURRENCE-ID), used to identify it across calendars. */
  originalStartsAt?: Date | undefined;
  status: 'confirmed' | 'tentative' | 'cancelled';
  summary: string;
  description: string;
  location?: string | undefined;
  conferenceUrl?: string | undefined;
  startsAt: Date;
  endsAt: Date;
  allDay: boolean;
  /**
   * An event in floating time (iCalendar without a zone: 10:00 wherever it is read) is read in its reader's
   * zone, so its instants move with the person. Its start as a wall clock ('2026-01-05T10:00:00'), and its
   * original start's (a series' occurrence), which do not move: what identifies it to others.
   */
  floatingStart?: string | undefined;
  floatingOriginalStart?: string | undefined;
  organizer?: { email: string; name?: string | undefined } | undefined;
  attendees: CalendarAttendee[];
  /** When the event was created or the user was invited, when the provider says. */
  createdAt?: Date | undefined;
  updatedAt?: Date | undefined;
  etag?: string | undefined;
  sequence?: number | undefined;
  /** The user may edit the event (organizer, or guests can modify). */
  canEdit: boolean;
  /** Events this app wrote itself (Wellness blocks, report cards) carry their own id here. */
  appMarker?: string | undefined;
};

export type ExternalCalendar = {
  externalId: string;
  name: string;
  color?: string | undefined;
  timeZone?: string | undefined;
  primary: boolean;
  canWrite: boolean;
};

/** Everything a driver needs about one connected calendar; tokens and passwords arrive decrypted. */
export type CalendarConnection = {
  calendarId: string;
  externalId: string;
  /** The owner's email, to mark their own attendee entry. */
  ownerEmail: string;
  timeZone: string;
  sourceUrl?: string | undefined;
  /** The bytes of an imported ICS file, for ICS calendars that have no URL (charset detected when read). */
  sourceBytes?: Uint8Array | undefined;
  credentials?: Record<string, string> | undefined;
  /** OAuth access for Google and Microsoft. */
  accessToken?: string | undefined;
};

export type SyncWindow = { from: Date; to: Date };

export type SyncResult = {
  /** Changed or new events. With `full`, every event in the window (absent ones are deleted). */
  events: CalendarEvent[];
  /** Ids of events the provider says were deleted (incremental). */
  deletedIds: string[];
  /** true: the result is the complete window and anything not in it is gone. */
  full: boolean;
  /** Opaque cursor for the next incremental sync (sync token, delta link, ctag/etags). */
  cursor: string | null;
  /**
   * Series (recurringEventId) whose occurrences in the window are all in `events`: any stored occurrence
   * of them that is not returned was deleted (providers that do not report deleted occurrences).
   */
  completeSeries?: string[] | undefined;
  /**
   * What the read of a source file skipped or guessed (ICS), with the line: kept as the calendar's import
   * report. Undefined for providers that hand over structured events.
   */
  problems?: { line?: number | undefined; uid?: string | undefined; message: string }[] | undefined;
};

export type WatchResult = { channelId: string; resourceId?: string | undefined; expiresAt: Date };

export type EventWrite = {
  summary: string;
  description?: string | undefined;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  /** RRULE lines (e.g. 'RRULE:FREQ=WEEKLY;BYDAY=MO,WE'); absent for a single event. */
  recurrence?: string[] | undefined;
  appMarker: string;
  /** Shown busy (Wellness blocks) or free (report cards). */
  transparency?: 'opaque' | 'transparent' | undefined;
  colorId?: string | undefined;
};

export type ProviderErrorKind =
  | 'auth_revoked'
  | 'token_expired'
  | 'rate_limited'
  | 'temporary'
  | 'not_found'
  | 'cursor_invalid'
  | 'invalid'
  | 'unknown';

/** The closed set of provider failures; one handler decides what each means (see sync/handle-provider-error). */
export class ProviderError extends Error {
  constructor(
    readonly kind: ProviderErrorKind,
    message: string,
    readonly retryAfterMs?: number | undefined,
    readonly status?: number | undefined,
  ) {
    super(message);
  }
}

type DriverCapabilities = { webhooks: boolean; respond: boolean; write: boolean };

/** What a driver operation takes besides the connection (`DriverParams<'syncEvents'>`). */
export type DriverParams<
  K extends 'syncEvents' | 'watch' | 'unwatch' | 'respond' | 'writeEvent' | 'deleteEvent',
> = Parameters<NonNullable<CalendarDriver[K]>>[1];

export interface CalendarDriver {
  readonly provider: Provider;
  readonly capabilities: DriverCapabilities;
  listCalendars(
    connection: Omit<CalendarConnection, 'calendarId' | 'externalId'>,
  ): Promise<ExternalCalendar[]>;
  /**
   * cursor null → full sync of the window; otherwise incremental from the cursor. A driver that reads for
   * long (a large file's parse) may hand events to `onEvents` as it reads them, before the result, which
   * holds them too (the same objects): the caller starts on them meanwhile.
   */
  syncEvents(
    connection: CalendarConnection,
    params: {
      cursor: string | null;
      window: SyncWindow;
      onEvents?: ((events: CalendarEvent[]) => void) | undefined;
    },
  ): Promise<SyncResult>;
  watch?(
    connection: CalendarConnection,
    params: { channelId: string; secret: string; callbackUrl: string },
  ): Promise<WatchResult>;
  unwatch?(
    connection: CalendarConnection,
    params: { channelId: string; resourceId?: string | undefined },
  ): Promise<void>;
  respond?(
    connection: CalendarConnection,
    params: { providerEventId: string; response: 'accepted' | 'declined'; comment?: string | undefined },
  ): Promise<void>;
  writeEvent?(
    connection: CalendarConnection,
    params: { providerEventId?: string | undefined; event: EventWrite },
  ): Promise<{ providerEventId: string }>;
  deleteEvent?(connection: CalendarConnection, params: { providerEventId: string }): Promise<void>;
}
