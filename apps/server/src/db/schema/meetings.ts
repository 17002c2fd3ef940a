import type { Attendee, QualityLabel, StoredEvaluation } from '@meetwell/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  integer,
  json,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { calendars } from './calendars';
import { createdAt, id, ts, updatedAt } from './columns';
import { companies } from './companies';
import { users } from './users';

/** The stored evaluation of a meeting, as the domain's evaluate() wrote it. */
export type Evaluation = StoredEvaluation;

/**
 * A meeting is one calendar event as seen by one user. `event_key` identifies the underlying event across
 * users (iCalUID + original start) so team statistics never count one event twice.
 */
export const meetings = pgTable(
  'meetings',
  {
    id: id(),
    // Both in one foreign key below: (calendar_id, user_id) is one of the user's calendars.
    userId: uuid('user_id').notNull(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    calendarId: uuid('calendar_id').notNull(),
    providerEventId: text('provider_event_id').notNull(),
    icalUid: text('ical_uid'),
    eventKey: text('event_key').notNull(),
    recurringEventId: text('recurring_event_id'),
    recurringMeeting: boolean('recurring_meeting').notNull().default(false),
    summary: text('summary').notNull().default(''),
    description: text('description').notNull().default(''),
    location: text('location'),
    conferenceUrl: text('conference_url'),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    /**
     * An event in floating time (no zone: read in the person's, so its instants follow them): its start as a
     * wall clock, '2026-01-05T10:00:00'. What an organizer was told about it is keyed by this, not the instant.
     */
    floatingStart: text('floating_start'),
    allDay: boolean('all_day').notNull().default(false),
    status: text('status', { enum: ['confirmed', 'tentative', 'cancelled', 'deleted'] })
      .notNull()
      .default('confirmed'),
    organizerEmail: text('organizer_email'),
    organizerDomain: text('organizer_domain'),
    organizerName: text('organizer_name'),
    /** The user's own answer: accepted, tentative, declined, needsAction. */
    responseStatus: text('response_status'),
    userOptional: boolean('user_optional').notNull().default(false),
    attendeesCount: integer('attendees_count').notNull().default(0),
    /** As the API shows them, the organizer first (features/calendars/sync/attendee-list). */
    attendees: json('attendees').$type<Attendee[]>().notNull().default([]),
    invitedAt: ts('invited_at'),
    providerUpdatedAt: ts('provider_updated_at'),
    etag: text('etag'),
    sequence: integer('sequence').notNull().default(0),
    /** Hash of the normalised provider event: an unchanged event is neither rewritten nor re-evaluated. */
    contentHash: text('content_hash'),
    editPermission: boolean('edit_permission').notNull().default(false),
    intention: text('intention'),
    intentionSource: text('intention_source', { enum: ['detected', 'chosen'] }),
    category: text('category'),
    skipEvaluation: boolean('skip_evaluation').notNull().default(false),
    maybeWellnessBlock: text('maybe_wellness_block', { enum: ['true', 'verified_true', 'verified_false'] }),
    maybeWellnessBlockCategory: text('maybe_wellness_block_category'),
    wellnessBlockId: uuid('wellness_block_id'),
    eventReportCardId: text('event_report_card_id'),
    score: integer('score'),
    qualityLabel: text('quality_label').$type<QualityLabel>(),
    evaluation: json('evaluation').$type<Evaluation | null>(),
    compliant: boolean('compliant'),
    nonComplianceAction: text('non_compliance_action'),
    complianceDeadline: ts('compliance_deadline'),
    durationSeconds: integer('duration_seconds').notNull().default(0),
    cost: integer('cost'),
    evaluatedAt: ts('evaluated_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A meeting's calendar exists and is its user's: one check per row where a key each took two, the larger
    // part of what PostgreSQL spends on a first import's rows (ADR 0021). Deleting the calendar, or the user
    // (whose calendars go with them), deletes its meetings.
    foreignKey({
      name: 'meetings_calendar_user_fk',
      columns: [t.calendarId, t.userId],
      foreignColumns: [calendars.id, calendars.userId],
    }).onDelete('cascade'),
    uniqueIndex('meetings_calendar_event_idx').on(t.calendarId, t.providerEventId),
    index('meetings_user_starts_idx').on(t.userId, t.startsAt),
    // A period's meetings are found by start from a month before it; longer events by this small index.
    index('meetings_user_long_idx')
      .on(t.userId, t.startsAt)
      .where(sql`${t.endsAt} - ${t.startsAt} > interval '31 days'`),
    index('meetings_company_starts_idx').on(t.companyId, t.startsAt),
    // No index by event key or organizer: no query looks meetings up by them (reports group them inside a
    // scope's rows), and every index is written again by each sync and re-evaluation.
  ],
);

const itemColumns = {
  id: id(),
  meetingId: uuid('meeting_id')
    .notNull()
    .references(() => meetings.id, { onDelete: 'cascade' }),
  description: text('description').notNull(),
  position: integer('position').notNull().default(0),
  status: text('status', { enum: ['active', 'deleted'] })
    .notNull()
    .default('active'),
  /** 'parsed' items come from the event description and are replaced on each sync; 'app' items are the user's. */
  source: text('source', { enum: ['parsed', 'app'] })
    .notNull()
    .default('app'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
};

export const agendaItems = pgTable(
  'agenda_items',
  {
    ...itemColumns,
    durationInMins: integer('duration_in_mins'),
    ownerName: text('owner_name'),
    ownerId: uuid('owner_id'),
    timeSpentInSecs: integer('time_spent_in_secs').notNull().default(0),
    startedAt: ts('started_at'),
    endedAt: ts('ended_at'),
  },
  (t) => [index('agenda_items_meeting_idx').on(t.meetingId, t.position)],
);

export const objectives = pgTable('objectives', { ...itemColumns }, (t) => [
  index('objectives_meeting_idx').on(t.meetingId, t.position),
]);

export const preworkItems = pgTable(
  'prework_items',
  { ...itemColumns, url: text('url'), timebox: integer('timebox') },
  (t) => [index('prework_items_meeting_idx').on(t.meetingId, t.position)],
);

export const wellnessBlocks = pgTable(
  'wellness_blocks',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    calendarId: uuid('calendar_id').references(() => calendars.id, { onDelete: 'set null' }),
    label: text('label').notNull(),
    category: text('category', { enum: ['focus', 'life'] }).notNull(),
    /** Always weekly: RRULE:FREQ=WEEKLY;BYDAY=MO,WE */
    rrule: text('rrule').notNull(),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    timeZone: text('time_zone').notNull(),
    recurring: boolean('recurring').notNull().default(true),
    readOnly: boolean('read_only').notNull().default(false),
    deleteOnly: boolean('delete_only').notNull().default(false),
    providerEventId: text('provider_event_id'),
    sourceMeetingId: uuid('source_meeting_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('wellness_blocks_user_idx').on(t.userId)],
);
