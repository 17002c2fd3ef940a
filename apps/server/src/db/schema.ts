import type {
  ActionSettings,
  ConnectionProblem,
  ImportReport,
  QualityLabel,
  StoredEvaluation,
} from '@meetwell/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const ts = (name: string) => timestamp(name, { withTimezone: true });
const textList = (name: string) => text(name).array().notNull().default(sql`'{}'::text[]`);

/** A team. Members join by email domain or by invite (license_by). */
export const companies = pgTable(
  'companies',
  {
    id: id(),
    name: text('name').notNull(),
    domain: text('domain'),
    licenseBy: text('license_by', { enum: ['domain', 'invite'] })
      .notNull()
      .default('invite'),
    domainsAllowlist: textList('domains_allowlist'),
    organizerDenylist: textList('organizer_denylist'),
    averageAnnualSalary: integer('average_annual_salary').notNull().default(80000),
    evaluationSettings: jsonb('evaluation_settings').$type<Record<string, unknown> | null>(),
    /** The team's Auto-Balance defaults: any of the action settings. */
    actionSettings: jsonb('action_settings').$type<Partial<ActionSettings> | null>(),
    isDemo: boolean('is_demo').notNull().default(false),
    /** The company's customer at the card payment provider, once it has started a checkout. */
    stripeCustomerId: text('stripe_customer_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('companies_domain_idx').on(t.domain),
    uniqueIndex('companies_stripe_customer_idx').on(t.stripeCustomerId),
  ],
);

export type CommunicationPrefs = {
  email_reminders: boolean;
  email_weekly_reports: boolean;
  email_tips: boolean;
  all_communications: boolean;
  email_if_organizer: boolean;
};

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    domain: text('domain').notNull(),
    profileImage: text('profile_image'),
    /** Whether the issuer that created the account vouched for its address (only then may others link to it). */
    emailVerified: boolean('email_verified').notNull().default(true),
    timeZone: text('time_zone').notNull().default('UTC'),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    onboarded: boolean('onboarded').notNull().default(false),
    goalIds: integer('goal_ids').array().notNull().default(sql`'{}'::integer[]`),
    wellnessBlockColorPreference: text('wellness_block_color_preference'),
    dailyReportCardEvents: boolean('daily_report_card_events').notNull().default(false),
    dndSlack: boolean('dnd_slack'),
    affiliateToken: text('affiliate_token').notNull(),
    referredBy: text('referred_by'),
    annualSalary: integer('annual_salary').notNull().default(80000),
    domainsAllowlist: textList('domains_allowlist'),
    organizerDenylist: textList('organizer_denylist'),
    deactivatedAt: ts('deactivated_at'),
    deactivatedReason: text('deactivated_reason'),
    communicationPrefs: jsonb('communication_prefs').$type<CommunicationPrefs>().notNull().default({
      email_reminders: true,
      email_weekly_reports: true,
      email_tips: true,
      all_communications: true,
      email_if_organizer: true,
    }),
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_affiliate_token_idx').on(t.affiliateToken),
    index('users_company_idx').on(t.companyId),
  ],
);

export const memberships = pgTable(
  'memberships',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'billing_admin' is the Admin role; null means the default User role. */
    role: text('role'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('memberships_company_user_idx').on(t.companyId, t.userId),
    index('memberships_user_idx').on(t.userId),
  ],
);

export const invites = pgTable(
  'invites',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    invitedById: uuid('invited_by_id').references(() => users.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    acceptedAt: ts('accepted_at'),
    revokedAt: ts('revoked_at'),
  },
  (t) => [
    index('invites_company_idx').on(t.companyId),
    uniqueIndex('invites_token_idx').on(t.tokenHash),
    uniqueIndex('invites_pending_email_idx')
      .on(t.companyId, sql`lower(${t.email})`)
      .where(sql`accepted_at is null and revoked_at is null`),
  ],
);

/** A sign-in or a connected service (google_oauth2, microsoft_graph, any oidc issuer, slack). Tokens are encrypted. */
export const identities = pgTable(
  'identities',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    refreshTokenEnc: text('refresh_token_enc'),
    accessTokenEnc: text('access_token_enc'),
    accessTokenExpiresAt: ts('access_token_expires_at'),
    scopes: textList('scopes'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('identities_provider_subject_idx').on(t.provider, t.subject),
    index('identities_user_idx').on(t.userId),
  ],
);

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
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    calendarId: uuid('calendar_id')
      .notNull()
      .references(() => calendars.id, { onDelete: 'cascade' }),
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

export const attendees = pgTable(
  'attendees',
  {
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name'),
    optional: boolean('optional').notNull().default(false),
    organizer: boolean('organizer').notNull().default(false),
    isSelf: boolean('is_self').notNull().default(false),
    /** accepted | tentative | declined | needsAction */
    responseStatus: text('response_status').notNull().default('needsAction'),
    role: text('role'),
  },
  // Read by meeting (and written by meeting and address); never searched by address alone, so no index on it.
  (t) => [primaryKey({ columns: [t.meetingId, t.email] })],
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

export const userSettings = pgTable('user_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  evaluationSettings: jsonb('evaluation_settings').$type<Record<string, unknown>>().notNull().default({}),
  actionSettings: jsonb('action_settings').$type<Record<string, unknown>>().notNull().default({}),
  updatedAt: updatedAt(),
});

