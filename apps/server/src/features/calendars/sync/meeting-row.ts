import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { CalendarEvent } from '../../../calendars/types';
import type { BulkColumn } from '../../../db/bulk';
import type { TouchedSpan } from '../../evaluation/spans';
import { attendeeList } from './attendee-list';
import { describeEvent } from './describe-event';
import { contentHash, eventKey } from './event-key';

export type StoreTarget = {
  calendarId: string;
  userId: string;
  companyId: string | null;
  ownerEmail: string;
};

/** Events per statement (an upsert, or a COPY of a first import). */
export const BATCH = 1000;
/** The events MeetWell wrote for Wellness blocks carry the block's id (see wellness-blocks/calendar-event). */
const WELLNESS_BLOCK_MARKER =
  /^wellness-block:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** PostgreSQL's integer: a feed that writes a timestamp for its SEQUENCE gets the largest one instead. */
const MAX_INTEGER = 2_147_483_647;

/** An optional date PostgreSQL can read (years 1 to 9999; it has no year 0); any other is unknown. */
function storableDate(date: Date | undefined): Date | null {
  const year = date?.getUTCFullYear();
  return year !== undefined && year >= 1 && year <= 9999 ? date! : null;
}

type MeetingRow = ReturnType<typeof meetingRow>['row'];

/** One event ready to store: its meetings row and what its description says. */
export type PreparedEvent = { event: CalendarEvent } & ReturnType<typeof meetingRow>;

/** What storing the events wrote: the meetings inserted or changed, and the spans they touched. */
export type Written = { changedMeetingIds: string[]; touched: TouchedSpan[] };

export const MEETING_COLUMNS: readonly BulkColumn<MeetingRow>[] = [
  ['user_id', 'uuid', (r) => r.userId],
  ['company_id', 'uuid', (r) => r.companyId],
  ['calendar_id', 'uuid', (r) => r.calendarId],
  ['provider_event_id', 'text', (r) => r.providerEventId],
  ['ical_uid', 'text', (r) => r.icalUid],
  ['event_key', 'text', (r) => r.eventKey],
  ['recurring_event_id', 'text', (r) => r.recurringEventId],
  ['recurring_meeting', 'boolean', (r) => r.recurringMeeting],
  ['summary', 'text', (r) => r.summary],
  ['description', 'text', (r) => r.description],
  ['location', 'text', (r) => r.location],
  ['conference_url', 'text', (r) => r.conferenceUrl],
  ['starts_at', 'timestamptz', (r) => r.startsAt],
  ['ends_at', 'timestamptz', (r) => r.endsAt],
  ['floating_start', 'text', (r) => r.floatingStart],
  ['all_day', 'boolean', (r) => r.allDay],
  ['status', 'text', (r) => r.status],
  ['organizer_email', 'text', (r) => r.organizerEmail],
  ['organizer_domain', 'text', (r) => r.organizerDomain],
  ['organizer_name', 'text', (r) => r.organizerName],
  ['response_status', 'text', (r) => r.responseStatus],
  ['user_optional', 'boolean', (r) => r.userOptional],
  ['attendees_count', 'integer', (r) => r.attendeesCount],
  ['attendees', 'json', (r) => r.attendees],
  ['invited_at', 'timestamptz', (r) => r.invitedAt],
  ['provider_updated_at', 'timestamptz', (r) => r.providerUpdatedAt],
  ['etag', 'text', (r) => r.etag],
  ['sequence', 'integer', (r) => r.sequence],
  ['content_hash', 'text', (r) => r.contentHash],
  ['edit_permission', 'boolean', (r) => r.editPermission],
  ['duration_seconds', 'integer', (r) => r.durationSeconds],
  ['intention', 'text', (r) => r.intention],
  ['maybe_wellness_block', 'text', (r) => r.maybeWellnessBlock],
  ['maybe_wellness_block_category', 'text', (r) => r.maybeWellnessBlockCategory],
  ['event_report_card_id', 'text', (r) => r.eventReportCardId],
  ['wellness_block_id', 'uuid', (r) => r.wellnessBlockId],
  ['updated_at', 'timestamptz', (r) => r.updatedAt],
];

/** Provider fields are refreshed; what the user decided (a chosen intention, a possible-block answer) stays. */
export const UPSERT_MEETING = sql.raw(`on conflict (calendar_id, provider_event_id) do update set
  ${MEETING_COLUMNS.filter(
    ([name]) =>
      ![
        'user_id',
        'company_id',
        'calendar_id',
        'provider_event_id',
        'intention',
        'maybe_wellness_block',
        'wellness_block_id',
        'event_report_card_id',
      ].includes(name),
  )
    .map(([name]) => `"${name}" = excluded."${name}"`)
    .join(',\n  ')},
  "intention" = case when meetings.intention_source = 'chosen' then meetings.intention else excluded.intention end,
  "wellness_block_id" = coalesce(excluded.wellness_block_id, meetings.wellness_block_id),
  "event_report_card_id" = coalesce(excluded.event_report_card_id, meetings.event_report_card_id),
  "maybe_wellness_block" = case when meetings.maybe_wellness_block in ('verified_true', 'verified_false')
    then meetings.maybe_wellness_block else excluded.maybe_wellness_block end
  where meetings.content_hash is distinct from excluded.content_hash
  returning id, provider_event_id, (xmax = 0) as inserted`);

export function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export function meetingRow(target: StoreTarget, event: CalendarEvent, now: Date) {
  const described = describeEvent(event, target.ownerEmail);
  return {
    row: {
      // The id a first import inserts it with (COPY), made with the rest; an upsert keeps the stored one.
      id: randomUUID(),
      skipEvaluation: false,
      userId: target.userId,
      companyId: target.companyId,
      calendarId: target.calendarId,
      providerEventId: event.providerEventId,
      icalUid: event.icalUid ?? null,
      eventKey: eventKey(event),
      recurringEventId: event.recurringEventId ?? null,
      recurringMeeting: Boolean(event.recurringEventId),
      summary: event.summary,
      description: event.description,
      location: event.location ?? null,
      conferenceUrl: described.conferenceUrl,
      startsAt: event.startsAt,
      endsAt: event.endsAt,
      floatingStart: event.floatingStart ?? null,
      allDay: event.allDay,
      status: event.status,
      organizerEmail: described.organizerEmail,
      organizerDomain: described.organizerEmail?.split('@')[1] ?? null,
      organizerName: event.organizer?.name ?? null,
      responseStatus: described.responseStatus,
      userOptional: described.userOptional,
      attendeesCount: described.attendeesCount,
      attendees: attendeeList(event, target.ownerEmail),
      invitedAt: storableDate(event.createdAt),
      providerUpdatedAt: storableDate(event.updatedAt),
      etag: event.etag ?? null,
      sequence: Math.max(-MAX_INTEGER, Math.min(MAX_INTEGER, Math.trunc(event.sequence ?? 0) || 0)),
      contentHash: contentHash(event),
      editPermission: event.canEdit,
      durationSeconds: Math.max(0, Math.round((event.endsAt.getTime() - event.startsAt.getTime()) / 1000)),
      intention: described.intention,
      maybeWellnessBlock: described.maybeWellnessBlock ? ('true' as const) : null,
      maybeWellnessBlockCategory: described.maybeWellnessBlockCategory,
      eventReportCardId: event.appMarker?.startsWith('report-card:') ? event.appMarker : null,
      wellnessBlockId: WELLNESS_BLOCK_MARKER.exec(event.appMarker ?? '')?.[1] ?? null,
      updatedAt: now,
    },
    described,
  };
}
