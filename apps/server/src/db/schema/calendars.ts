import type { ConnectionProblem, ImportReport } from '@meetwell/domain';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, ts, updatedAt } from './columns';
import { identities, users } from './users';

export type CalendarProvider = 'google' | 'microsoft' | 'caldav' | 'ics';

export const calendars = pgTable(
  'calendars',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<CalendarProvider>().notNull(),
    identityId: uuid('identity_id').references(() => identities.id, { onDelete: 'set null' }),
    externalId: text('external_id').notNull(),
    name: text('name').notNull(),
    color: text('color'),
    timeZone: text('time_zone'),
    isPrimary: boolean('is_primary').notNull().default(false),
    watching: boolean('watching').notNull().default(false),
    canWrite: boolean('can_write').notNull().default(false),
    /** CalDAV server or ICS subscription URL. */
    sourceUrl: text('source_url'),
    /** What the last read of the calendar's source skipped or guessed (ICS imports and subscriptions). */
    importReport: jsonb('import_report').$type<ImportReport>(),
    /** Encrypted JSON of credentials for sources without an identity (CalDAV user/password). */
    credentialsEnc: text('credentials_enc'),
    syncCursor: text('sync_cursor'),
    syncStatus: text('sync_status', { enum: ['idle', 'queued', 'running', 'failed'] })
      .notNull()
      .default('idle'),
    syncStageStartedAt: ts('sync_stage_started_at'),
    syncFailureCount: integer('sync_failure_count').notNull().default(0),
    syncError: text('sync_error'),
    syncedFrom: ts('synced_from'),
    syncedTo: ts('synced_to'),
    lastSyncedAt: ts('last_synced_at'),
    lastFullSyncAt: ts('last_full_sync_at'),
    needsPermission: boolean('needs_permission').notNull().default(false),
    /** The first failed read since the last good one (null while reads succeed). */
    failingSince: ts('failing_since'),
    /** Why the calendar cannot be read (null: it can): see the domain's connection-health rule. */
    connectionProblem: text('connection_problem').$type<ConnectionProblem>(),
    /** When it broke: its owner was told once, and auto-balance waits for a good read. */
    connectionBrokenAt: ts('connection_broken_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('calendars_user_provider_external_idx').on(t.userId, t.provider, t.externalId),
    // What meetings' (calendar_id, user_id) foreign key refers to.
    uniqueIndex('calendars_id_user_idx').on(t.id, t.userId),
    index('calendars_watching_idx').on(t.watching, t.syncStatus),
  ],
);

/** Raw bytes of an imported file: the type PostgreSQL calls bytea, as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * The bytes of an imported ICS file, apart from its calendar: a calendar row (read by every meeting query)
 * never carries a file of megabytes. Stored as uploaded; the charset is detected when it is read.
 */
export const calendarSources = pgTable('calendar_sources', {
  calendarId: uuid('calendar_id')
    .primaryKey()
    .references(() => calendars.id, { onDelete: 'cascade' }),
  content: bytea('content').notNull(),
  updatedAt: updatedAt(),
});

/** Push channels (Google) and subscriptions (Microsoft). Old and new overlap while one replaces the other. */
export const webhookChannels = pgTable(
  'webhook_channels',
  {
    id: id(),
    calendarId: uuid('calendar_id')
      .notNull()
      .references(() => calendars.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<CalendarProvider>().notNull(),
    channelId: text('channel_id').notNull(),
    resourceId: text('resource_id'),
    /** Hash of the random per-channel token (Google X-Goog-Channel-Token, Graph clientState). */
    secretHash: text('secret_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    stoppedAt: ts('stopped_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('webhook_channels_channel_idx').on(t.provider, t.channelId),
    index('webhook_channels_expiry_idx').on(t.expiresAt),
  ],
);

export const synchronizations = pgTable(
  'synchronizations',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    calendarId: uuid('calendar_id').references(() => calendars.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['full', 'incremental'] }).notNull(),
    status: text('status', { enum: ['running', 'succeeded', 'failed'] })
      .notNull()
      .default('running'),
    periodStart: ts('period_start'),
    periodEnd: ts('period_end'),
    eventsSeen: integer('events_seen').notNull().default(0),
    error: text('error'),
    startedAt: ts('started_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
  },
  (t) => [index('synchronizations_user_idx').on(t.userId, t.startedAt)],
);