/** Auto-balance and manual actions. One row per meeting and kind makes every action happen once. */
export const actions = pgTable(
  'actions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    status: text('status', { enum: ['scheduled', 'done', 'cancelled', 'ignored', 'prevented', 'failed'] })
      .notNull()
      .default('scheduled'),
    manual: boolean('manual').notNull().default(false),
    organizerEmail: text('organizer_email'),
    meetingSummary: text('meeting_summary').notNull().default(''),
    detailsNegative: jsonb('details_negative').$type<Record<string, string>>().notNull().default({}),
    complianceDeadline: ts('compliance_deadline'),
    preventTokenHash: text('prevent_token_hash'),
    preventTokenExpiresAt: ts('prevent_token_expires_at'),
    organizerNotes: text('organizer_notes'),
    performedAt: ts('performed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('actions_meeting_idx').on(t.meetingId),
    index('actions_user_deadline_idx').on(t.userId, t.complianceDeadline),
    index('actions_user_performed_idx').on(t.userId, t.performedAt),
    uniqueIndex('actions_prevent_token_idx').on(t.preventTokenHash),
  ],
);

/** Every mail sent, keyed for exactly-once delivery; in embedded mode it is also the outbox the app shows. */
export const emails = pgTable(
  'emails',
  {
    id: id(),
    idempotencyKey: text('idempotency_key').notNull(),
    kind: text('kind').notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    meetingId: uuid('meeting_id').references(() => meetings.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['pending', 'sending', 'sent', 'outbox', 'failed'] })
      .notNull()
      .default('pending'),
    sentAt: ts('sent_at'),
    /** When the current sender claimed it ('sending'): a claim older than the send lease is a dead sender's. */
    sendingSince: ts('sending_since'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('emails_idempotency_idx').on(t.idempotencyKey), index('emails_to_idx').on(t.to)],
);

export const emailOptOuts = pgTable('email_opt_outs', {
  email: text('email').primaryKey(),
  createdAt: createdAt(),
});

export const goals = pgTable('goals', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});

export const tips = pgTable('tips', {
  id: integer('id').primaryKey(),
  tag: text('tag').notNull(),
  title: text('title').notNull(),
  description: text('description').notNull(),
});

export const tipViews = pgTable(
  'tip_views',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tipId: integer('tip_id')
      .notNull()
      .references(() => tips.id, { onDelete: 'cascade' }),
    seenAt: ts('seen_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tipId] })],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    plan: text('plan').notNull(),
    status: text('status', { enum: ['trialing', 'active', 'past_due', 'canceled', 'incomplete'] }).notNull(),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    currentPeriodEnd: ts('current_period_end'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    trialEndsAt: ts('trial_ends_at'),
    /** The `created` time of the last provider event applied: an older event arriving late changes nothing. */
    stripeEventCreatedAt: ts('stripe_event_created_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('subscriptions_company_idx').on(t.companyId),
    index('subscriptions_user_idx').on(t.userId),
    uniqueIndex('subscriptions_stripe_idx').on(t.stripeSubscriptionId),
  ],
);

export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    stripeInvoiceId: text('stripe_invoice_id'),
    description: text('description').notNull(),
    amount: integer('amount').notNull().default(0),
    periodStart: ts('period_start').notNull(),
    invoicePdf: text('invoice_pdf'),
    createdAt: createdAt(),
  },
  (t) => [
    index('invoices_company_idx').on(t.companyId),
    uniqueIndex('invoices_stripe_idx').on(t.stripeInvoiceId),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the random token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [uniqueIndex('sessions_token_idx').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title'),
    message: text('message').notNull(),
    level: text('level', { enum: ['info', 'success', 'warning', 'error'] })
      .notNull()
      .default('info'),
    createdAt: createdAt(),
    readAt: ts('read_at'),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Report roll-ups (features/reports): a scope is one user (the you view) or one company (the team view, each
 * event counted once), with the time zone its days are cut in and the salary its costs use. Days are built
 * on first read and dropped when a meeting of the scope changes; a new zone or salary drops the scope's days.
 */
export const reportScopes = pgTable(
  'report_scopes',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    timeZone: text('time_zone').notNull(),
    annualSalary: integer('annual_salary').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('report_scopes_user_idx').on(t.userId),
    uniqueIndex('report_scopes_company_idx').on(t.companyId),
    check('report_scopes_one_owner', sql`(${t.userId} is null) <> (${t.companyId} is null)`),
  ],
);

const rollupKey = {
  scopeId: uuid('scope_id')
    .notNull()
    .references(() => reportScopes.id, { onDelete: 'cascade' }),
  /** 'all', or the attendee statuses kept, sorted and comma-joined ('accepted'). */
  filter: text('filter').notNull(),
  /** The local date in the scope's zone. */
  day: date('day', { mode: 'string' }).notNull(),
};

/** One row per scope, filter and day (also for days without meetings: the row says the day is built). */
export const reportDays = pgTable(
  'report_days',
  {
    ...rollupKey,
    meetings: integer('meetings').notNull(),
    scoreSum: integer('score_sum').notNull(),
    good: integer('good').notNull(),
    seconds: bigint('seconds', { mode: 'number' }).notNull(),
    cost: bigint('cost', { mode: 'number' }).notNull(),
    attendeesSum: integer('attendees_sum').notNull(),
    focusConflicts: integer('focus_conflicts').notNull(),
    scheduledLate: integer('scheduled_late').notNull(),
    compliant: integer('compliant').notNull(),
    nonCompliant: integer('non_compliant').notNull(),
    overtimeMeetings: integer('overtime_meetings').notNull(),
    overtimeMs: bigint('overtime_ms', { mode: 'number' }).notNull(),
    /** Σ duration of every member's own copy (a meeting two members attend counts twice): time per member. */
    memberSeconds: bigint('member_seconds', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.scopeId, t.filter, t.day] })],
);

/** The same day split by organizer, intention or category (recurring / single). */
export const reportDayGroups = pgTable(
  'report_day_groups',
  {
    ...rollupKey,
    dimension: text('dimension', { enum: ['organizer', 'intention', 'category'] }).notNull(),
    key: text('key').notNull(),
    meetings: integer('meetings').notNull(),
    scoreSum: integer('score_sum').notNull(),
    seconds: bigint('seconds', { mode: 'number' }).notNull(),
    goodSeconds: bigint('good_seconds', { mode: 'number' }).notNull(),
    cost: bigint('cost', { mode: 'number' }).notNull(),
    name: text('name'),
    profileImage: text('profile_image'),
  },
  (t) => [primaryKey({ columns: [t.scopeId, t.filter, t.dimension, t.day, t.key] })],
);

/**
 * Liveness of the job workers (jobs/recovery.ts): every worker of a running process refreshes its row; the
 * jobs a worker locked are unlocked for others once its row is stale (it crashed or was killed), instead of
 * after graphile-worker's fixed four hours.
 */
export const workerHeartbeats = pgTable('worker_heartbeats', {
  workerId: text('worker_id').primaryKey(),
  seenAt: ts('seen_at').notNull().defaultNow(),
});

/**
 * What each person (or team) was last told about each occurrence, by kind (features/autobalance/notices.ts):
 * the occurrence's start, the rules it broke and the event's version then, and the mail that said it. One mail
 * about a series covers several occurrences. The domain's needsNotice decides whether anything new is due.
 */
export const mailNotices = pgTable('mail_notices', {
  key: text('key').primaryKey(),
  startsAt: ts('starts_at').notNull(),
  rules: jsonb('rules').$type<string[]>().notNull(),
  version: text('version'),
  emailKey: text('email_key').notNull(),
  noticedAt: ts('noticed_at').notNull().defaultNow(),
});

/**
 * A person's job that failed for good (jobs/owned-failures.ts): what failed, when and why, and what to run to
 * try again. The job's next success removes it; the app shows it where that job's work shows.
 */
export const jobFailures = pgTable(
  'job_failures',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    job: text('job').notNull(),
    payload: jsonb('payload').notNull(),
    jobKey: text('job_key'),
    message: text('message').notNull(),
    failedAt: ts('failed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.job] })],
);

/**
 * Request counters of the rate limits (http/rate-limit-store.ts), shared by every API process: one row per
 * limited key and fixed window. UNLOGGED (see the migration): counters need no crash safety.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('rate_limits_expires_idx').on(t.expiresAt)],
);

/** Card payment provider webhook events already handled: a replayed event is acknowledged and ignored. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: ts('received_at').notNull().defaultNow(),
});

/**
 * One-time sign-in links sent by mail (sign-in without single sign-on). Only the token's SHA-256 is kept; a
 * link works once, before it expires.
 */
export const signInLinks = pgTable(
  'sign_in_links',
  {
    id: id(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [
    uniqueIndex('sign_in_links_token_idx').on(t.tokenHash),
    index('sign_in_links_email_idx').on(sql`lower(${t.email})`, t.createdAt),
  ],
);

/**
 * Demo teams built ahead (features/demo/pool.ts), so 'Try the demo' claims a ready one instead of seeding on
 * the click: one row per demo team, its admin, the time zone it was seeded in, and when a visitor claimed it
 * (null: ready in the pool). A demo seeded on the click is recorded claimed, so the pool knows its zone.
 */
export const demoPool = pgTable(
  'demo_pool',
  {
    companyId: uuid('company_id')
      .primaryKey()
      .references(() => companies.id, { onDelete: 'cascade' }),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    timeZone: text('time_zone').notNull(),
    builtAt: ts('built_at').notNull(),
    claimedAt: ts('claimed_at'),
  },
  (t) => [
    index('demo_pool_ready_idx').on(t.timeZone, t.builtAt).where(sql`${t.claimedAt} is null`),
    index('demo_pool_claimed_idx').on(t.claimedAt),
  ],
);
